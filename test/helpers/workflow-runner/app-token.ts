import { createSign } from "node:crypto";

/** What actions/create-github-app-token needs to know about the run it is in. */
export interface AppTokenRun {
  /** `owner/name` of the run's repository (GITHUB_REPOSITORY). */
  repository: string;
  /** GITHUB_API_URL. */
  apiUrl: string;
}

const b64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/**
 * The app JWT GitHub documents: RS256 over `{iat, exp, iss}`, iat 60 s in the past against
 * clock drift, at most ten minutes long, iss the App's id.
 */
export function appJwt(appId: string, privateKey: string, now = Date.now()): string {
  const iat = Math.floor(now / 1000) - 60;
  const head = b64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const body = b64url(JSON.stringify({ iat, exp: iat + 600, iss: appId }));
  const signature = createSign("RSA-SHA256").update(`${head}.${body}`).sign(privateKey);
  return `${head}.${body}.${b64url(signature)}`;
}

async function call(
  url: string,
  init: { method: string; jwt: string; body?: unknown },
): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: init.method,
    headers: {
      accept: "application/vnd.github+json",
      authorization: `Bearer ${init.jwt}`,
      "user-agent": "actions/create-github-app-token",
      "x-github-api-version": "2022-11-28",
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) {
    throw new Error(`${init.method} ${url}: ${response.status} ${String(json.message ?? "")}`);
  }
  return json;
}

/**
 * actions/create-github-app-token without `owner`/`repositories`, as the generated workflow
 * uses it: a token for the run's own repository only. It asks GitHub (the tests' nock mock) the
 * way the action does: the repository's installation with the app JWT, then an installation
 * token scoped to that one repository.
 */
export async function mintAppToken(
  given: Record<string, string>,
  run: AppTokenRun,
): Promise<{ token: string; installationId: string; appSlug: string }> {
  const appId = given["app-id"];
  const key = given["private-key"];
  if (!appId || !key) throw new Error("app-id and private-key are required");
  const [owner, repo] = run.repository.split("/") as [string, string];
  const jwt = appJwt(appId, key);
  const installation = await call(`${run.apiUrl}/repos/${owner}/${repo}/installation`, {
    method: "GET",
    jwt,
  });
  const id = String(installation.id);
  const minted = await call(`${run.apiUrl}/app/installations/${id}/access_tokens`, {
    method: "POST",
    jwt,
    body: { repositories: [repo] },
  });
  if (typeof minted.token !== "string") throw new Error("the token response has no token");
  return { token: minted.token, installationId: id, appSlug: String(installation.app_slug ?? "") };
}
