import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc } from "../../../../engine/kicad/cli/erc.js";
import { TRUSTED_DIRS_VARIABLE } from "../../../../engine/kicad/paths/trust-scope.js";
import { readSchematic } from "../../../../engine/kicad/schematic/read-schematic.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { DEMO_DIR } from "../../../helpers/demo-corpus.js";
import { builtCli } from "../../../helpers/packed-cli.js";
import { type BinRun, runBin } from "../../../helpers/run-bin.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

/**
 * `draft --from` through the built CLI on KiCad's own demos: it reports like `draft` (the draft
 * report, then legibility and score, exit 1 on an error finding) and keeps what a reviewer
 * reads besides the circuit — the title block, the text notes and the SPICE directives.
 */
const DEMOS = {
  // `.tran 1m 500m` on the sheet; no title block.
  lm317: "simulation/power_supplies/LM317_power_supply/power_supply.kicad_sch",
  // Title, a free-text date ("Sat 21 Mar 2015") and rev "0.1".
  ecc83: "ecc83/ecc83-pp.kicad_sch",
  // Title, an ISO date and comment 1; five text notes.
  opamp: "simulation/generic_models/generic_opamp_bip.kicad_sch",
  // No finding of error severity: exit 0.
  pads: "custom_pads_test/custom_pads_test.kicad_sch",
  // A root and two sub-sheets: redrafted as a hierarchy of the same sheets.
  subsheets: "simulation/subsheets/mainsheet.kicad_sch",
  // Its amplifier sheet, placed twice, needs A2 when drafted: cut into two sheets placed twice.
  complex: "complex_hierarchy/complex_hierarchy.kicad_sch",
} as const;
type Demo = keyof typeof DEMOS;

let work: TempDir;
const runs = new Map<Demo, BinRun>();
const sheetOf = (demo: Demo) => work.path(demo, `${demo}.kicad_sch`);
const env = { [TRUSTED_DIRS_VARIABLE]: DEMO_DIR };

beforeAll(async () => {
  const { bin } = await builtCli();
  work = await makeTempDir("copperhead-draft-from-");
  await Promise.all(
    (Object.keys(DEMOS) as Demo[]).map(async (demo) => {
      const run = await runBin(
        bin,
        ["draft", "--from", `${DEMO_DIR}/${DEMOS[demo]}`, "--out", `${demo}/${demo}.kicad_sch`],
        { cwd: work.dir, env },
      );
      runs.set(demo, run);
    }),
  );
}, 240_000);
afterAll(() => work.remove());

const runOf = (demo: Demo): BinRun => {
  const run = runs.get(demo);
  if (!run) throw new Error(`no run of ${demo}`);
  return run;
};
async function drawn(demo: Demo) {
  const path = sheetOf(demo);
  return readSchematic(parseSexp(await readFile(path, "utf8"), { file: path }), { file: path });
}

