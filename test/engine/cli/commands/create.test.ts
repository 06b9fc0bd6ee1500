import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, realpath, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadScript } from "../../../../engine/agent/providers/scripted.js";
import { outcomeSchema } from "../../../../engine/flow/outcome.js";
import { loadBoard } from "../../../../engine/kicad/board/load-board.js";
import { drc } from "../../../../engine/kicad/cli/drc.js";
import { erc } from "../../../../engine/kicad/cli/erc.js";
import { createReportSchema } from "../../../../engine/pipeline/create/create-report.js";
import { git } from "../../../../engine/repo/git.js";
import { stages } from "../../../../stages/registry.js";
import {
  copyOfFinishedDemo,
  DEMO_ENV,
  DEMO_EXAMPLE,
  DEMO_SESSIONS,
  demoCreate,
} from "../../../helpers/finished-demo.js";
import { builtCli } from "../../../helpers/packed-cli.js";
import { type BinRun, runBin } from "../../../helpers/run-bin.js";
import { treeState } from "../../../helpers/tree-state.js";

// The offline demo end to end, as a user runs it: the packed and installed copperhead creates
// examples/usb-c-breakout once for the whole run (test/helpers/finished-demo.ts: real tools,
// gates, kicad-cli, exports); the tests that only read the finished repository share it, the
// ones that change it work on a copy through the built CLI.
const EXAMPLE = DEMO_EXAMPLE;
const SESSIONS = DEMO_SESSIONS;
const ORDER = stages.map((s) => s.name);
const AGENT_STAGES = ORDER.filter((s) => s !== "outputs");
const env = DEMO_ENV;
const MINUTES = 60_000;

let work: string;
let repo: string;
let demo: BinRun;
let bin: string;

beforeAll(async () => {
  work = await realpath(await mkdtemp(join(tmpdir(), "copperhead-create-cli-")));
  const created = await demoCreate();
  repo = created.repo;
  demo = created.run;
  bin = (await builtCli()).bin;
}, 30 * MINUTES);
afterAll(() => rm(work, { recursive: true, force: true }));

const log = async (dir: string, format: string, range = "HEAD") =>
  (await git(dir, ["log", "--reverse", `--format=${format}`, range]))
    .split("\n")
    .filter((l) => l.trim() !== "");
const readJson = async (path: string) => JSON.parse(await readFile(path, "utf8"));
const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");
const statusOf = async (dir: string) => {
  const run = await runBin(bin, ["status", "--json"], { cwd: dir, env });
  expect(run.exitCode, run.stderr).toBe(0);
  return JSON.parse(run.stdout).stages as Array<{
    stage: string;
    state: string;
    stale: Array<{ kind: string; pattern: string }>;
  }>;
};
const copyOfDemo = (name: string) => copyOfFinishedDemo(join(work, name));

