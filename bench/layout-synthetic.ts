import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { boardSpec } from "../engine/kicad/layout/inputs/board-spec.js";
import {
  type LayoutConfig,
  layoutConfigSchema,
} from "../engine/kicad/layout/inputs/layout-config.js";
import type { LayoutConstraint } from "../engine/kicad/layout/inputs/layout-constraints.js";
import type { LayoutInput, LayoutNet, LayoutPart } from "../engine/kicad/layout/layout-input.js";
import type { FootprintCatalog } from "../engine/kicad/layout/library/footprint-catalog.js";
import { partShape } from "../engine/kicad/layout/place/part-shape.js";
import { seeded } from "../engine/kicad/layout/place/seeded-random.js";

/** A library footprint with what a random netlist needs of it. */
export interface FootprintPick {
  readonly libId: string;
  readonly pads: readonly string[];
  /** Courtyard area, mm². */
  readonly area: number;
}

/** Common parts of small boards: what the placement bench grows synthetic boards from. */
export const COMMON_FOOTPRINTS = [
  "Resistor_SMD:R_0603_1608Metric",
  "Resistor_SMD:R_0805_2012Metric",
  "Capacitor_SMD:C_0603_1608Metric",
  "Capacitor_SMD:C_0805_2012Metric",
  "LED_SMD:LED_0603_1608Metric",
  "Package_SO:SOIC-8_3.9x4.9mm_P1.27mm",
  "Package_TO_SOT_SMD:SOT-23",
  "Connector_PinHeader_2.54mm:PinHeader_1x04_P2.54mm_Vertical",
];

/** Resolves footprint ids into picks (numbered pads only), skipping ids the catalog lacks. */
export async function footprintPicks(
  catalog: FootprintCatalog,
  ids: readonly string[],
): Promise<FootprintPick[]> {
  const out: FootprintPick[] = [];
  for (const id of ids) {
    const found = await catalog.resolve(id);
    if (!found.ok) continue;
    const shape = partShape(found.footprint.node);
    const pads = [...new Set(shape.pads.map((p) => p.number).filter((n) => n !== ""))];
    const c = shape.courtyard;
    out.push({ libId: found.footprint.libId, pads, area: (c.maxX - c.minX) * (c.maxY - c.minY) });
  }
  return out;
}

/** Every footprint id of the installed libraries (sorted), for sweeps over the whole library. */
export async function allFootprintIds(dirs: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const dir of dirs) {
    for (const lib of (await readdir(dir)).filter((d) => d.endsWith(".pretty")).sort()) {
      const names = (await readdir(join(dir, lib))).filter((f) => f.endsWith(".kicad_mod")).sort();
      for (const name of names) ids.push(`${lib.slice(0, -7)}:${name.slice(0, -10)}`);
    }
  }
  return ids;
}

/** A part with nothing but a reference and a footprint, as sweeps and tests build them. */
export function bareLayoutPart(
  ref: string,
  footprint: string,
  sheetFile = "synthetic.kicad_sch",
): LayoutPart {
  return {
    ref,
    value: ref,
    footprint,
    path: undefined,
    sheetName: "/",
    sheetFile,
    datasheet: "",
    description: "",
    inBom: true,
    dnp: false,
    group: undefined,
  };
}

const PREFIX: Record<string, string> = {
  Resistor_SMD: "R",
  Capacitor_SMD: "C",
  LED_SMD: "D",
  Diode_SMD: "D",
  Package_SO: "U",
  Package_TO_SOT_SMD: "Q",
};

function prefixOf(libId: string): string {
  const lib = libId.slice(0, libId.indexOf(":"));
  if (PREFIX[lib]) return PREFIX[lib] as string;
  if (/^(Connector|TerminalBlock)/.test(lib)) return "J";
  return "X";
}