describe("copperhead draft --from (built CLI, KiCad demos)", () => {
  it("prints the draft report, then legibility and score; exit 0 with no error finding", () => {
    const run = runOf("lm317");
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(/^drafted lm317\/lm317\.kicad_sch: 1 group\(s\)/);
    expect(run.stdout).toMatch(/^intent kept at lm317\/lm317\.intent\.json$/m);
    // Its nets KiCad named after pins now carry a reader's name, so no auto-named label is left.
    const counts = /^legibility: (\d+) error, [1-9]\d* advisory finding\(s\)/m.exec(run.stdout);
    expect(counts?.[1]).toBe("0");
    expect(run.stdout).toMatch(/\[advisory\] /);
    expect(run.stdout).not.toMatch(/\[error\] /);
    expect(run.stdout).toMatch(/^score: [\d.]+\/100$/m);
    expect(run.exitCode).toBe(0);
  });

  it("exits 0 when the redraft has no error finding, still printing legibility and score", () => {
    const run = runOf("pads");
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(/^legibility: 0 error, /m);
    expect(run.stdout).toMatch(/^score: [\d.]+\/100$/m);
    expect(run.exitCode).toBe(0);
  });

  it("redraws a hierarchical original as its own sheets and reports legibility and score over all", async () => {
    const run = runOf("subsheets");
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(/^drafted subsheets\/subsheets\.kicad_sch: /);
    expect(run.stdout).toMatch(/^legibility: .*across 4 sheet\(s\)/m);
    expect(run.stdout).toMatch(/^score: [\d.]+\/100$/m);
    const errors = Number(/^legibility: (\d+) error/m.exec(run.stdout)?.[1]);
    expect(run.exitCode).toBe(errors > 0 ? 1 : 0);
    for (const file of ["main", "subsheet1", "subsheet2"])
      await expect(readFile(work.path("subsheets", `${file}.kicad_sch`), "utf8")).resolves.toMatch(
        /^\(kicad_sch/,
      );
    const report = await erc(sheetOf("subsheets"), { env: { ...process.env, ...env } });
    expect(report.violations.map((v) => `${v.severity} ${v.type}`)).toEqual([]);
  });

  it("redraws a hierarchy whose shared sheet needs more than A3 with that sheet cut into pieces, saying what was cut", async () => {
    const run = runOf("complex");
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(
      /note: "ampli_ht_vertical" needs A2 on one sheet: cut along its connectivity into 2 sheets of A4\/A3/,
    );
    expect(run.stdout).not.toMatch(/drawn on one sheet/);
    expect(run.stdout).not.toMatch(/^nothing was written$/m);
    for (const file of ["complex", "ampli-ht-vertical-1-of-2", "ampli-ht-vertical-2-of-2"])
      await expect(readFile(work.path("complex", `${file}.kicad_sch`), "utf8")).resolves.toMatch(
        /^\(kicad_sch/,
      );
    const intent = JSON.parse(await readFile(work.path("complex", "complex.intent.json"), "utf8"));
    expect(intent.hints?.sheets).toBeDefined();
    // The root, Main and each of the two pieces placed twice.
    expect(run.stdout).toMatch(/^legibility: .*across 6 sheet\(s\)/m);
    const errors = Number(/^legibility: (\d+) error/m.exec(run.stdout)?.[1]);
    expect(run.exitCode).toBe(errors > 0 ? 1 : 0);
  });

  it("keeps the SPICE directive as text on the sheet, where the simulator reads it", async () => {
    const texts = (await drawn("lm317")).texts.map((t) => t.text);
    expect(texts).toContain(".tran 1m 500m");
    const intent = JSON.parse(await readFile(work.path("lm317", "lm317.intent.json"), "utf8"));
    expect(intent.notes).toContainEqual({ group: "Main", text: ".tran 1m 500m" });
  });

  it("keeps the title, a free-text date and the revision", async () => {
    expect((await drawn("ecc83")).titleBlock).toEqual({
      title: "ECC Push-Pull",
      date: "Sat 21 Mar 2015",
      rev: "0.1",
      company: undefined,
      comments: {},
    });
  });

  it("keeps an ISO date, the comment lines and every text note", async () => {
    const original = readSchematic(
      parseSexp(await readFile(`${DEMO_DIR}/${DEMOS.opamp}`, "utf8"), { file: "opamp" }),
    );
    const redrawn = await drawn("opamp");
    expect(redrawn.titleBlock).toEqual({
      title: "Generic operational amplifier, generic bipolar",
      date: "2023-11-13",
      rev: "A",
      company: undefined,
      comments: { 1: "Simulation_Spice library" },
    });
    const notes = original.texts.map((t) => t.text).filter((t) => t.trim() !== "");
    expect(notes.length).toBeGreaterThanOrEqual(3);
    const texts = redrawn.texts.map((t) => t.text);
    for (const note of notes) expect(texts).toContain(note);
  });

  it("the redrafts with notes and directives stay ERC-clean at every severity", async () => {
    const reports = await Promise.all(
      (["lm317", "opamp"] as const).map((demo) =>
        erc(sheetOf(demo), { env: { ...process.env, ...env } }),
      ),
    );
    expect(reports.map((r) => r.violations.map((v) => `${v.severity} ${v.type}`))).toEqual([
      [],
      [],
    ]);
  });
});
