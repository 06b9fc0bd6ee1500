import { writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { exportNetlist } from "../../../../engine/kicad/cli/export-netlist.js";
import { loadSchematicHierarchy } from "../../../../engine/kicad/schematic/hierarchy.js";
import { parseKicadNetlist } from "../../../../engine/kicad/schematic/kicad-netlist.js";
import { netlist } from "../../../../engine/kicad/schematic/netlist/netlist.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";
import { embeddedSymbol } from "./helpers/build-sheet.js";
import { diffNets, kicadPartition, ourPartition } from "./helpers/compare-nets.js";

/**
 * No KiCad demo is older than 20230121, so the KiCad 6 format (references in the root's
 * `symbol_instances`, paths without the root uuid, unquoted uuids, `(id n)` on fields) is
 * checked on a file written the way KiCad 6 wrote them. The fields say R9 for both
 * resistors; the instance table says R1 and R2, and that is what KiCad uses.
 */
const uuids = ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"];
const symbol = (x: number, u: string) => `(symbol (lib_id "Device:R") (at ${x} 46.99 0) (unit 1)
    (in_bom yes) (on_board yes)
    (uuid ${u})
    (property "Reference" "R9" (id 0) (at ${x} 46.99 0) (effects (font (size 1.27 1.27))))
    (property "Value" "R" (id 1) (at ${x} 46.99 0) (effects (font (size 1.27 1.27)))))`;
const v6 = `(kicad_sch (version 20211123) (generator eeschema)
  (uuid d2b3c1a0-0000-4000-8000-000000000001)
  (paper "A4")
  (lib_symbols ${embeddedSymbol("Device:R")})
  (wire (pts (xy 50.8 50.8) (xy 76.2 50.8)) (stroke (width 0) (type default) (color 0 0 0 0)) (uuid 33333333-3333-4333-8333-333333333333))
  ${symbol(50.8, uuids[0]!)}
  ${symbol(76.2, uuids[1]!)}
  (sheet_instances (path "/" (page "1")))
  (symbol_instances
    (path "/${uuids[0]}" (reference "R1") (unit 1) (value "R") (footprint ""))
    (path "/${uuids[1]}" (reference "R2") (unit 1) (value "R") (footprint ""))))
`;

let dir: TempDir;
let path: string;
beforeAll(async () => {
  dir = await makeTempDir("copperhead-v6-");
  path = dir.path("v6.kicad_sch");
  await writeFile(path, v6);
});
afterAll(() => dir?.remove());

describe("a KiCad 6 file", () => {
  test("loads, with references from symbol_instances", async () => {
    const h = await loadSchematicHierarchy(path);
    expect(h.root.schematic.stamp.version).toBe(20211123);
    expect(h.root.schematic.legacySymbolInstances.map((e) => e.reference)).toEqual(["R1", "R2"]);
    const net = netlist(h).netOf("R1", "2");
    expect(net?.nodes.map((n) => `${n.ref}.${n.pin}`)).toEqual(["R1.2", "R2.2"]);
  });

  test("gives the same nets as kicad-cli", async () => {
    const [text, h] = await Promise.all([exportNetlist(path), loadSchematicHierarchy(path)]);
    expect(diffNets(kicadPartition(parseKicadNetlist(text)), ourPartition(netlist(h)))).toEqual({
      onlyKicad: [],
      onlyOurs: [],
      renamed: [],
    });
  });
});
