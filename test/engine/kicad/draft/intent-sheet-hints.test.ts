import { describe, expect, it } from "vitest";
import { intentFromSchematic } from "../../../../engine/kicad/draft/intent-from-schematic.js";
import { sheetHints } from "../../../../engine/kicad/draft/intent-sheet-hints.js";
import { seeded } from "../../../../engine/kicad/layout/place/seeded-random.js";
import {
  loadSchematicHierarchy,
  type SchematicHierarchy,
  type SheetInstance,
} from "../../../../engine/kicad/schematic/hierarchy.js";
import { netlist } from "../../../../engine/kicad/schematic/netlist/netlist.js";
import { DEMO_DIR } from "../../../helpers/demo-corpus.js";

const groupOf = (i: SheetInstance) => i.name || "Main";

/** A hierarchy of bare instances: only the fields sheetHints reads. */
function fake(
  list: { name: string; file: string; page: string; parent?: number }[],
): SchematicHierarchy {
  const instances: SheetInstance[] = [];
  for (const item of list) {
    const parent = item.parent === undefined ? undefined : instances[item.parent];
    instances.push({
      path: "",
      uuidPath: "",
      name: item.name,
      file: item.file,
      page: item.page,
      parent,
      children: [],
      sheet: undefined,
      schematic: undefined as never,
    });
  }
  const root = instances[0];
  if (!root) throw new Error("no root");
  return { rootFile: root.file, project: "p", root, instances, files: new Map() };
}

describe("sheetHints", () => {
  it("gives a flat design no hints: only the root holds parts", () => {
    const h = fake([
      { name: "", file: "root", page: "1" },
      { name: "Empty", file: "e", page: "2", parent: 0 },
    ]);
    expect(sheetHints(h, groupOf, new Set(["Main"]))).toEqual({});
  });

  it("makes the lowest page of a repeated file the sheet and the others its instances", () => {
    const h = fake([
      { name: "", file: "root", page: "1" },
      { name: "CH10", file: "ch", page: "11", parent: 0 },
      { name: "CH2", file: "ch", page: "3", parent: 0 },
      { name: "Power", file: "pwr", page: "2", parent: 0 },
      { name: "CH1", file: "ch", page: "2", parent: 0 },
    ]);
    const groups = new Set(["Main", "CH10", "CH2", "Power", "CH1"]);
    expect(sheetHints(h, groupOf, groups)).toEqual({
      sheets: [
        { name: "Main", groups: ["Main"] },
        { name: "Power", groups: ["Power"] },
        { name: "CH1", groups: ["CH1"] },
      ],
      instances: [
        { group: "CH10", of: "CH1" },
        { group: "CH2", of: "CH1" },
      ],
    });
  });

  // Generated hierarchies: random trees over a few files, some sheets empty.
  it.each(Array.from({ length: 200 }, (_, i) => i + 1))(
    "seed %i: every group once, instances of a sheet of their file",
    (seed) => {
      const random = seeded(seed);
      const count = 1 + Math.floor(random() * 12);
      const list = [{ name: "", file: "root", page: "1" }] as Parameters<typeof fake>[0];
      for (let i = 1; i <= count; i++) {
        list.push({
          name: `S${i}`,
          file: `f${Math.floor(random() * 4)}`,
          page: String(1 + Math.floor(random() * 20)),
          parent: Math.floor(random() * i),
        });
      }
      const h = fake(list);
      const groups = new Set(h.instances.filter(() => random() < 0.8).map(groupOf));
      const hints = sheetHints(h, groupOf, groups);
      const placed = h.instances.filter((i) => groups.has(groupOf(i)));
      if (!placed.some((i) => i.parent)) {
        expect(hints).toEqual({});
        return;
      }
      const onSheets = (hints.sheets ?? []).flatMap((s) => s.groups);
      const instanced = (hints.instances ?? []).map((i) => i.group);
      expect([...onSheets, ...instanced].sort()).toEqual([...groups].sort());
      const fileOf = new Map(h.instances.map((i) => [groupOf(i), i.file]));
      for (const s of hints.sheets ?? []) expect(s.groups).toEqual([s.name]);
      // One sheet per file; every instance points at its own file's sheet, never at an instance.
      expect(new Set(onSheets.map((g) => fileOf.get(g))).size).toBe(onSheets.length);
      for (const i of hints.instances ?? []) {
        expect(onSheets).toContain(i.of);
        expect(fileOf.get(i.of)).toBe(fileOf.get(i.group));
      }
    },
  );

  it("records KiCad's multichannel demo as one channel sheet placed four times", async () => {
    const h = await loadSchematicHierarchy(`${DEMO_DIR}/multichannel/multichannel_mixer.kicad_sch`);
    const intent = intentFromSchematic(h, netlist(h));
    expect(intent.hints?.sheets).toEqual([
      { name: "Main", groups: ["Main"] },
      { name: "CH1", groups: ["CH1"] },
    ]);
    expect(intent.hints?.instances?.map((i) => `${i.group}<${i.of}`).sort()).toEqual([
      "CH2<CH1",
      "CH3<CH1",
      "CH4<CH1",
    ]);
  });

  it("records complex_hierarchy's amplifier sheet placed twice", async () => {
    const h = await loadSchematicHierarchy(
      `${DEMO_DIR}/complex_hierarchy/complex_hierarchy.kicad_sch`,
    );
    const intent = intentFromSchematic(h, netlist(h));
    expect(intent.hints?.sheets?.length).toBe(2);
    expect(intent.hints?.instances).toHaveLength(1);
    expect(intent.hints?.date).toBe("2017-01-15");
  });
});
