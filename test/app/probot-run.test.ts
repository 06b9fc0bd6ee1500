import { createHmac, randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { execa, type ResultPromise } from "execa";
import nock from "nock";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REPO_ROOT } from "../helpers/fixture-project.js";
import { builtCli } from "../helpers/packed-cli.js";
import { makeTempDir, type TempDir } from "../helpers/temp-dir.js";
import { FakeGitHub } from "./fake-github/fake-github.js";
import { issueLabeled } from "./fixtures/payloads.js";
import { TEST_PRIVATE_KEY, WORKFLOW_FILES } from "./harness.js";

/**
 * The App as it ships: `probot run` on the built dist/app/index.js in its own process, GitHub
 * played by the local stand-in (GHE_HOST points Probot's Octokit at it), webhooks signed and
 * sent over HTTP. Probot's own retry and throttling are on, as in production.
 */
const SECRET = "test-webhook-secret";
const PROBOT = join(REPO_ROOT, "node_modules/probot/bin/probot.js");
const APP = join(REPO_ROOT, "dist/app/index.js");

let tmp: TempDir;
let fake: FakeGitHub;
let child: ResultPromise | undefined;
let port = 0;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port: p } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return p;
}

function appEnv(over: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: tmp.dir,
    APP_ID: String(fake.appId),
    PRIVATE_KEY: TEST_PRIVATE_KEY,
    WEBHOOK_SECRET: SECRET,
    PORT: String(port),
    HOST: "127.0.0.1",
    GHE_HOST: new URL(fake.url).host,
    GHE_PROTOCOL: "http",
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    ...over,
  };
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
}

async function deliver(name: string, payload: unknown, secret = SECRET) {
  const body = JSON.stringify(payload);
  const signature = `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/api/github/webhooks`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-github-event": name,
      "x-github-delivery": randomUUID(),
      "x-hub-signature-256": signature,
    },
    body,
  });
  return { status: response.status, ms: performance.now() - started };
}

async function until<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  ms = 60_000,
): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = await probe();
    if (value !== undefined && value !== false) return value as T;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  nock.enableNetConnect();
  await builtCli();
  tmp = await makeTempDir("copperhead-probot-run-");
  fake = await FakeGitHub.start(tmp.path("remote.git"), { roles: { mona: "triage" } });
  await fake.git.commitFiles("main", { "README.md": "# repo\n", ...WORKFLOW_FILES }, "initial");
  port = await freePort();
});

afterAll(async () => {
  child?.kill("SIGTERM");
  await child?.catch(() => undefined);
  await fake?.stop();
  await tmp?.remove();
});

describe("probot run on the built App", () => {
  test("refuses to start without WEBHOOK_SECRET and says which variable is missing", async () => {
    const result = await execa("node", [PROBOT, "run", APP], {
      cwd: tmp.dir,
      env: appEnv({ WEBHOOK_SECRET: undefined }),
      extendEnv: false,
      reject: false,
      timeout: 60_000,
    });
    expect(result.exitCode).not.toBe(0);
    expect(`${result.stderr}${result.stdout}`).toContain("WEBHOOK_SECRET is missing");
    expect(`${result.stderr}${result.stdout}`).not.toContain("BEGIN RSA PRIVATE KEY");
  });

  test("the preflight of npm start exits 2 with the list of what is missing", async () => {
    const result = await execa("node", [join(REPO_ROOT, "dist/app/preflight.js")], {
      cwd: tmp.dir,
      env: { PATH: process.env.PATH ?? "" },
      extendEnv: false,
      reject: false,
    });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("APP_ID is missing");
    expect(result.stderr).toContain("PRIVATE_KEY or PRIVATE_KEY_PATH is missing");
  });

  test("a bad signature gets a 4xx; a labelled issue produces branch, PR and dispatch, answered well inside 10 s", async () => {
    child = execa("node", [PROBOT, "run", APP], {
      cwd: tmp.dir,
      env: appEnv(),
      extendEnv: false,
      reject: false,
    });
    await until("the App to listen", async () => {
      try {
        return (await fetch(`http://127.0.0.1:${port}/ping`)).ok || undefined;
      } catch {
        return undefined;
      }
    });
    const payload = issueLabeled(
      { owner: fake.owner, repo: fake.repo, defaultBranch: "main" },
      { number: 7, title: "LED board", body: "One LED.", label: "hardware-brief", sender: "mona" },
    );

    const forged = await deliver("issues", payload, "not-the-secret");
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect(forged.status).toBeLessThan(500);
    expect(fake.calls()).toEqual([]);

    // GitHub having a bad moment: the retry plugin in the shipped client rides it out.
    fake.fail("GET", /\/collaborators\/mona\/permission$/, 502, 1);
    const real = await deliver("issues", payload);
    expect(real.status).toBe(200);
    expect(real.ms).toBeLessThan(5_000);

    const dispatch = await until("the dispatch", () =>
      fake.requests.find((r) => r.method === "POST" && r.path.endsWith("/dispatches")),
    );
    expect(dispatch.body).toEqual({
      ref: "copperhead/issue-7",
      inputs: {
        branch: "copperhead/issue-7",
        stage: "",
        request_id: expect.stringMatching(/^d-[0-9a-f-]{36}$/),
      },
      return_run_details: true,
    });
    expect(dispatch.auth).toBe("token ghs_fakeinstallationtoken");
    expect(await fake.git.branchSha("copperhead/issue-7")).toMatch(/^[0-9a-f]{40}$/);
    expect((await fake.git.blobAt("copperhead/issue-7", "brief.md"))?.text).toContain(
      "# LED board",
    );
    expect(fake.pulls).toMatchObject([{ head: "copperhead/issue-7", draft: true }]);
    expect(
      fake.requests.filter((r) => r.path.endsWith("/collaborators/mona/permission")),
    ).toHaveLength(2);
  });
});
