import { writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { exportNetlist } from "../../../../../engine/kicad/cli/export-netlist.js";
import { loadSchematicHierarchy } from "../../../../../engine/kicad/schematic/hierarchy.js";
import { parseKicadNetlist } from "../../../../../engine/kicad/schematic/kicad-netlist.js";
import { type Netlist, netlist } from "../../../../../engine/kicad/schematic/netlist/netlist.js";
import { makeTempDir, type TempDir } from "../../../../helpers/temp-dir.js";
import { type SheetSpec, sheetText } from "../helpers/build-sheet.js";
import { diffNets, kicadPartition, ourPartition } from "../helpers/compare-nets.js";

/**
 * The connection rules the netlister encodes were measured with kicad-cli 9 on sheets like
 * these; each case is re-measured here and our nets must equal KiCad's exactly (members and
 * names). R at (x, y) unrotated has pin 1 at (x, y-3.81) and pin 2 at (x, y+3.81).
 */
const R = (ref: string, x: number, y: number) => ({
  lib: "Device:R",
  ref,
  at: [x, y] as [number, number],
});
// R1 and R3 end on a horizontal wire at y = 50.8; R2's pin 1 hangs below at (63.5, 60.96).
const base: SheetSpec = {
  symbols: [R("R1", 50.8, 46.99), R("R3", 76.2, 46.99), R("R2", 63.5, 64.77)],
  wires: [[50.8, 50.8, 76.2, 50.8]],
};
const drop: [number, number, number, number] = [63.5, 50.8, 63.5, 60.96];

const CASES: Record<string, SheetSpec> = {
  "a wire end on another wire's middle does not connect": {
    ...base,
    wires: [...base.wires!, drop],
  },
  "a junction there cuts the wire and the part after it is lost": {
    ...base,
    wires: [...base.wires!, drop],
    junctions: [[63.5, 50.8]],
  },
  "a bus entry end on a wire's middle cuts it too": {
    ...base,
    busEntries: [{ at: [63.5, 50.8], size: [2.54, 2.54] }],
  },
  "a pin on a wire's middle does not connect": {
    symbols: [R("R1", 50.8, 46.99), R("R3", 76.2, 46.99), R("R2", 63.5, 54.61)],
    wires: base.wires,
  },
  "a label on a wire's middle names the wire": {
    ...base,
    labels: [
      { text: "X", at: [63.5, 50.8] },
      { text: "X", at: [63.5, 60.96] },
    ],
  },
  "a label on a wire's middle at a pin joins the pin, not the wire": {
    symbols: [R("R1", 50.8, 46.99), R("R3", 76.2, 46.99), R("R2", 63.5, 54.61)],
    wires: base.wires,
    labels: [{ text: "Z", at: [63.5, 50.8] }],
  },
  "two labels at one point on a wire's middle do not attach to the wire": {
    ...base,
    labels: [
      { text: "X", at: [63.5, 50.8] },
      { text: "Y", at: [63.5, 50.8] },
      { text: "Y", at: [63.5, 60.96] },
    ],
  },
  "a label where two wires cross joins both": {
    symbols: [
      R("R1", 50.8, 46.99),
      R("R3", 76.2, 46.99),
      R("R2", 63.5, 36.83),
      R("R4", 63.5, 64.77),
    ],
    wires: [
      [50.8, 50.8, 76.2, 50.8],
      [63.5, 40.64, 63.5, 60.96],
    ],
    labels: [{ text: "C", at: [63.5, 50.8] }],
  },
  "power symbols, global and local labels of one name are one net on a sheet": {
    symbols: [
      R("R1", 50.8, 46.99),
      R("R2", 76.2, 46.99),
      R("R3", 101.6, 46.99),
      { lib: "power:GND", ref: "#PWR01", at: [50.8, 50.8] },
    ],
    labels: [
      { text: "GND", at: [76.2, 50.8] },
      { kind: "global_label", text: "GND", at: [101.6, 50.8] },
      { kind: "hierarchical_label", text: "N", at: [50.8, 43.18] },
      { text: "N", at: [76.2, 43.18] },
    ],
  },
  "a no-connect pin connects to nothing": {
    // 74LVC1G04 pin 1 is of type no_connect, at (-7.62, 2.54) in the library (Y up).
    // R1's pin 2 lands exactly on it.
    symbols: [{ lib: "74xGxx:74LVC1G04", ref: "U1", at: [101.6, 101.6] }, R("R1", 93.98, 95.25)],
  },
  "unannotated symbols drive no net": {
    symbols: [R("R?", 50.8, 46.99), R("R?", 76.2, 46.99), R("R3", 101.6, 46.99)],
    wires: [
      [50.8, 50.8, 76.2, 50.8],
      [76.2, 50.8, 101.6, 50.8],
    ],
  },
};

/** Case `i` moved down by i × 101.6 mm, with its references and labels renumbered apart. */
function placeCase(spec: SheetSpec, i: number): SheetSpec {
  const dy = i * 101.6;
  const move = ([x, y]: [number, number]): [number, number] => [
    x,
    Math.round((y + dy) * 1e4) / 1e4,
  ];
  const seg = ([x1, y1, x2, y2]: [number, number, number, number]): [
    number,
    number,
    number,
    number,
  ] => [...move([x1, y1]), ...move([x2, y2])];
  return {
    symbols: spec.symbols?.map((s) => ({ ...s, ref: caseRef(s.ref, i), at: move(s.at) })),
    wires: spec.wires?.map(seg),
    junctions: spec.junctions?.map(move),
    busEntries: spec.busEntries?.map((e) => ({ ...e, at: move(e.at) })),
    labels: spec.labels?.map((l) => ({
      ...l,
      text: l.text === "GND" ? l.text : `${l.text}_${i}`,
      at: move(l.at),
    })),
  };
}

/** R1 in case 4 becomes R401; "R?" stays unannotated. */
function caseRef(ref: string, i: number): string {
  const m = /^(#?[A-Z]+)(\d+)$/.exec(ref);
  return m ? `${m[1]}${i * 100 + Number(m[2])}` : ref;
}

const titles = Object.keys(CASES);
let dir: TempDir;
let kicad: ReturnType<typeof kicadPartition>;
let ours: Netlist;

// All cases share one sheet so kicad-cli runs once.
beforeAll(async () => {
  dir = await makeTempDir("copperhead-netrules-");
  const specs = titles.map((title, i) => placeCase(CASES[title]!, i));
  const path = dir.path("rules.kicad_sch");
  await writeFile(
    path,
    sheetText({
      symbols: specs.flatMap((s) => s.symbols ?? []),
      wires: specs.flatMap((s) => s.wires ?? []),
      junctions: specs.flatMap((s) => s.junctions ?? []),
      busEntries: specs.flatMap((s) => s.busEntries ?? []),
      labels: specs.flatMap((s) => s.labels ?? []),
    }),
  );
  const [text, hierarchy] = await Promise.all([exportNetlist(path), loadSchematicHierarchy(path)]);
  kicad = kicadPartition(parseKicadNetlist(text));
  ours = netlist(hierarchy);
});
afterAll(() => dir?.remove());

/** The part of a partition whose nets hold references of case `i`. */
function ofCase(partition: Map<string, string>, i: number): Map<string, string> {
  const refs = new Set((CASES[titles[i]!]!.symbols ?? []).map((s) => caseRef(s.ref, i)));
  return new Map(
    [...partition].filter(([members]) =>
      members.split(" ").some((m) => refs.has(m.slice(0, m.lastIndexOf(".")))),
    ),
  );
}

describe("our nets equal kicad-cli's on hand-made sheets", () => {
  test.each(titles.map((t, i) => [t, i] as const))("%s", (_title, i) => {
    expect(diffNets(ofCase(kicad, i), ofCase(ourPartition(ours), i))).toEqual({
      onlyKicad: [],
      onlyOurs: [],
      renamed: [],
    });
  });
});

describe("the rules, stated on our own output", () => {
  const net = (title: string, ref: string, pin: string) =>
    ours.netOf(caseRef(ref, titles.indexOf(title)), pin);
  const same = (title: string, a: [string, string], b: [string, string]) => {
    const na = net(title, ...a);
    return na !== undefined && na === net(title, ...b);
  };
  test("T without junction: R2 stays apart", () => {
    const title = "a wire end on another wire's middle does not connect";
    expect(same(title, ["R1", "2"], ["R3", "2"])).toBe(true);
    expect(same(title, ["R1", "2"], ["R2", "1"])).toBe(false);
  });
  test("junction mid-wire: the first half keeps R2, R3 is cut off", () => {
    const title = "a junction there cuts the wire and the part after it is lost";
    expect(same(title, ["R1", "2"], ["R2", "1"])).toBe(true);
    expect(same(title, ["R1", "2"], ["R3", "2"])).toBe(false);
  });
  test("label mid-wire joins the wire to its namesake", () => {
    const title = "a label on a wire's middle names the wire";
    expect(same(title, ["R1", "2"], ["R2", "1"])).toBe(true);
    expect(net(title, "R2", "1")?.name).toBe(`/X_${titles.indexOf(title)}`);
  });
  test("power GND, local GND and global GND meet", () => {
    const title = "power symbols, global and local labels of one name are one net on a sheet";
    expect(same(title, ["R1", "2"], ["R2", "2"])).toBe(true);
    expect(same(title, ["R1", "2"], ["R3", "2"])).toBe(true);
    expect(same(title, ["R1", "1"], ["R2", "1"])).toBe(true);
    expect(net(title, "R1", "2")?.name).toBe("GND");
  });
  test("a no-connect pin touching another pin stays alone", () => {
    expect(net("a no-connect pin connects to nothing", "R1", "2")?.nodes.map((n) => n.ref)).toEqual(
      [caseRef("R1", titles.indexOf("a no-connect pin connects to nothing"))],
    );
  });
  test("unannotated pins alone make no net", () => {
    const title = "unannotated symbols drive no net";
    expect(ours.netOf("R?", "1")).toBeUndefined();
    expect(net(title, "R3", "2")?.name).toBe(
      `unconnected-(${caseRef("R3", titles.indexOf(title))}-Pad2)`,
    );
  });
});
