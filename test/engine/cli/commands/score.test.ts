import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { scoreOutputSchema } from "../../../../engine/cli/commands/score.js";
import { runCli } from "../../../../engine/cli/run-cli.js";
import { checkLegibility } from "../../../../engine/kicad/legibility/check-legibility.js";
import { parseLegibilityConfig } from "../../../../engine/kicad/legibility/config.js";
import { loadSchematicHierarchy } from "../../../../engine/kicad/schematic/hierarchy.js";
import { METRIC_NAMES } from "../../../../engine/kicad/score/metrics.js";
import { scoreSchematic } from "../../../../engine/kicad/score/score-schematic.js";
import { captureIo } from "../../../helpers/capture-io.js";
import { DEMO_DIR } from "../../../helpers/demo-corpus.js";
import { LED_EXAMPLE, REPO_ROOT } from "../../../helpers/fixture-project.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";
import { sheetText } from "../../kicad/score/helpers/sheet-builder.js";

const led = "examples/led/led.kicad_sch";
let dir: TempDir;

beforeAll(async () => {
  dir = await makeTempDir("copperhead-score-cli-");
  // A resistor off the 1.27 mm grid: an error-severity legibility finding (off-grid).
  await writeFile(
    dir.path("offgrid.kicad_sch"),
    sheetText({ parts: [{ lib: "Device:R", ref: "R1", at: [50.3, 50.3] }] }, "offgrid"),
  );
  await writeFile(dir.path("garbage.kicad_sch"), '(kicad_sch (version 20250114)\n  (paper "A4"');
  await writeFile(dir.path("board.kicad_pcb"), "(kicad_pcb)");
});
afterAll(() => dir.remove());

describe.concurrent("copperhead score", () => {
  it("prints the score and one line per metric, and exits 0", async ({ expect }) => {
    const io = captureIo(REPO_ROOT);
    expect(await runCli(["score", led], io)).toBe(0);
    const lines = io.out().trimEnd().split("\n");
    expect(lines[0]).toBe(`${led}: 1 sheet scored`);
    expect(lines[1]).toMatch(/^score: \d+(\.\d+)?\/100$/);
    // The LED example may carry a cap line, depending on legibility findings; metrics follow.
    const metrics = lines.slice(2).filter((l) => !l.startsWith("  cap: "));
    expect(metrics.map((l) => l.trim().split(" ")[0])).toEqual(METRIC_NAMES);
    expect(io.err()).toBe("");
  });

  it("prints one JSON document described by scoreOutputSchema with --json", async ({ expect }) => {
    const io = captureIo(REPO_ROOT);
    expect(await runCli(["score", "--json", led], io)).toBe(0);
    const output = scoreOutputSchema.parse(JSON.parse(io.out()));
    const hierarchy = await loadSchematicHierarchy(join(LED_EXAMPLE, "led.kicad_sch"));
    const legibility = checkLegibility(hierarchy, { config: parseLegibilityConfig(undefined) });
    expect(output).toEqual({
      schema: 1,
      command: "score",
      file: led,
      root: led,
      sheets: ["/"],
      report: scoreSchematic(hierarchy, { legibility }),
    });
  });

  it("scores a sub-sheet's whole hierarchy from its root", async ({ expect }) => {
    const io = captureIo(REPO_ROOT);
    const sub = join(DEMO_DIR, "complex_hierarchy/ampli_ht.kicad_sch");
    expect(await runCli(["score", "--json", sub], io)).toBe(0);
    const output = scoreOutputSchema.parse(JSON.parse(io.out()));
    expect(output.root).toBe(join(DEMO_DIR, "complex_hierarchy/complex_hierarchy.kicad_sch"));
    expect(output.sheets.length).toBe(3);
  });

  it("does not cap on tidiness: an off-grid sheet keeps its score (issue 21), still exiting 0", async ({
    expect,
  }) => {
    const io = captureIo(dir.dir);
    expect(await runCli(["score", "offgrid.kicad_sch"], io)).toBe(0);
    const lines = io.out().split("\n");
    expect(lines[1]).toMatch(/^score: \d+(\.\d+)?\/100$/);
    expect(lines[2]).not.toMatch(/^ {2}cap:/);
  });

  it("exits 2 on input it cannot read", async ({ expect }) => {
    for (const args of [
      [],
      ["missing.kicad_sch"],
      ["board.kicad_pcb"],
      ["garbage.kicad_sch"],
      [led, "extra"],
    ]) {
      const io = captureIo(dir.dir);
      expect(await runCli(["score", ...args], io), args.join(" ")).toBe(2);
      expect(io.err(), args.join(" ")).toMatch(/^copperhead score: .+ — .+/);
      expect(io.out()).toBe("");
    }
  });
});