describe("copperhead create: the offline demo through the packed and installed CLI", () => {
  it("exits 0 with HEAD on stdout and plain progress lines on stderr, a clean tree", async () => {
    expect(demo.exitCode, demo.stderr.slice(-3000)).toBe(0);
    expect(demo.stdout.trim()).toBe((await git(repo, ["rev-parse", "HEAD"])).trim());
    expect(demo.stderr).not.toContain("\x1b");
    for (const [i, stage] of ORDER.entries()) {
      expect(demo.stderr).toMatch(
        new RegExp(`✓ \\[${i + 1}/8\\] ${stage} {2}passed attempt 1 · .* · committed [0-9a-f]{7}`),
      );
    }
    expect(demo.stderr).toMatch(/^done · 8 stages \(8 ran\) · /m);
    expect(await git(repo, ["status", "--porcelain"])).toBe("");
  });

  it("makes one trailered commit per stage, in flow order, between the brief and the report", async () => {
    const subjects = await log(repo, "%s");
    expect(subjects[0]).toBe("copperhead(create): start the design repository");
    expect(subjects[1]).toBe("copperhead(create): brief: USB-C 5V power breakout");
    expect(subjects.at(-1)).toMatch(/^copperhead\(create\): report: done, 8 ran, /);
    expect(subjects).toHaveLength(2 + 8 + 1);
    const brief = sha256(await readFile(join(repo, "brief.md")));
    const trailers = await log(
      repo,
      "%(trailers:key=Copperhead-Stage,valueonly,separator=)|%(trailers:key=Copperhead-Attempt,valueonly,separator=)|%(trailers:key=Copperhead-Brief-SHA256,valueonly,separator=)",
    );
    // The brief commit carries the brief's hash too; only stage commits carry a stage.
    expect(trailers[1]).toBe(`||${brief}`);
    expect(trailers.filter((t) => !t.startsWith("|"))).toEqual(ORDER.map((s) => `${s}|1|${brief}`));
    for (const [i, stage] of ORDER.entries()) {
      expect(subjects[2 + i]).toMatch(new RegExp(`^copperhead\\(${stage}\\): `));
    }
  });

  it("passes every gate: each stage valid, each outcome's every declared check ok", async () => {
    expect((await statusOf(repo)).map((s) => [s.stage, s.state])).toEqual(
      ORDER.map((s) => [s, "valid"]),
    );
    for (const stage of stages) {
      const outcome = outcomeSchema.parse(
        await readJson(join(repo, `.copperhead/runs/${stage.name}/1/outcome.json`)),
      );
      expect(outcome.verdict, stage.name).toBe("pass");
      // Every check the gate reported is ok, and each is one the stage declares (the firmware
      // gate reports only its verdict check on a board with no programmable part).
      expect(outcome.evidence.length, stage.name).toBeGreaterThan(0);
      for (const e of outcome.evidence) {
        expect(e.ok, `${stage.name}: ${e.check}: ${e.detail}`).toBe(true);
        expect(stage.checks, stage.name).toContain(e.check);
      }
      if (stage.name !== "firmware") {
        expect(
          outcome.evidence.map((e) => e.check),
          stage.name,
        ).toEqual(stage.checks);
      }
    }
  });

  it("leaves a sheet with a clean ERC and a placed, routed board with a clean DRC at every severity, parity included", async () => {
    const sheet = join(repo, "hardware/usb-c-5v-power-breakout.kicad_sch");
    const path = join(repo, "hardware/usb-c-5v-power-breakout.kicad_pcb");
    const [ercReport, drcReport, board] = await Promise.all([
      erc(sheet),
      drc(path, { schematicParity: true }),
      loadBoard(path),
    ]);
    expect(ercReport.violations).toEqual([]);
    expect([...drcReport.violations, ...drcReport.unconnected, ...drcReport.parity]).toEqual([]);
    expect(board.footprints.map((f) => f.reference).sort()).toEqual(
      ["C1", "D1", "D2", "F1", "H1", "H2", "J1", "J2", "J3", "R1", "R2", "R3"].sort(),
    );
    expect(board.tracks.length).toBeGreaterThan(20);
  });

  it("exports gerbers, drill files, a STEP model and renders, each as the manifest lists it", async () => {
    const manifest = await readJson(join(repo, "outputs/manifest.json"));
    const files = manifest.files as Array<{ path: string; kind: string; sha256: string }>;
    const kinds = new Set(files.map((f) => f.kind));
    for (const kind of ["gerber", "gerber-job", "drill", "step", "position", "ordering-bom"]) {
      expect(kinds.has(kind), kind).toBe(true);
    }
    for (const kind of ["board-png", "board-svg", "schematic-png", "schematic-svg"]) {
      expect(kinds.has(kind), kind).toBe(true);
    }
    const layers = files.filter((f) => f.kind === "gerber").map((f) => f.path);
    for (const layer of ["F_Cu", "B_Cu", "F_Mask", "B_Mask", "F_Silkscreen", "Edge_Cuts"]) {
      expect(
        layers.some((p) => p.includes(`-${layer}.`)),
        layer,
      ).toBe(true);
    }
    expect(files.filter((f) => f.kind === "drill").map((f) => f.path)).toEqual([
      "gerbers/usb-c-5v-power-breakout-NPTH.drl",
      "gerbers/usb-c-5v-power-breakout-PTH.drl",
    ]);
    for (const file of files) {
      const bytes = await readFile(join(repo, "outputs", file.path));
      expect(bytes.length, file.path).toBeGreaterThan(0);
      expect(sha256(bytes), file.path).toBe(file.sha256);
    }
    const step = await readFile(join(repo, "outputs/usb-c-5v-power-breakout.step"), "latin1");
    expect(step.startsWith("ISO-10303-21;")).toBe(true);
    // The KiCad stages' own renders, as PNG where the App's tracker links them.
    for (const [stage, names] of [
      ["schematic", ["schematic.png"]],
      ["layout", ["schematic.png", "board.png"]],
    ] as const) {
      const outcome = outcomeSchema.parse(
        await readJson(join(repo, `.copperhead/runs/${stage}/1/outcome.json`)),
      );
      expect(outcome.renders).toEqual(names.map((n) => `.copperhead/runs/${stage}/1/renders/${n}`));
      for (const render of outcome.renders) {
        const png = await readFile(join(repo, render));
        expect(png.subarray(1, 4).toString(), render).toBe("PNG");
        expect(png.readUInt32BE(16), render).toBeGreaterThanOrEqual(1200);
      }
    }
  });

  it("writes the run's report from the stages' rows: 8 ran, every turn of every session counted", async () => {
    const report = createReportSchema.parse(
      await readJson(join(repo, ".copperhead/runs/report.json")),
    );
    expect(report.result).toBe("done");
    expect(report.stages.map((s) => [s.stage, s.status, s.attempts])).toEqual(
      ORDER.map((s) => [s, "ran", 1]),
    );
    const turns = await Promise.all(
      AGENT_STAGES.map(async (s) => (await loadScript(join(SESSIONS, `${s}.json`))).length),
    );
    expect(report.totals.turns).toBe(turns.reduce((a, b) => a + b, 0));
    expect(report.stages.find((s) => s.stage === "outputs")).toMatchObject({ turns: 0 });
    expect(report.slowest?.stage).toBeDefined();
    // The stage whose session produced the most output tokens (the scripted sessions' text).
    const byTokens = [...report.stages].sort(
      (a, b) => b.tokensIn + b.tokensOut - (a.tokensIn + a.tokensOut),
    );
    expect(byTokens[0]?.tokensOut).toBeGreaterThan(0);
    expect(report.mostExpensive).toEqual({
      stage: byTokens[0]?.stage,
      tokens: (byTokens[0]?.tokensIn ?? 0) + (byTokens[0]?.tokensOut ?? 0),
    });
    expect(report.resume).toBeNull();
    for (const stage of ORDER) {
      expect((await readJson(join(repo, `.copperhead/runs/${stage}/row.json`))).stage, stage).toBe(
        stage,
      );
    }
    const md = await readFile(join(repo, ".copperhead/runs/REPORT.md"), "utf8");
    expect(md).toContain("**done**: every stage is valid");
    expect(md).toContain("| 5 | layout | ran | 1 |");
    expect(md).toContain("- layout: .copperhead/runs/layout/1/renders/board.png");
  });
});

