import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { Probot } from "probot";
import { copperheadApp } from "../app/app.js";
import { WorkQueue } from "../app/work-queue.js";
import type { Bench, BenchRow } from "./bench.js";
import { medianMs } from "./bench.js";

const RUNS = 300;

/** The queued work is not the handler's: a queue that accepts jobs and runs none. */
class DroppingQueue extends WorkQueue {
  accepted = 0;
  constructor() {
    super(() => {});
  }
  override enqueue(): void {
    this.accepted++;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: GitHub's JSON, edited field by field
type Json = any;

/** One real payload per subscribed event, edited so the App's handler does its full work. */
function deliveries(): Array<{ label: string; name: string; payload: Json }> {
  const require = createRequire(import.meta.url);
  const all: Array<{ name: string; examples: Json[] }> = require("@octokit/webhooks-examples");
  const pick = (name: string, action?: string, needs?: string) =>
    structuredClone(
      all
        .find((e) => e.name === name)!
        .examples.find(
          (p) =>
            (action === undefined || p.action === action) &&
            (!needs || needs in (p.workflow_run ?? p)),
        ),
    );
  const labeled = pick("issues", "labeled");
  labeled.label.name = "hardware-brief";
  const comment = pick("issue_comment", "created");
  comment.comment.body = "/copperhead retry schematic";
  const push = pick("push");
  push.ref = `refs/heads/${push.repository.default_branch}`;
  const sync = pick("pull_request", "synchronize");
  const rerun = pick("check_run", "rerequested");
  rerun.check_run.pull_requests = [
    {
      number: 2,
      head: { ref: "x", sha: rerun.check_run.head_sha },
      base: { ref: "main", sha: "0" },
    },
  ];
  const run = pick("workflow_run", "completed", "path");
  run.workflow_run.path = ".github/workflows/copperhead.yml";
  run.workflow_run.event = "workflow_dispatch";
  run.workflow_run.head_branch = "copperhead/issue-7";
  const job = pick("workflow_job", "completed");
  job.workflow_job.name = "copperhead / schematic";
  job.workflow_job.workflow_name = "copperhead";
  return [
    { label: "issues.labeled", name: "issues", payload: labeled },
    { label: "issue_comment.created", name: "issue_comment", payload: comment },
    { label: "push", name: "push", payload: push },
    { label: "pull_request.synchronize", name: "pull_request", payload: sync },
    { label: "check_run.rerequested", name: "check_run", payload: rerun },
    { label: "workflow_run.completed", name: "workflow_run", payload: run },
    { label: "workflow_job.completed", name: "workflow_job", payload: job },
  ];
}

/**
 * Webhook handlers must answer well inside GitHub's 10 s: each parses its payload once,
 * decides, and enqueues. Measured as `probot.receive` time per event type against the same
 * Probot with a no-op handler for that event.
 */
export const appHandlersBench: Bench = {
  name: "app-handlers",
  async run(): Promise<BenchRow[]> {
    const queue = new DroppingQueue();
    const app = new Probot({ githubToken: "bench", logLevel: "fatal" });
    await app.load(
      copperheadApp({ queue, identity: async () => ({ id: 1, slug: "x", botLogin: "x[bot]" }) }),
    );
    const noop = new Probot({ githubToken: "bench", logLevel: "fatal" });
    const rows: BenchRow[] = [];
    let worst = 0;
    for (const d of deliveries()) {
      const event = `${d.name}${d.payload.action ? `.${d.payload.action}` : ""}`;
      await noop.load((p: Probot) => p.on(event as never, async () => {}));
      const receive = (probot: Probot) => () =>
        probot.receive({ id: randomUUID(), name: d.name, payload: d.payload } as Parameters<
          Probot["receive"]
        >[0]);
      const before = queue.accepted;
      await receive(app)();
      if (queue.accepted === before) throw new Error(`${d.label}: the handler enqueued nothing`);
      const ours = await medianMs(RUNS, receive(app));
      const reference = await medianMs(RUNS, receive(noop));
      rows.push({
        label: `handler latency, ${d.label}`,
        measured: `${(ours * 1000).toFixed(0)} µs median vs no-op handler ${(reference * 1000).toFixed(0)} µs (GitHub allows 10 s)`,
        ratio: ours / reference,
        // Tens of microseconds either way: parsing with zod and deciding is the whole cost.
        target: { op: "<=", value: 10 },
      });
      worst = Math.max(worst, ours);
    }
    rows.push({
      label: "slowest handler against GitHub's 10 s delivery timeout",
      measured: `${(worst * 1000).toFixed(0)} µs`,
      ratio: worst / 10_000,
      target: { op: "<=", value: 0.001 },
    });
    return rows;
  },
};
