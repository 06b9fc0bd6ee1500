import { createHash } from "node:crypto";
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEventLog } from "../../../../engine/flow/event-log.js";
import { parseOutcome } from "../../../../engine/flow/read-outcome.js";
import { stageReportSchema } from "../../../../engine/pipeline/report.js";
import { git } from "../../../../engine/repo/git.js";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";
import { builtCli, packedCli } from "../../../helpers/packed-cli.js";
import { runBin } from "../../../helpers/run-bin.js";
import { spawnCli } from "../../../helpers/spawn-cli.js";
import { TRAIL, treeState } from "../../../helpers/tree-state.js";
import { gitRepo } from "../../agent/acceptance/git-repo.js";

const EXAMPLE = join(REPO_ROOT, "examples/usb-c-breakout");
const SESSIONS = join(EXAMPLE, "sessions");
const env = {
  COPPERHEAD_PROVIDER: undefined,
  COPPERHEAD_SCRIPT: undefined,
  COPPERHEAD_MODEL: undefined,
  ANTHROPIC_API_KEY: undefined,
};
const scripted = (script: string) => ["--provider", "scripted", "--script", script];

let bin: string;
let brief: string;
beforeAll(async () => {
  bin = (await builtCli()).bin;
  brief = await readFile(join(EXAMPLE, "brief.md"), "utf8");
}, 300_000);

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const done of cleanups) await done();
});

/** A repo holding only brief.md, committed. */
async function briefRepo() {
  const made = await gitRepo({ "brief.md": brief });
  cleanups.push(made.done);
  return made.repo;
}

const head = async (repo: string) => (await git(repo, ["rev-parse", "HEAD"])).trim();
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );
async function events(repo: string) {
  const log = parseEventLog(await readFile(join(repo, ".copperhead/events.jsonl"), "utf8"));
  expect(log.problems).toEqual([]);
  return log.events;
}
async function outcome(repo: string, stage: string, attempt: number) {
  const path = join(repo, `.copperhead/runs/${stage}/${attempt}/outcome.json`);
  return parseOutcome(await readFile(path, "utf8"), path);
}
async function trailers(repo: string, rev = "HEAD") {
  return (await git(repo, ["log", "-1", "--format=%(trailers:only,unfold)", rev]))
    .trim()
    .split("\n");
}
async function filesOf(repo: string, rev: string) {
  return (await git(repo, ["show", "--name-only", "--format=", rev])).trim().split("\n").sort();
}

/** The example spec session cut after its write_file turn, then `tail`. */
async function sessionThen(tail: object, dir: string): Promise<string> {
  const turns = JSON.parse(await readFile(join(SESSIONS, "spec.json"), "utf8")) as object[];
  const file = join(dir, "spec-cut.json");
  await writeFile(file, JSON.stringify([...turns.slice(0, 4), tail]));
  return file;
}

const SPEC_TREE = [
  ".copperhead/constraints.json",
  ".copperhead/events.jsonl",
  ".copperhead/runs/spec/1/dispatch.json",
  ".copperhead/runs/spec/1/ledger.json",
  ".copperhead/runs/spec/1/outcome.json",
  ".copperhead/runs/spec/1/transcript.jsonl",
  ".copperhead/runs/spec/row.json",
  ".gitattributes",
  "docs/CHANGELOG.md",
  "docs/SPEC.md",
  "openspec/changes/write-usb-c-breakout-spec/proposal.md",
  "openspec/changes/write-usb-c-breakout-spec/specs/power-output/spec.md",
  "openspec/changes/write-usb-c-breakout-spec/tasks.md",
];

