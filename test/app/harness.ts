import { generateKeyPairSync, randomUUID } from "node:crypto";
import nock from "nock";
import { Probot, ProbotOctokit } from "probot";
import { copperheadApp } from "../../app/app.js";
import { WorkQueue } from "../../app/work-queue.js";
import { makeTempDir, type TempDir } from "../helpers/temp-dir.js";
import { FakeGitHub, type FakeOptions } from "./fake-github/fake-github.js";
import { issueLabeled, type Target } from "./fixtures/payloads.js";

export const WORKFLOW_FILES = {
  ".github/workflows/copperhead.yml": "name: copperhead\non:\n  workflow_dispatch: {}\njobs: {}\n",
  ".github/workflows/copperhead-check.yml":
    "name: copperhead-check\non:\n  workflow_dispatch: {}\njobs: {}\n",
  ".github/workflows/copperhead-pr.yml": "name: copperhead-pr\non:\n  pull_request: {}\njobs: {}\n",
};

/** One RSA key per test process: Probot signs its App JWTs with it. */
export const TEST_PRIVATE_KEY = generateKeyPairSync("rsa", { modulusLength: 2048 })
  .privateKey.export({ type: "pkcs1", format: "pem" })
  .toString();

/**
 * ProbotOctokit with GitHub's write spacing off (1 s per write, 3 s per notifying write) and
 * retries after milliseconds instead of seconds. A function, because Probot's own throttle
 * options would override plain defaults.
 */
export const fastOctokit = ProbotOctokit.defaults((options: Record<string, unknown>) => ({
  ...options,
  throttle: { ...(options.throttle as object), enabled: false },
  retry: { ...(options.retry as object), retryAfterBaseValue: 1 },
}));

export interface Harness {
  fake: FakeGitHub;
  target: Target;
  probot: Probot;
  /** Errors queued jobs threw: every test expects none unless it says otherwise. */
  errors: unknown[];
  /** Delivers a webhook the way Probot receives one and waits for the queued work. */
  send(name: string, payload: unknown): Promise<void>;
  tmp: TempDir;
  stop(): Promise<void>;
}

export interface HarnessOptions extends FakeOptions {
  /** Files on the default branch besides a README (the three workflows unless given). */
  files?: Record<string, string>;
}

/**
 * The App in-process (real Probot, real Octokit) against the local GitHub stand-in. Throttling
 * is off so tests do not wait out GitHub's write spacing; retries stay on as shipped.
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  nock.disableNetConnect();
  nock.enableNetConnect("127.0.0.1");
  const tmp = await makeTempDir("copperhead-app-");
  const fake = await FakeGitHub.start(tmp.path("remote.git"), options);
  await fake.git.commitFiles(
    fake.defaultBranch,
    { "README.md": "# a hardware repo\n", ...(options.files ?? WORKFLOW_FILES) },
    "initial",
    { name: "Mona", email: "mona@invalid" },
  );
  const errors: unknown[] = [];
  const queue = new WorkQueue((error) => errors.push(error));
  let n = 0;
  const probot = new Probot({
    appId: fake.appId,
    privateKey: TEST_PRIVATE_KEY,
    baseUrl: fake.url,
    logLevel: "fatal",
    Octokit: fastOctokit,
  });
  await probot.load(copperheadApp({ queue, newId: () => `req${++n}` }));
  return {
    fake,
    target: { owner: fake.owner, repo: fake.repo, defaultBranch: fake.defaultBranch },
    probot,
    errors,
    tmp,
    async send(name, payload) {
      await probot.receive({ id: randomUUID(), name, payload } as Parameters<Probot["receive"]>[0]);
      await queue.idle();
    },
    async stop() {
      await fake.stop();
      await tmp.remove();
      nock.enableNetConnect();
    },
  };
}

/** mona (triage) labels issue 7, a one-LED brief: the design starts on copperhead/issue-7. */
export async function startLedDesign(h: Harness): Promise<void> {
  await h.send(
    "issues",
    issueLabeled(h.target, {
      number: 7,
      title: "LED board",
      body: "One LED.",
      label: "hardware-brief",
      sender: "mona",
    }),
  );
}
