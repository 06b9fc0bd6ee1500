import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { loadBoard } from "../../engine/kicad/board/load-board.js";
import { drc } from "../../engine/kicad/cli/drc.js";
import { boardSpec } from "../../engine/kicad/layout/inputs/board-spec.js";
import { layoutConfigSchema } from "../../engine/kicad/layout/inputs/layout-config.js";
import { readConfig } from "../../engine/repo/config.js";
import { layoutGate, prepareLayout } from "../../stages/layout/gate.js";
import { layoutChecks } from "../../stages/layout/stage.js";
import { prepareSchematic } from "../../stages/schematic/prepare.js";
import { ledRepo, repoWith, runGate, useStageRepos, write } from "./stage-repos.js";

// Whole KiCad exports and gate runs: minutes on a loaded two-core machine, not a timing target.
vi.setConfig({ testTimeout: 600_000 });

useStageRepos();

const constraints = (list: unknown[]) => `${JSON.stringify({ schema: 1, constraints: list })}\n`;
const DRAFT_QUALITY =
  "# Layout\n\n## Draft quality\n\nRouted by hand on the top layer; the LED and its resistor sit in a row.\n";

describe("layout prepare", () => {
  it("writes a blank board of the constrained size with its mounting holes, DRC clean, wired into config", async () => {
    const repo = await repoWith({
      "brief.md": "# Brief: Breakout\n",
      ".copperhead/constraints.json": constraints([
        { key: "board.width_mm", source: 'brief: "40 x 25 mm"', value: 40, unit: "mm" },
        { key: "board.height_mm", source: 'brief: "40 x 25 mm"', value: 25, unit: "mm" },
        { key: "board.mounting_holes", source: 'brief: "two M3 holes"', value: "2x M3" },
      ]),
    });
    await prepareSchematic({ repo });
    await prepareLayout({ repo });
    const config = await readConfig(repo);
    expect(config.paths.board).toBe("hardware/breakout.kicad_pcb");
    const path = join(repo, "hardware/breakout.kicad_pcb");
    const board = await loadBoard(path);
    expect(board.generator).toBe("copperhead");
    expect(board.outline.loops).toHaveLength(1);
    const box = board.outline.box!;
    // The layout engine's board: 40 × 25 mm, centred on its A4 sheet (origin on whole mm).
    expect([box.maxX - box.minX, box.maxY - box.minY]).toEqual([40, 25]);
    expect(Math.abs(box.minX + box.maxX - 297)).toBeLessThanOrEqual(1);
    expect(Math.abs(box.minY + box.maxY - 210)).toBeLessThanOrEqual(1);
    // In pcbnew's save order (by uuid), as every board the layout engine writes.
    expect(board.footprints.map((f) => [f.reference, f.libId]).sort()).toEqual([
      ["H1", "MountingHole:MountingHole_3.2mm_M3"],
      ["H2", "MountingHole:MountingHole_3.2mm_M3"],
    ]);
    // Written by the layout engine: the hole footprint vendored, its row merged in, the rules set.
    expect(await readFile(join(repo, "hardware/fp-lib-table"), "utf8")).toContain(
      `(uri "\${KIPRJMOD}/footprints/MountingHole.pretty")`,
    );
    const pro = JSON.parse(await readFile(join(repo, "hardware/breakout.kicad_pro"), "utf8"));
    expect(pro.board.design_settings.rules.min_copper_edge_clearance).toBe(0.3);
    const report = await drc(path, { schematicParity: true });
    expect([...report.violations, ...report.unconnected, ...report.parity]).toEqual([]);
    // Same shape, same bytes; a board with work on it is never replaced.
    const text = await readFile(path, "utf8");
    await prepareLayout({ repo });
    expect(await readFile(path, "utf8")).toBe(text);
  });

  it("defaults to 30 × 20 mm without holes; reads the keys docs/constraints.md names", () => {
    const defaults = layoutConfigSchema.parse({});
    expect(boardSpec([], defaults)).toMatchObject({ width: 30, height: 20, holes: undefined });
    expect(
      boardSpec(
        [
          { key: "board.width_mm", source: "ASSUMED: x", max: 50 },
          { key: "board.height_mm", source: "ASSUMED: x", value: 30 },
          { key: "board.mounting_holes", source: "ASSUMED: x", value: 4 },
          { key: "board.mounting_hole_screw", source: "ASSUMED: x", value: "m2.5" },
        ],
        defaults,
      ),
    ).toMatchObject({ width: 50, height: 30, holes: { count: 4, screw: "M2.5" } });
  });
});

describe("layout gate (real kicad-cli)", () => {
  it("fails on the prepared blank board: no footprint of the schematic, no draft-quality note", async () => {
    const repo = await ledRepo();
    await write(
      repo,
      ".copperhead/config.json",
      '{"paths":{"schematic":"hardware/led.kicad_sch","board":"hardware/blank.kicad_pcb"}}\n',
    );
    await write(
      repo,
      "docs/LAYOUT.md",
      "# Layout\n\n## Draft quality\n\n<!-- say what is good and what to review -->\n",
    );
    await prepareLayout({ repo });
    const { passes, byCheck } = await runGate(layoutGate, repo);
    expect(passes).toBe(false);
    expect([...byCheck.keys()]).toEqual([...layoutChecks]);
    expect(byCheck.get("footprints-placed")?.detail).toBe(
      "3 of 3 schematic part(s) have no footprint on hardware/blank.kicad_pcb: D1, J1, R1",
    );
    expect(byCheck.get("draft-quality")?.detail).toMatch(/is empty/);
    expect(byCheck.get("footprints-inside-outline")).toMatchObject({ ok: true });
  });

  it("passes the LED example's routed board with a written draft-quality note", async () => {
    const repo = await ledRepo();
    await write(repo, "docs/LAYOUT.md", DRAFT_QUALITY);
    const { passes, evidence, byCheck } = await runGate(layoutGate, repo);
    expect(evidence.filter((e) => !e.ok)).toEqual([]);
    expect(passes).toBe(true);
    expect(byCheck.get("drc-clean")?.detail).toBe(
      "DRC on hardware/led.kicad_pcb: 0 violations, 0 unconnected items, 0 schematic parity issues",
    );
  });

  it("fails a footprint moved off the board and a footprint missing from it", async () => {
    const repo = await ledRepo();
    await write(repo, "docs/LAYOUT.md", DRAFT_QUALITY);
    const path = join(repo, "hardware/led.kicad_pcb");
    const text = await readFile(path, "utf8");
    await writeFile(path, text.replace("(at 122 106.23 180)", "(at 160 106.23 180)"));
    const moved = await runGate(layoutGate, repo);
    expect(moved.byCheck.get("footprints-inside-outline")?.detail).toBe(
      "1 footprint(s) outside the outline: D1",
    );
    expect(moved.byCheck.get("drc-clean")).toMatchObject({ ok: false });
    const start = text.indexOf('\t(footprint "LED_SMD:LED_0603_1608Metric"');
    const end = text.indexOf("\n\t(footprint", start + 1);
    await writeFile(path, text.slice(0, start) + text.slice(end + 1));
    const missing = await runGate(layoutGate, repo);
    expect(missing.byCheck.get("footprints-placed")?.detail).toMatch(
      /1 of 3 schematic part\(s\) have no footprint on hardware\/led\.kicad_pcb: D1/,
    );
  });
});