describe("copperhead create again, through the built CLI, on copies of the finished demo", () => {
  it("a second create asks no model and writes nothing: an empty sessions folder is enough", async () => {
    const dir = await copyOfDemo("again");
    const none = join(work, "no-sessions");
    await mkdir(none);
    const head = (await git(dir, ["rev-parse", "HEAD"])).trim();
    const before = await treeState(dir);
    const run = await runBin(bin, ["create", "--brief", "brief.md", "--scripted", none], {
      cwd: dir,
      env,
    });
    // Any model call would have needed <stage>.json from the empty folder and failed.
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(head);
    expect(run.stderr).not.toMatch(/turn \d+\//);
    expect((await git(dir, ["rev-parse", "HEAD"])).trim()).toBe(head);
    expect(await treeState(dir)).toEqual(before);
  });

  it(
    "a person's edit of docs/SPEC.md makes every stage below it stale; the rerun adopts the spec and redoes exactly the stages that read it",
    async () => {
      const dir = await copyOfDemo("spec-edit");
      const spec = await readFile(join(dir, "docs/SPEC.md"), "utf8");
      const edited = spec.replace(
        "no USB Power Delivery negotiation.",
        "no USB Power Delivery negotiation. Reviewed by hand before layout.",
      );
      expect(edited).not.toBe(spec);
      await writeFile(join(dir, "docs/SPEC.md"), edited);
      await git(dir, ["commit", "-qam", "spec: reviewed"]);
      const edit = (await git(dir, ["rev-parse", "HEAD"])).trim();

      const stale = await statusOf(dir);
      expect(stale.map((s) => [s.stage, s.state])).toEqual(ORDER.map((s) => [s, "stale"]));
      // Every stage but outputs reads the spec itself; outputs is stale through its upstream.
      expect(
        stale.filter((s) => s.stale.some((c) => c.pattern === "docs/SPEC.md")).map((s) => s.stage),
      ).toEqual(AGENT_STAGES);

      const run = await runBin(
        bin,
        ["create", "--brief", "brief.md", "--scripted", join(EXAMPLE, "recheck")],
        { cwd: dir, env, timeoutMs: 10 * MINUTES },
      );
      expect(run.exitCode, run.stderr.slice(-3000)).toBe(0);
      const redone = await log(
        dir,
        "%(trailers:key=Copperhead-Stage,valueonly,separator=)",
        `${edit}..HEAD`,
      );
      expect(redone).toEqual(AGENT_STAGES);
      const report = createReportSchema.parse(
        await readJson(join(dir, ".copperhead/runs/report.json")),
      );
      expect(report.stages.map((s) => [s.stage, s.status])).toEqual([
        ["spec", "adopted"],
        ["architecture", "ran"],
        ["parts", "ran"],
        ["schematic", "ran"],
        ["layout", "ran"],
        // The board and sheet re-passed byte-identical: what outputs exports from is unchanged.
        ["outputs", "skipped"],
        ["firmware", "ran"],
        ["devplan", "ran"],
      ]);
      expect(await readFile(join(dir, "docs/SPEC.md"), "utf8")).toBe(edited);
      expect((await statusOf(dir)).every((s) => s.state === "valid")).toBe(true);
      expect(await git(dir, ["status", "--porcelain"])).toBe("");
      expect((await stat(join(dir, "outputs/manifest.json"))).isFile()).toBe(true);
    },
    20 * MINUTES,
  );
});
