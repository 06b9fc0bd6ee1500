import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { CopperheadError } from "../../../engine/errors.js";
import { buildFlowGraph, type FlowGraph } from "../../../engine/flow/graph.js";
import { outcomePath } from "../../../engine/flow/run-paths.js";
import type { StageDeclaration } from "../../../engine/flow/stage.js";
import { runStage } from "../../../engine/pipeline/run-stage.js";
import { git } from "../../../engine/repo/git.js";
import { specStage } from "../../../stages/spec/stage.js";
import { gitRepo } from "../agent/acceptance/git-repo.js";

/**
 * The attempt path (engine/pipeline) with an untrusted repository: its gate goes through
 * runGate, so a gate input that leads out of the repository is failed evidence, never a read
 * or a crash; and everything the attempt writes where others read it — outcome.json, the
 * changelog, the commit messages — is redacted.
 */

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const done of cleanups) await done();
});

const MARKER = `OUTSIDE-${randomBytes(6).toString("hex")}`;
const TOKEN = `ghs_${randomBytes(18).toString("hex")}`;
const ENV_SECRET = `env-secret-${randomBytes(8).toString("hex")}`;
const ENV_NAME = "COPPERHEAD_TEST_DEPLOY_TOKEN";

afterEach(() => {
  delete process.env[ENV_NAME];
});

const noModel = async () => {
  throw new Error("a deterministic stage must never ask for a model");
};

/** The real spec gate, with a deterministic run in place of the model. */
function specWithRun(run: StageDeclaration["run"]): StageDeclaration {
  return { ...specStage, outputs: ["out/"], run };
}

/** One attempt of the graph's spec stage; it must have run (not been skipped or refused). */
async function attempt(repo: string, graph: FlowGraph, env: NodeJS.ProcessEnv) {
  const result = await runStage({ repo, stage: "spec", provider: noModel, env, graph });
  if (result.action !== "ran") throw new Error(result.action);
  return result;
}

/** Every commit message on every ref, and every file of the run's records. */
async function everythingWritten(repo: string): Promise<string> {
  const log = await git(repo, ["log", "--all", "--format=%B"]);
  const stashes = await git(repo, ["stash", "list", "--format=%B"]).catch(() => "");
  const runs = join(repo, ".copperhead/runs");
  const records: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else records.push(await readFile(path, "utf8"));
    }
  };
  await walk(runs);
  const changelog = await readFile(join(repo, "docs/CHANGELOG.md"), "utf8").catch(() => "");
  return [log, stashes, changelog, ...records].join("\n");
}

describe("a stage attempt on an untrusted repository", () => {
  it("a gate input symlinked outside is failed evidence naming it; nothing of it is read or written", async () => {
    const outside = await mkdtemp(join(tmpdir(), "copperhead-outside-"));
    cleanups.push(() => rm(outside, { recursive: true, force: true }));
    await writeFile(join(outside, "spec.md"), `## Budgets\n\n${MARKER}\n`);
    const made = await gitRepo({ "brief.md": "# Board\n" });
    cleanups.push(made.done);
    await mkdir(join(made.repo, "docs"));
    await symlink(join(outside, "spec.md"), join(made.repo, "docs/SPEC.md"));
    await git(made.repo, ["add", "docs/SPEC.md"]);
    await git(made.repo, ["commit", "-qm", "a spec that is a symlink out"]);

    const graph = buildFlowGraph([
      specWithRun(async ({ repo }) => {
        await mkdir(join(repo, "out"));
        await writeFile(join(repo, "out/x.txt"), "x\n");
        return { summary: "Wrote x." };
      }),
    ]);
    const result = await attempt(made.repo, graph, {});
    expect(result.result.verdict).toBe("gate-failed");
    expect(result.outcome.evidence).toEqual([
      expect.objectContaining({
        check: "safe-paths",
        ok: false,
        detail: expect.stringContaining("[path-symlink-outside] docs/SPEC.md: gate input"),
      }),
    ]);
    const record = await readFile(join(made.repo, outcomePath("spec", 1)), "utf8");
    expect(record).toContain("path-symlink-outside");
    expect(await everythingWritten(made.repo)).not.toContain(MARKER);
  });

  it("redacts outcome.json, the changelog and the commits: a failed run's message, a passing run's summary", async () => {
    process.env[ENV_NAME] = ENV_SECRET;
    const env = { [ENV_NAME]: ENV_SECRET };
    const made = await gitRepo({ "brief.md": "# Board\n" });
    cleanups.push(made.done);

    const failing = buildFlowGraph([
      specWithRun(async () => {
        throw new CopperheadError(
          `the exporter said ${TOKEN} and ${ENV_SECRET}`,
          `do not print ${ENV_SECRET}`,
        );
      }),
    ]);
    const failed = await attempt(made.repo, failing, env);
    expect(failed.result.verdict).toBe("run-failed");
    const failedRecord = await readFile(join(made.repo, outcomePath("spec", 1)), "utf8");
    expect(failedRecord).toContain("the exporter said [REDACTED] and [REDACTED]");

    // A passing run whose summary carries both: its changelog line and commit subject too.
    const passing = buildFlowGraph([
      {
        ...specWithRun(async ({ repo }) => {
          await mkdir(join(repo, "out"), { recursive: true });
          await writeFile(join(repo, "out/x.txt"), "x\n");
          return { summary: `Exported with ${TOKEN} and ${ENV_SECRET}.` };
        }),
        gate: async () => [{ check: "exported", ok: true, detail: `saw ${TOKEN}` }],
      },
    ]);
    const passed = await attempt(made.repo, passing, env);
    expect(passed.result.verdict).toBe("passed");
    const written = await everythingWritten(made.repo);
    expect(written).toContain("- [spec #2] Exported with [REDACTED] and [REDACTED].");
    expect(written).toContain("saw [REDACTED]");
    expect(written).not.toContain(TOKEN);
    expect(written).not.toContain(ENV_SECRET);
  });
});