describe("copperhead stage, through the built CLI", () => {
  it("stage spec on a repo holding only brief.md passes, commits once with the trailers, writes a valid outcome.json and appends dispatch + outcome events; run again, it is valid and calls no model", async () => {
    const repo = await briefRepo();
    const base = await head(repo);
    const run = await runBin(bin, ["stage", "spec", ...scripted(SESSIONS)], { cwd: repo, env });
    expect(run.exitCode, run.stderr).toBe(0);
    const commit = await head(repo);
    expect(run.stdout).toBe(`${commit}\n`);
    expect(run.stderr).toContain("▸ validate_change  change write-usb-c-breakout-spec validated");
    expect(run.stderr).toMatch(
      new RegExp(`\\npassed · committed ${commit.slice(0, 7)} · (?:\\d+m)?\\d+s · `),
    );
    expect(run.stderr).toContain(
      "spec attempt 1 passed: spec-present, budgets-section, constraints-file, budgets-recorded, assumptions-flagged",
    );

    // One commit on the base, holding the stage's work and its trail, and nothing else.
    expect((await git(repo, ["rev-list", "--count", `${base}..HEAD`])).trim()).toBe("1");
    expect((await git(repo, ["rev-parse", "HEAD^"])).trim()).toBe(base);
    expect(await filesOf(repo, "HEAD")).toEqual(SPEC_TREE);
    expect(await git(repo, ["log", "-1", "--format=%s"])).toBe(
      "copperhead(spec): Wrote the USB-C breakout specification with its budgets and fla…\n",
    );
    const sha = createHash("sha256").update(brief).digest("hex");
    expect(await trailers(repo)).toEqual([
      "Copperhead-Stage: spec",
      "Copperhead-Attempt: 1",
      `Copperhead-Brief-SHA256: ${sha}`,
      "Copperhead-Verdict: pass",
      "Copperhead-Verified: none",
      "Copperhead-Provider: scripted/script",
    ]);
    expect(await git(repo, ["status", "--porcelain"])).toBe("");

    // The outcome contract: valid, the base commit (a file cannot name its own commit), the
    // brief's hash, the gate's evidence and the owned files with their hashes.
    const result = await outcome(repo, "spec", 1);
    expect(result).toMatchObject({ stage: "spec", attempt: 1, verdict: "pass", commit: base });
    expect(result.brief).toEqual({ path: "brief.md", sha256: sha });
    expect(result.evidence.map((e) => [e.check, e.ok])).toEqual([
      ["spec-present", true],
      ["budgets-section", true],
      ["constraints-file", true],
      ["budgets-recorded", true],
      ["assumptions-flagged", true],
    ]);
    const spec = await readFile(join(repo, "docs/SPEC.md"));
    expect(result.artifacts).toEqual([
      {
        path: ".copperhead/constraints.json",
        sha256: createHash("sha256")
          .update(await readFile(join(repo, ".copperhead/constraints.json")))
          .digest("hex"),
      },
      { path: "docs/SPEC.md", sha256: createHash("sha256").update(spec).digest("hex") },
    ]);
    expect(result.cost.turns).toBe(6);
    expect(result.resume).toBe("copperhead stage spec");

    const log = await events(repo);
    expect(log.map((e) => [e.type, e.stage, "attempt" in e ? e.attempt : 0])).toEqual([
      ["dispatch", "spec", 1],
      ["outcome", "spec", 1],
    ]);
    expect(log[1]).toMatchObject({ verdict: "pass", commit: base });

    // Again: valid, so no provider is even made (this one would need an API key).
    const before = await readFile(join(repo, ".copperhead/events.jsonl"), "utf8");
    const again = await runBin(bin, ["stage", "spec", "--json"], { cwd: repo, env });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toContain("spec is valid (attempt 1 passed");
    const report = stageReportSchema.parse(JSON.parse(again.stdout));
    expect(report).toMatchObject({ stage: "spec", result: "skipped", attempt: 1, exitCode: 0 });
    expect(await head(repo)).toBe(commit);
    expect(await readFile(join(repo, ".copperhead/events.jsonl"), "utf8")).toBe(before);
    expect(await exists(join(repo, ".copperhead/runs/spec/2"))).toBe(false);
  }, 180_000);

  it("a scripted provider error at turn 5: the work is in the named stash and on the WIP ref, the tree equals the snapshot, an untracked file planted before the run is still there", async () => {
    const repo = await briefRepo();
    await mkdir(join(repo, "notes"));
    await writeFile(join(repo, "notes/mine.txt"), "my own work\n");
    const base = await head(repo);
    const before = await treeState(repo, TRAIL);
    const script = await sessionThen(
      {
        error: { kind: "provider", message: "529 overloaded_error: Overloaded (after 5 attempts)" },
      },
      repo,
    );
    // The script lives in the repo as an untracked file of the person's: it must survive too.
    const planted = await treeState(repo, TRAIL);
    const run = await runBin(bin, ["stage", "spec", "--json", ...scripted(script)], {
      cwd: repo,
      env,
    });
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.stderr).toContain("spec attempt 1 failed: the run ended provider-error");

    // The tree is the snapshot again, byte for byte, the planted files included.
    expect(await treeState(repo, TRAIL)).toEqual(planted);
    expect(Object.keys(before).every((p) => planted[p] === before[p])).toBe(true);
    expect(await exists(join(repo, "docs/SPEC.md"))).toBe(false);
    expect(await readFile(join(repo, "notes/mine.txt"), "utf8")).toBe("my own work\n");

    // The named stash and the WIP ref hold the same work: the spec written so far.
    const report = stageReportSchema.parse(JSON.parse(run.stdout));
    expect(report.result).toBe("failed");
    expect(report.stash?.name).toMatch(/^copperhead: spec attempt 1 \d{8}T\d{6}Z$/);
    expect(await git(repo, ["stash", "list", "--format=%s"])).toBe(
      `On main: ${report.stash?.name}\n`,
    );
    expect(report.wip?.ref).toBe("refs/copperhead/wip/spec/1");
    const wip = (await git(repo, ["rev-parse", "refs/copperhead/wip/spec/1"])).trim();
    expect(wip).toBe(report.wip?.commit);
    expect((await git(repo, ["rev-parse", `${wip}^`])).trim()).toBe(base);
    const stashed = ["docs/SPEC.md", "openspec/changes/write-usb-c-breakout-spec/proposal.md"];
    for (const path of stashed) {
      expect(await git(repo, ["show", `${wip}:${path}`])).toBe(
        await git(repo, ["show", `${report.stash?.sha}^3:${path}`]),
      );
    }
    expect(await git(repo, ["show", `${wip}:docs/SPEC.md`])).toContain("## Budgets");

    // The attempt is recorded as failed, and only the trail is committed.
    expect((await git(repo, ["rev-parse", "HEAD^"])).trim()).toBe(base);
    expect(await filesOf(repo, "HEAD")).toEqual([
      ".copperhead/events.jsonl",
      ".copperhead/runs/spec/1/dispatch.json",
      ".copperhead/runs/spec/1/ledger.json",
      ".copperhead/runs/spec/1/outcome.json",
      ".copperhead/runs/spec/1/transcript.jsonl",
      ".copperhead/runs/spec/row.json",
      ".gitattributes",
    ]);
    expect(await trailers(repo)).toContain("Copperhead-Verdict: fail");
    expect(await trailers(repo)).toContain("Copperhead-WIP: refs/copperhead/wip/spec/1");
    const result = await outcome(repo, "spec", 1);
    expect(result.verdict).toBe("fail");
    expect(result.commit).toBe(base);
    expect(result.evidence).toEqual([
      {
        check: "run",
        ok: false,
        detail:
          "the run ended provider-error: provider request failed: 529 overloaded_error: Overloaded (after 5 attempts) — scripted failure: the script asked for it at this turn",
      },
    ]);
    expect(result.artifacts).toEqual([]);
    expect((await events(repo)).map((e) => e.type)).toEqual(["dispatch", "outcome"]);

    // `git stash apply` brings the work back.
    await git(repo, ["stash", "apply", report.stash?.sha ?? "missing"]);
    expect(await readFile(join(repo, "docs/SPEC.md"), "utf8")).toContain("## Budgets");
  }, 180_000);

  it("a SIGTERM mid-run does the same and exits 143", async () => {
    const repo = await briefRepo();
    await writeFile(join(repo, "mine.txt"), "untracked, mine\n");
    const base = await head(repo);
    const script = await sessionThen({ delayMs: 120_000, tools: [] }, repo);
    const planted = await treeState(repo, TRAIL);
    const child = spawnCli(bin, ["stage", "spec", ...scripted(script)], { cwd: repo, env });
    await child.waitForStderr("▸ write_file");
    child.process.kill("SIGTERM");
    const ended = await child.process;
    expect(ended.exitCode, child.stderr()).toBe(143);
    expect(child.stderr()).toContain("spec attempt 1 interrupted by SIGTERM");
    expect(child.stderr()).toMatch(
      /the run's work is in stash copperhead: spec attempt 1 \d{8}T\d{6}Z and on refs\/copperhead\/wip\/spec\/1/,
    );
    expect(child.stderr()).toContain("resume with: copperhead stage spec");

    expect(await treeState(repo, TRAIL)).toEqual(planted);
    expect(await git(repo, ["stash", "list", "--format=%s"])).toMatch(
      /^On main: copperhead: spec attempt 1 /,
    );
    const wip = (await git(repo, ["rev-parse", "refs/copperhead/wip/spec/1"])).trim();
    expect(await git(repo, ["show", `${wip}:docs/SPEC.md`])).toContain("## Budgets");
    expect((await git(repo, ["rev-parse", "HEAD^"])).trim()).toBe(base);
    expect(await trailers(repo)).toContain("Copperhead-Verdict: blocked");
    const result = await outcome(repo, "spec", 1);
    expect(result.verdict).toBe("blocked");
    expect(result.evidence[0]?.detail).toContain("the run ended interrupted");
    expect(result.evidence[0]?.detail).toContain("interrupted by SIGTERM");
    expect(result.stoppedBy).toBe("interrupted");
    const log = await events(repo);
    expect(log.map((e) => e.type)).toEqual(["dispatch", "blocked"]);
  }, 180_000);

  it("a SIGKILL mid-run is recovered by the next run: recorded blocked, copperhead's paths stashed and on the WIP ref, the person's dirty paths named and untouched", async () => {
    const repo = await briefRepo();
    await writeFile(join(repo, "README.md"), "# breakout\n");
    await git(repo, ["add", "README.md"]);
    await git(repo, ["commit", "-qm", "readme"]);
    await writeFile(join(repo, "mine.txt"), "untracked before the run\n");
    const base = await head(repo);
    const script = await sessionThen({ delayMs: 120_000, tools: [] }, repo);
    const child = spawnCli(bin, ["stage", "spec", ...scripted(script)], { cwd: repo, env });
    await child.waitForStderr("▸ write_file");
    child.process.kill("SIGKILL");
    const killed = await child.process;
    expect(killed.signal).toBe("SIGKILL");
    // What the kill left: the spec half-written, the dispatch in flight.
    expect(await exists(join(repo, "docs/SPEC.md"))).toBe(true);
    expect((await events(repo)).map((e) => e.type)).toEqual(["dispatch"]);
    // The person goes on working meanwhile: an edit and a new file of their own.
    await writeFile(join(repo, "README.md"), "# breakout, edited by hand\n");
    await writeFile(join(repo, "notes.md"), "my notes\n");
    const theirs = await treeState(repo, [...TRAIL, "docs/", "openspec/", ".copperhead/"]);

    const next = await runBin(bin, ["stage", "spec", ...scripted(SESSIONS)], { cwd: repo, env });
    // Recovered first; then the person's edit stops the new run, as any dirty tree does.
    expect(next.exitCode, next.stderr).toBe(2);
    expect(next.stderr).toMatch(
      /recovered spec attempt 1, which stopped without an outcome: its work is in stash "copperhead: spec attempt 1 \d{8}T\d{6}Z \(recovered\)" and on refs\/copperhead\/wip\/spec\/1/,
    );
    expect(next.stderr).toContain("left alone as yours: README.md, notes.md");
    expect(next.stderr).toContain("uncommitted changes (README.md)");
    expect(await treeState(repo, [...TRAIL, "docs/", "openspec/", ".copperhead/"])).toEqual(theirs);
    expect(await exists(join(repo, "docs/SPEC.md"))).toBe(false);
    expect(await exists(join(repo, "openspec"))).toBe(false);
    const wip = (await git(repo, ["rev-parse", "refs/copperhead/wip/spec/1"])).trim();
    expect(await git(repo, ["show", `${wip}:docs/SPEC.md`])).toContain("## Budgets");
    expect(await filesOf(repo, wip)).not.toContain("README.md");
    expect((await git(repo, ["rev-parse", "HEAD^"])).trim()).toBe(base);
    expect(await trailers(repo)).toContain("Copperhead-Verdict: blocked");
    const recovered = await outcome(repo, "spec", 1);
    expect(recovered.evidence[0]?.detail).toContain(
      "interrupted: the run stopped without settling",
    );
    // The App continues a design on this field (app/continuation.ts), not on the wording.
    expect(recovered.stoppedBy).toBe("interrupted");
    expect((await events(repo)).map((e) => e.type)).toEqual(["dispatch", "blocked"]);

    // The person commits their edit; the next run is attempt 2 and passes.
    await git(repo, ["commit", "-qam", "readme edit"]);
    const retry = await runBin(bin, ["stage", "spec", ...scripted(SESSIONS)], { cwd: repo, env });
    expect(retry.exitCode, retry.stderr).toBe(0);
    expect(retry.stderr).toContain("spec attempt 2 passed");
    expect(await readFile(join(repo, "notes.md"), "utf8")).toBe("my notes\n");
  }, 240_000);

  it("stage layout before schematic is valid is refused, naming schematic and the command that makes it valid; nothing is written", async () => {
    const repo = await briefRepo();
    const spec = await runBin(bin, ["stage", "spec", ...scripted(SESSIONS)], { cwd: repo, env });
    expect(spec.exitCode, spec.stderr).toBe(0);
    const before = await treeState(repo);
    const commit = await head(repo);
    const run = await runBin(bin, ["stage", "layout", "--json"], { cwd: repo, env });
    expect(run.exitCode, run.stderr).toBe(5);
    expect(run.stderr).toBe(
      "refused: layout needs schematic (missing) to be valid first; run `copperhead stage architecture`, then parts, schematic\n",
    );
    const report = stageReportSchema.parse(JSON.parse(run.stdout));
    expect(report.blockers).toEqual([
      { stage: "architecture", state: "missing" },
      { stage: "parts", state: "missing" },
      { stage: "schematic", state: "missing" },
    ]);
    expect(report.next).toBe("copperhead stage architecture");
    expect(await treeState(repo)).toEqual(before);
    expect(await head(repo)).toBe(commit);
  }, 180_000);

  it("stage schematic, its upstream adopted from hand-written docs: prepare wires the sheet's path, the agent drafts, and the gate's real kicad-cli ERC, legibility and drift pass", async () => {
    const made = await gitRepo({
      "brief.md": brief,
      ...Object.fromEntries(
        await Promise.all(
          ["docs/SPEC.md", "docs/SUBSYSTEMS.md", "docs/BOM.md", ".copperhead/constraints.json"].map(
            async (f) => [f, await readFile(join(EXAMPLE, "upstream", f), "utf8")],
          ),
        ),
      ),
      ".copperhead/constraints.json": await readFile(
        join(EXAMPLE, "upstream/.copperhead/constraints.json"),
        "utf8",
      ),
    });
    cleanups.push(made.done);
    const { repo } = made;
    const adopt = await runBin(bin, ["next", "--adopt"], { cwd: repo, env });
    expect(adopt.stdout).toContain("adopted parts");
    await git(repo, ["add", "-A"]);
    await git(repo, ["commit", "-qm", "adopted"]);
    const base = await head(repo);
    const run = await runBin(bin, ["stage", "schematic", ...scripted(SESSIONS)], {
      cwd: repo,
      env,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      "schematic attempt 1 passed: schematic-files, pinout-present, symbols-placed, erc-clean, legibility-clean, drift-clean, intent-redraft",
    );
    const result = await outcome(repo, "schematic", 1);
    expect(result.verdict).toBe("pass");
    expect(result.evidence.find((e) => e.check === "erc-clean")?.detail).toBe(
      "ERC on hardware/usb-c-5v-power-breakout.kicad_sch: 0 errors, 0 warnings",
    );
    expect(result.artifacts.map((a) => a.path)).toEqual([
      "docs/PINOUT.md",
      "hardware/schematic.intent.json",
      "hardware/usb-c-5v-power-breakout.kicad_sch",
    ]);
    // A KiCad stage renders its sheet into its run folder (no board yet), committed with it.
    expect(result.renders).toEqual([".copperhead/runs/schematic/1/renders/schematic.png"]);
    const png = await readFile(join(repo, result.renders[0]!));
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(await git(repo, ["ls-files", result.renders[0]!])).toContain("schematic.png");
    expect((await git(repo, ["rev-parse", "HEAD^"])).trim()).toBe(base);
    const files = await filesOf(repo, "HEAD");
    expect(files).toEqual(
      expect.arrayContaining([
        ".copperhead/config.json",
        "hardware/usb-c-5v-power-breakout.kicad_sch",
        "hardware/usb-c-5v-power-breakout.kicad_pro",
        "hardware/schematic.intent.json",
        "docs/PINOUT.md",
      ]),
    );
    expect(JSON.parse(await readFile(join(repo, ".copperhead/config.json"), "utf8"))).toEqual({
      // prepare made the sheet in a repo whose config named no origin: copperhead made it.
      origin: "create",
      paths: { schematic: "hardware/usb-c-5v-power-breakout.kicad_sch" },
    });
    expect(await git(repo, ["status", "--porcelain"])).toBe("");
    const status = await runBin(bin, ["status", "--json"], { cwd: repo, env });
    const states = JSON.parse(status.stdout).stages.map((s: { stage: string; state: string }) => [
      s.stage,
      s.state,
    ]);
    expect(states.slice(0, 4)).toEqual([
      ["spec", "valid"],
      ["architecture", "valid"],
      ["parts", "valid"],
      ["schematic", "valid"],
    ]);
  }, 240_000);

  it("bad usage exits 2 and says what to fix", async () => {
    const repo = await briefRepo();
    const unknown = await runBin(bin, ["stage", "pcb"], { cwd: repo, env });
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain(
      "unknown stage 'pcb' — use one of: spec, architecture, parts, schematic, layout, outputs, firmware, devplan",
    );
    const none = await runBin(bin, ["stage"], { cwd: repo, env });
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain("no stage name given");
    const empty = await gitRepo({ "README.md": "# no brief\n" });
    cleanups.push(empty.done);
    const noBrief = await runBin(bin, ["stage", "spec", ...scripted(SESSIONS)], {
      cwd: empty.repo,
      env,
    });
    expect(noBrief.exitCode).toBe(2);
    expect(noBrief.stderr).toContain("brief.md is missing: every stage designs against the brief");
    expect(await exists(join(empty.repo, ".copperhead"))).toBe(false);
  }, 120_000);
});

describe("copperhead stage, from the packed and installed package", () => {
  it("runs stage spec with the scripted provider to a trailered commit, its prompt and tools from the install", async () => {
    const installed = await packedCli();
    const repo = await briefRepo();
    const run = await runBin(installed.bin, ["stage", "spec", ...scripted(SESSIONS)], {
      cwd: repo,
      env,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toContain("change write-usb-c-breakout-spec validated");
    expect(run.stdout.trim()).toBe(await head(repo));
    expect(await trailers(repo)).toContain("Copperhead-Verdict: pass");
    // The system prompt the run was given is the installed stages/spec/prompt.md.
    const transcript = await readFile(
      join(repo, ".copperhead/runs/spec/1/transcript.jsonl"),
      "utf8",
    );
    const prompt = transcript
      .split("\n")
      .map((l) => (l ? JSON.parse(l) : {}))
      .find((l) => l.type === "prompt");
    expect(prompt.system).toBe(
      await readFile(
        join(installed.prefix, "node_modules/copperhead/stages/spec/prompt.md"),
        "utf8",
      ),
    );
    expect((await outcome(repo, "spec", 1)).verdict).toBe("pass");
  }, 300_000);
});
