import { writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportNetlist } from "../../../../engine/kicad/cli/export-netlist.js";
import { loadSchematicHierarchy } from "../../../../engine/kicad/schematic/hierarchy.js";
import { hierarchyStats } from "../../../../engine/kicad/score/hierarchy-stats.js";
import { child, children, textAt } from "../../../../engine/kicad/sexp/node.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";
import { type SheetSpec, sheetText } from "./helpers/sheet-builder.js";

/**
 * One sheet with every way two parts can look connected, pair by pair (R at (x, y): pins at
 * y ∓ 3.81; LED at (x, y): pins at x ∓ 3.81):
 * - R1–D1 wired end to end                    → connected
 * - R2's wire ends on the middle of D2's wire  → NOT connected without a junction
 * - R3's wire ends on the middle of D3's wire, junction there → connected
 * - R4's wire crosses D4's wire, no junction   → not connected
 * - R5 between two labels of its own           → connected to nothing
 */
const sheet: SheetSpec = {
  parts: [
    { lib: "Device:R", ref: "R1", at: [38.1, 50.8] },
    { lib: "Device:LED", ref: "D1", at: [50.8, 54.61] },
    { lib: "Device:R", ref: "R2", at: [88.9, 50.8] },
    { lib: "Device:LED", ref: "D2", at: [76.2, 38.1] },
    { lib: "Device:R", ref: "R3", at: [139.7, 50.8] },
    { lib: "Device:LED", ref: "D3", at: [127, 38.1] },
    { lib: "Device:R", ref: "R4", at: [38.1, 101.6] },
    { lib: "Device:LED", ref: "D4", at: [25.4, 88.9] },
    { lib: "Device:R", ref: "R5", at: [101.6, 101.6] },
  ],
  wires: [
    [38.1, 54.61, 46.99, 54.61],
    [80.01, 38.1, 101.6, 38.1],
    [88.9, 46.99, 88.9, 38.1],
    [130.81, 38.1, 152.4, 38.1],
    [139.7, 46.99, 139.7, 38.1],
    [29.21, 88.9, 50.8, 88.9],
    [38.1, 97.79, 38.1, 80.01],
  ],
  junctions: [[139.7, 38.1]],
  labels: [
    { name: "L1", at: [101.6, 97.79] },
    { name: "L2", at: [101.6, 105.41] },
  ],
};

describe("two-pin attachment agrees with KiCad's own connectivity", () => {
  let dir: TempDir;
  let file: string;
  beforeAll(async () => {
    dir = await makeTempDir("copperhead-score-");
    file = dir.path("pairs.kicad_sch");
    await writeFile(file, sheetText(sheet, "pairs"));
  });
  afterAll(() => dir.remove());

  it("the parts the scorer sees attached are those kicad-cli's netlist puts on a shared net", async () => {
    const netlist = parseSexp(await exportNetlist(file));
    const attached = new Set<string>();
    for (const net of children(child(netlist, "nets")!, "net")) {
      const refs = new Set(children(net, "node").map((node) => textAt(child(node, "ref"), 1)!));
      if (refs.size > 1) for (const ref of refs) attached.add(ref);
    }
    expect([...attached].sort()).toEqual(["D1", "D3", "R1", "R3"]);

    const stats = hierarchyStats(await loadSchematicHierarchy(file));
    expect(stats.twoPinParts).toBe(9);
    expect(stats.attached).toBe(attached.size);
    // R5 hangs between its labels; R2, D2, R4, D4 touch only open wire: all five are islands.
    expect(stats.islands).toBe(5);
    expect(stats.crossings).toBe(1);
  });
});
