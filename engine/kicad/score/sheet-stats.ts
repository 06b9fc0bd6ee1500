import type { Point } from "../geometry/point.js";
import type { Segment } from "../geometry/segment.js";
import { pinsOf } from "../schematic/pins-of.js";
import type { Schematic } from "../schematic/read-schematic.js";
import { alignedParts } from "./axis-alignment.js";
import { pageUse } from "./page-use.js";
import { attachmentCounts } from "./pin-attachment.js";
import { symbolRole } from "./symbol-role.js";
import { wireStats } from "./wire-geometry.js";

/**
 * Everything the metrics need from one sheet, as sums, so a hierarchy pools by adding its
 * sheets up (ratios are taken only after pooling: a 3-part sub-sheet does not weigh as much as
 * a 300-part one). `pages`, `utilizationSum` and `offsetSum` are per page: those metrics are
 * means over pages, because each page is looked at on its own.
 */
export interface SheetStats {
  parts: number;
  twoPinParts: number;
  attached: number;
  islands: number;
  powerSymbols: number;
  labels: number;
  horizontalLabels: number;
  wireSegments: number;
  wireLength: number;
  crossings: number;
  bends: number;
  runs: number;
  straightRuns: number;
  alignedParts: number;
  alignableParts: number;
  pages: number;
  utilizationSum: number;
  offsetSum: number;
  fillSum: number;
  /** Pages on A3 or smaller paper. */
  sensiblePages: number;
  /*
   * Measured over the whole hierarchy, not per sheet (0 from sheetStats): signal flow and
   * proximity follow nets across labels, and the reviewer's findings come from the checker.
   */
  forwardSteps: number;
  steps: number;
  facingPins: number;
  flowPins: number;
  nearNets: number;
  smallNets: number;
  /** text-collision and text-touching findings. */
  textFindings: number;
  /** power-orientation findings: ports turned from their library's direction. */
  turnedPorts: number;
  /** same-net-crossing and wire-hugging findings. */
  wireFindings: number;
  /** label-leads-nowhere, duplicate-label and auto-named-label findings. */
  labelFindings: number;
}

export const NO_STATS: Readonly<SheetStats> = {
  parts: 0,
  twoPinParts: 0,
  attached: 0,
  islands: 0,
  powerSymbols: 0,
  labels: 0,
  horizontalLabels: 0,
  wireSegments: 0,
  wireLength: 0,
  crossings: 0,
  bends: 0,
  runs: 0,
  straightRuns: 0,
  alignedParts: 0,
  alignableParts: 0,
  pages: 0,
  utilizationSum: 0,
  offsetSum: 0,
  fillSum: 0,
  sensiblePages: 0,
  forwardSteps: 0,
  steps: 0,
  facingPins: 0,
  flowPins: 0,
  nearNets: 0,
  smallNets: 0,
  textFindings: 0,
  turnedPorts: 0,
  wireFindings: 0,
  labelFindings: 0,
};

export function addStats(a: Readonly<SheetStats>, b: Readonly<SheetStats>): SheetStats {
  const out = { ...a };
  for (const key of Object.keys(NO_STATS) as Array<keyof SheetStats>) out[key] += b[key];
  return out;
}

/** Measures one sheet; `unitOf(i)` is the unit the sheet instance shows for symbol i. */
export function sheetStats(
  schematic: Schematic,
  unitOf: (symbolIndex: number) => number = (i) => schematic.symbols[i]!.unit,
): SheetStats {
  const roles = schematic.symbols.map(symbolRole);
  const origins: Point[] = [];
  const terminals: Point[] = [];
  schematic.symbols.forEach((symbol, i) => {
    if (roles[i] === "part") origins.push(symbol.at);
    for (const pin of pinsOf(symbol, unitOf(i))) terminals.push(pin.at);
  });
  const labels = schematic.labels.filter((l) => l.kind !== "directive");
  for (const label of schematic.labels) terminals.push(label.at);
  for (const sheet of schematic.sheets) for (const pin of sheet.pins) terminals.push(pin.at);
  for (const nc of schematic.noConnects) terminals.push(nc.at);
  for (const entry of schematic.busEntries) terminals.push(entry.at, entry.end);

  const wires: Segment[] = [];
  for (const line of schematic.wires) {
    for (let i = 1; i < line.points.length; i++) {
      wires.push({ a: line.points[i - 1]!, b: line.points[i]! });
    }
  }
  const wiring = wireStats(
    wires,
    schematic.junctions.map((j) => j.at),
    terminals,
  );
  const attachment = attachmentCounts(schematic, roles, unitOf);
  const alignment = alignedParts(origins);
  const page = pageUse(schematic, unitOf);

  // The review counts (signal flow, proximity, findings) come from flow-stats and the findings.
  return {
    ...NO_STATS,
    parts: origins.length,
    twoPinParts: attachment.twoPinParts,
    attached: attachment.attached,
    islands: attachment.islands,
    powerSymbols: roles.filter((r) => r === "power").length,
    labels: labels.length,
    horizontalLabels: labels.filter((l) => ((Math.round(l.angle) % 180) + 180) % 180 === 0).length,
    wireSegments: wiring.segments,
    wireLength: wiring.length,
    crossings: wiring.crossings,
    bends: wiring.bends,
    runs: wiring.runs,
    straightRuns: wiring.straightRuns,
    alignedParts: alignment.aligned,
    alignableParts: alignment.eligible,
    pages: page ? 1 : 0,
    utilizationSum: page?.utilization ?? 0,
    offsetSum: page?.offset ?? 0,
    fillSum: page?.fill ?? 0,
    sensiblePages: page?.sensible ? 1 : 0,
  };
}
