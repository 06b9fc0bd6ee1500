import { createVerify, generateKeyPairSync, randomBytes } from "node:crypto";
import nock from "nock";

/** A GitHub App of the tests' own: a real RSA key pair, as the App's settings page hands out. */
export interface TestApp {
  id: string;
  privateKey: string;
  publicKey: string;
}

let app: TestApp | undefined;

/** One key pair per test file (2048-bit generation is not free). */
export function testApp(): TestApp {
  if (!app) {
    const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
    app = {
      id: "4242",
      privateKey: pair.privateKey.export({ type: "pkcs1", format: "pem" }).toString(),
      publicKey: pair.publicKey.export({ type: "spki", format: "pem" }).toString(),
    };
  }
  return app;
}

/** Why a bearer value is not an app JWT GitHub would accept from `app`, or undefined. */
export function jwtProblem(header: string, app: TestApp, now = Date.now()): string | undefined {
  const match = /^Bearer ([\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(header);
  if (!match) return "not a bearer JWT";
  const [, head, body, signature] = match as unknown as [string, string, string, string];
  const verified = createVerify("RSA-SHA256")
    .update(`${head}.${body}`)
    .verify(app.publicKey, Buffer.from(signature, "base64url"));
  if (!verified) return "signature does not verify with the App's public key";
  const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  if (JSON.parse(Buffer.from(head, "base64url").toString("utf8")).alg !== "RS256")
    return "not RS256";
  if (claims.iss !== app.id) return `iss ${claims.iss} is not the App's id`;
  const seconds = Math.floor(now / 1000);
  if (claims.exp - claims.iat > 600) return "longer than ten minutes";
  if (claims.iat > seconds || claims.exp <= seconds) return "not valid now";
  return undefined;
}

export interface GitHubAppMock {
  /** Every installation token handed out, in order. */
  tokens: string[];
  /** Requests that matched no interceptor or failed a shape check (method, path, why). */
  refused: string[];
  /** Undo: interceptors removed, real connections still refused. */
  done(): void;
}

/**
 * GitHub's API as actions/create-github-app-token meets it, with nock (no real connection
 * anywhere): the repository's installation and an installation token scoped to that one
 * repository, both only for a valid app JWT of `app`; anything else is refused and recorded.
 * `allowLocal` lets connections to 127.0.0.1 through (the App tests' GitHub stand-in).
 */
export function mockGitHubApp(
  repository: string,
  app: TestApp,
  options: { allowLocal?: boolean } = {},
): GitHubAppMock {
  nock.disableNetConnect();
  // The App's tests talk to a local GitHub stand-in besides this mock.
  if (options.allowLocal) nock.enableNetConnect("127.0.0.1");
  const [owner, repo] = repository.split("/") as [string, string];
  const installationId = 31337;
  const tokens: string[] = [];
  const refused: string[] = [];
  const headers = {
    accept: "application/vnd.github+json",
    "x-github-api-version": "2022-11-28",
    authorization: (value: string) => {
      const why = jwtProblem(value, app);
      if (why) refused.push(`authorization: ${why}`);
      return why === undefined;
    },
  };
  nock("https://api.github.com", { reqheaders: headers })
    .persist()
    .get(`/repos/${owner}/${repo}/installation`)
    .reply(200, { id: installationId, app_slug: "copperhead", account: { login: owner } })
    .post(`/app/installations/${installationId}/access_tokens`, (body) => {
      const ok =
        JSON.stringify(Object.keys(body)) === '["repositories"]' &&
        JSON.stringify(body.repositories) === JSON.stringify([repo]);
      if (!ok) refused.push(`token body ${JSON.stringify(body)} is not {repositories: [${repo}]}`);
      return ok;
    })
    .reply(201, () => {
      const token = `ghs_${randomBytes(18).toString("hex")}`;
      tokens.push(token);
      return {
        token,
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        permissions: { contents: "write", metadata: "read" },
        repository_selection: "selected",
      };
    });
  // nock reports every unmatched request, the stand-in's allowed local ones too: only others count.
  const noMatch = (req: { method?: string; path?: string; host?: string; hostname?: string }) => {
    const host = String(req.hostname ?? req.host ?? "");
    if (options.allowLocal && /^(127\.0\.0\.1|localhost)(:|$)/.test(host)) return;
    refused.push(`no interceptor for ${req.method} ${host}${req.path}`);
  };
  nock.emitter.on("no match", noMatch);
  return {
    tokens,
    refused,
    done() {
      nock.emitter.removeListener("no match", noMatch);
      nock.cleanAll();
    },
  };
}
