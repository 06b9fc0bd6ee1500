import { draftSchematic } from "../engine/kicad/draft/draft-schematic.js";
import type { Intent } from "../engine/kicad/draft/intent.js";
import { SymbolCatalog } from "../engine/kicad/library/symbol-catalog.js";
import type { Bench, BenchRow } from "./bench.js";
import { medianMs } from "./bench.js";
import { draftQualityRows } from "./draft-quality.js";

const SIZES = [50, 100, 200, 400];
const RUNS = 3;
const GROUP_SIZE = 10;
const KINDS = [
  { libId: "Device:R", value: "10k" },
  { libId: "Device:C", value: "100nF" },
  { libId: "Device:LED", value: "green" },
] as const;

/**
 * A synthetic board of `count` two-pin parts in groups of ten: each group a chain from +3V3
 * through its parts to GND, neighbours joined by a signal net. Only real library symbols.
 */
export function syntheticIntent(count: number): Intent {
  const parts: Intent["parts"] = [];
  const nets: Intent["nets"] = [];
  const rail: string[] = [];
  const ground: string[] = [];
  for (let i = 0; i < count; i++) {
    const kind = KINDS[i % KINDS.length] as (typeof KINDS)[number];
    const prefix = kind.libId === "Device:R" ? "R" : kind.libId === "Device:C" ? "C" : "D";
    parts.push({
      ref: `${prefix}${i + 1}`,
      libId: kind.libId,
      value: kind.value,
      group: `Block ${Math.floor(i / GROUP_SIZE) + 1}`,
    });
  }
  for (let g = 0; g < count; g += GROUP_SIZE) {
    const members = parts.slice(g, g + GROUP_SIZE);
    const first = members[0];
    const last = members[members.length - 1];
    if (!first || !last) continue;
    // LED pins are 1 = K, 2 = A; the chain runs from pin 2 (A) to pin 1 (K) of every part.
    rail.push(`${first.ref}.2`);
    ground.push(`${last.ref}.1`);
    for (let i = 0; i + 1 < members.length; i++) {
      nets.push({
        name: `N${g + i + 1}`,
        pins: [`${members[i]?.ref}.1`, `${members[i + 1]?.ref}.2`],
      });
    }
  }
  nets.push({ name: "+3V3", kind: "power", pins: rail });
  nets.push({ name: "GND", kind: "ground", pins: ground });
  return { version: 1, parts, nets };
}

export const draftBench: Bench = {
  name: "draft",
  async run(): Promise<BenchRow[]> {
    const catalog = SymbolCatalog.fromEnv();
    const draft = async (count: number) => {
      const result = await draftSchematic({
        intent: syntheticIntent(count),
        sheetPath: `/tmp/bench-${count}.kicad_sch`,
        catalog,
      });
      if (!result.ok)
        throw new Error(
          `synthetic ${count}-part draft failed: ${result.findings.map((f) => f.detail).join("; ")}`,
        );
      return result;
    };
    await draft(SIZES[0] ?? 50); // loads the libraries once, outside the timings
    const rows: BenchRow[] = [];
    let previous: number | undefined;
    for (const count of SIZES) {
      const ms = await medianMs(RUNS, () => draft(count));
      const paper = (await draft(count)).report.paper;
      rows.push({
        label: `draft ${count} parts`,
        measured: `${ms.toFixed(0)} ms median of ${RUNS} (paper ${paper})`,
        // Time for twice the parts over the time before: 2 is linear growth.
        ratio: previous === undefined ? undefined : ms / previous,
        target: previous === undefined ? undefined : { op: "<=", value: 3 },
      });
      previous = ms;
    }
    rows.push(...(await draftQualityRows(catalog)));
    return rows;
  },
};