/**
 * A random netlist over `count` parts drawn from `picks`: nets of two to four pins between
 * nearby parts (in creation order, as a designer's blocks are), a power and a ground net
 * touching a share of them, every part's pads used at most once.
 */
export function randomLayoutInput(
  picks: readonly FootprintPick[],
  count: number,
  seed: number,
  /** Take the footprints in turn instead of at random, so boards of any size have the same mix. */
  cyclic = false,
): LayoutInput {
  const rnd = seeded(seed);
  const numbers = new Map<string, number>();
  const parts: LayoutPart[] = [];
  const free: { ref: string; pads: string[] }[] = [];
  for (let i = 0; i < count; i++) {
    const pick = picks[
      cyclic ? i % picks.length : Math.floor(rnd() * picks.length)
    ] as FootprintPick;
    const prefix = prefixOf(pick.libId);
    const n = (numbers.get(prefix) ?? 0) + 1;
    numbers.set(prefix, n);
    const ref = `${prefix}${n}`;
    parts.push({
      ref,
      value: pick.libId.slice(pick.libId.indexOf(":") + 1),
      footprint: pick.libId,
      path: undefined,
      sheetName: "/",
      sheetFile: "random.kicad_sch",
      datasheet: "",
      description: "",
      inBom: true,
      dnp: false,
      group: `block ${Math.floor(i / 8) + 1}`,
    });
    free.push({ ref, pads: [...pick.pads] });
  }
  const take = (i: number) => {
    const slot = free[i];
    if (!slot || slot.pads.length === 0) return undefined;
    const pad = slot.pads.splice(Math.floor(rnd() * slot.pads.length), 1)[0] as string;
    return { ref: slot.ref, pin: pad, pinName: "", pinType: "passive" };
  };
  const nets: LayoutNet[] = [];
  const power: LayoutNet["pins"][number][] = [];
  const ground: LayoutNet["pins"][number][] = [];
  for (let i = 0; i < count; i++) {
    if (rnd() < 0.5) {
      const p = take(i);
      if (p) power.push(p);
    }
    if (rnd() < 0.6) {
      const g = take(i);
      if (g) ground.push(g);
    }
  }
  for (let k = 0; k < count * 1.2; k++) {
    const home = Math.floor(rnd() * count);
    const size = 2 + Math.floor(rnd() * 3);
    const pins: LayoutNet["pins"][number][] = [];
    for (let t = 0; t < 8 && pins.length < size; t++) {
      const j = Math.min(count - 1, Math.max(0, home + Math.floor(rnd() * 7) - 3));
      if (pins.some((p) => p.ref === parts[j]?.ref)) continue;
      const p = take(j);
      if (p) pins.push(p);
    }
    if (pins.length >= 2)
      nets.push({ name: `N${nets.length + 1}`, kind: "signal", basis: "name", pins });
  }
  if (power.length >= 2) nets.push({ name: "+3V3", kind: "power", basis: "name", pins: power });
  if (ground.length >= 2) nets.push({ name: "GND", kind: "ground", basis: "name", pins: ground });
  return { title: `random ${count}-part board ${seed}`, parts, nets };
}

/** A board for `input`, sized so its courtyards cover about `density` of it. */
export function sizedSpec(
  picks: readonly FootprintPick[],
  input: LayoutInput,
  density: number,
  config: Partial<LayoutConfig> = {},
) {
  const area = new Map(picks.map((p) => [p.libId, p.area]));
  const total = input.parts.reduce((s, p) => s + (area.get(p.footprint) ?? 10), 0);
  const side = Math.sqrt(total / density);
  const width = Math.max(20, Math.ceil((side * 1.25) / 5) * 5);
  const height = Math.max(15, Math.ceil(side / 1.25 / 5) * 5);
  const constraints: LayoutConstraint[] = [
    { key: "board.width_mm", value: width },
    { key: "board.height_mm", value: height },
  ];
  return boardSpec(constraints, layoutConfigSchema.parse(config));
}
