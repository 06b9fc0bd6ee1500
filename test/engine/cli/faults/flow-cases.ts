import { chmod, chown, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { EVENTS_PATH } from "../../../../engine/flow/run-paths.js";
import { git } from "../../../../engine/repo/git.js";
import { stageGraph } from "../../../../stages/registry.js";
import { runStage, type TempRepo, writeDesign } from "../../flow/flow-fixture.js";
import type { CaseDir, FaultCase } from "./fault-case.js";

/** The flow fixture's standard design (docs, LED project) committed in the case folder. */
async function design(d: CaseDir, passed: readonly string[] = []): Promise<void> {
  const repo: TempRepo = {
    dir: d.root,
    write: (path, text) => d.write(path, text),
    remove: async () => undefined,
    git: (...args) => git(d.root, args),
    commitAll: async (message) => {
      await git(d.root, ["add", "-A"]);
      await git(d.root, ["commit", "-q", "-m", message]);
    },
  };
  await d.repo();
  await writeDesign(repo);
  for (const stage of passed) await runStage(repo, stageGraph(), stage, "pass");
  await repo.commitAll("design");
}

/** The event log and the flow commands reading and writing it. */
export const flowCases: FaultCase[] = [
  {
    name: "status: outside any git repository",
    args: ["status"],
    exit: 2,
    says: /is not inside a git repository — .*or run `git init` first/,
  },
  {
    name: "status: a garbled event log line is skipped with a warning",
    setup: async (d) => {
      await d.repo();
      await d.write(EVENTS_PATH, '{"type":"dispatch","id":\n');
    },
    args: ["status"],
    exit: 0,
    says: /warning: \.copperhead\/events\.jsonl line 1: not valid JSON \(truncated or garbled line\) — skipped/,
  },
  {
    name: "status: an event for an unknown stage is a warning",
    setup: async (d) => {
      await design(d, ["spec"]);
      const log = d.path(EVENTS_PATH);
      await writeFile(
        log,
        (await readFile(log, "utf8")).replaceAll('"stage":"spec"', '"stage":"sepc"'),
      );
    },
    args: ["status"],
    exit: 0,
    says: /line \d+: dispatch event for unknown stage "sepc" \(the stages are spec, architecture/,
  },
  {
    name: "status: events.jsonl is a folder",
    setup: async (d) => {
      await d.repo();
      await mkdir(d.path(EVENTS_PATH), { recursive: true });
    },
    args: ["status"],
    exit: 2,
    says: /\.copperhead\/events\.jsonl: event log "events\.jsonl" .*a folder where a file is expected/,
  },
  {
    name: "signoff: a stage that never passed",
    setup: (d) => design(d),
    args: ["signoff", "spec", "--reason", "looks right", "--by", "Ada"],
    exit: 1,
    says: /cannot sign off spec: it is missing — a signoff accepts a valid pass/,
  },
  {
    name: "signoff: events.jsonl this user may not write",
    unprivileged: true,
    setup: async (d) => {
      await design(d, ["spec"]);
      const log = d.path(EVENTS_PATH);
      // The repo is the user's (git refuses a repo of another owner); only the log is not.
      if (process.getuid?.() === 0) {
        await chownTree(d.root, 65534);
        await chown(log, 0, 0);
      }
      await chmod(log, 0o444);
    },
    args: ["signoff", "spec", "--reason", "looks right", "--by", "Ada"],
    exit: 2,
    says: /permission denied opening \.copperhead\/events\.jsonl — give your user access to it/,
  },
  {
    name: "diff: a revision that does not exist",
    setup: async (d) => {
      await d.led();
      await d.repo();
    },
    args: ["diff", "nope123", "HEAD"],
    exit: 2,
    says: /unknown revision "nope123" — name a commit, branch or tag/,
  },
  {
    name: "diff: outside any git repository",
    args: ["diff"],
    exit: 2,
    says: /is not inside a git repository — .*or run `git init` first/,
  },
  {
    name: "next --adopt: kicad-cli missing is failed evidence, not a crash",
    setup: (d) => design(d),
    env: { COPPERHEAD_KICAD_CLI: "/nonexistent/kicad-cli" },
    args: ["next", "--adopt"],
    exit: 0,
    says: /not adopted schematic: .*COPPERHEAD_KICAD_CLI is set to \/nonexistent\/kicad-cli, but no executable file is there — point COPPERHEAD_KICAD_CLI/,
    changes: [".copperhead", EVENTS_PATH, ".gitattributes"],
  },
];

async function chownTree(root: string, uid: number): Promise<void> {
  await chown(root, uid, uid);
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    await chown(join(entry.parentPath, entry.name), uid, uid);
  }
}
