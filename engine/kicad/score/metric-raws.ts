import type { MetricName } from "./metrics.js";
import type { SheetStats } from "./sheet-stats.js";

/** One metric's measurement over pooled stats, and what was counted, in words. */
export interface MetricRaw {
  name: MetricName;
  raw: number;
  detail: string;
}

const ratio = (n: number, d: number, none: number) => (d > 0 ? n / d : none);
const fixed = (v: number, digits = 2) => Number(v.toFixed(digits)).toString();
const count = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

/**
 * The thirteen measurements, in catalogue order (see METRICS for what each raw is). Empty
 * cases measure as "nothing wrong": no two-pin parts → attachment 1 and islands 0, no wires →
 * no crossings and every run straight, no labels → all aligned, no known page → page metrics
 * neutral. Per-part and per-wire ratios divide by at least 1, so they stay finite.
 */
export function metricRaws(s: SheetStats): MetricRaw[] {
  const perPart = (n: number) => n / Math.max(1, s.parts);
  const parts = count(s.parts, "part");
  const wires = count(s.wireSegments, "wire segment");
  const pages = count(s.pages, "page");
  const utilization = ratio(s.utilizationSum, s.pages, 1);
  const offset = ratio(s.offsetSum, s.pages, 0);
  return [
    {
      name: "pin-attachment",
      raw: ratio(s.attached, s.twoPinParts, 1),
      detail: `${s.attached} of ${count(s.twoPinParts, "two-pin part")} wired to another part`,
    },
    {
      name: "island-parts",
      raw: ratio(s.islands, s.twoPinParts, 0),
      detail: `${s.islands} of ${count(s.twoPinParts, "two-pin part")} reached only through labels or not at all`,
    },
    {
      name: "wire-crossings",
      raw: ratio(s.crossings, s.wireSegments, 0),
      detail: `${count(s.crossings, "crossing")} among ${wires}`,
    },
    {
      name: "wire-bends",
      raw: perPart(s.bends),
      detail: `${count(s.bends, "corner")} over ${parts}`,
    },
    {
      name: "wire-length",
      raw: perPart(s.wireLength),
      detail: `${fixed(s.wireLength, 1)} mm of wire over ${parts}`,
    },
    {
      name: "label-to-wire-ratio",
      raw: s.labels / Math.max(1, s.wireSegments),
      detail: `${count(s.labels, "label")} for ${wires}`,
    },
    {
      name: "power-symbol-economy",
      raw: perPart(s.powerSymbols),
      detail: `${count(s.powerSymbols, "power symbol")} for ${parts}`,
    },
    {
      name: "labels-per-part",
      raw: perPart(s.labels),
      detail: `${count(s.labels, "label")} for ${parts}`,
    },
    {
      name: "utilization",
      raw: utilization,
      detail: `content spans ${fixed(utilization * 100, 1)}% of the drawing area (mean over ${pages})`,
    },
    {
      name: "axis-alignment",
      raw: ratio(s.alignedParts, s.alignableParts, 1),
      detail: `${s.alignedParts} of ${count(s.alignableParts, "part")} on pages with others share a row or column`,
    },
    {
      name: "straight-wire-ratio",
      raw: ratio(s.straightRuns, s.runs, 1),
      detail: `${s.straightRuns} of ${count(s.runs, "wire run")} drawn without a corner`,
    },
    {
      name: "label-alignment",
      raw: ratio(s.horizontalLabels, s.labels, 1),
      detail: `${s.horizontalLabels} of ${count(s.labels, "label")} read left to right`,
    },
    {
      name: "whitespace-balance",
      raw: offset,
      detail: `content centre ${fixed(offset * 100, 1)}% of the half diagonal off centre (mean over ${pages})`,
    },
    {
      name: "signal-flow",
      raw: ratio(s.forwardSteps + s.facingPins, s.steps + s.flowPins, 1),
      detail: `${s.forwardSteps} of ${count(s.steps, "driver-to-load step")} left to right, ${s.facingPins} of ${count(s.flowPins, "pin")} facing their net`,
    },
    {
      name: "proximity",
      raw: ratio(s.nearNets, s.smallNets, 1),
      detail: `${s.nearNets} of ${count(s.smallNets, "small net")} drawn within 38.1 mm`,
    },
    {
      name: "page-fill",
      raw: ratio(s.fillSum, s.pages, 1),
      detail: `drawing in ${fixed(ratio(s.fillSum, s.pages, 1) * 100, 1)}% of the page's cells (mean over ${pages})`,
    },
    {
      name: "paper-size",
      raw: ratio(s.sensiblePages, s.pages, 1),
      detail: `${s.sensiblePages} of ${pages} on A3 or smaller`,
    },
    {
      name: "text-clarity",
      raw: perPart(s.textFindings),
      detail: `${count(s.textFindings, "text drawn on something", "texts drawn on something")} over ${parts}`,
    },
    {
      name: "power-orientation",
      raw: ratio(s.powerSymbols - s.turnedPorts, s.powerSymbols, 1),
      detail: `${s.powerSymbols - s.turnedPorts} of ${count(s.powerSymbols, "power port")} pointing the conventional way`,
    },
    {
      name: "wire-clarity",
      raw: s.wireFindings / Math.max(1, s.wireSegments),
      detail: `${count(s.wireFindings, "crossing or hugging wire pair")} among ${wires}`,
    },
    {
      name: "label-use",
      raw: s.labelFindings / Math.max(1, s.labels),
      detail: `${s.labelFindings} of ${count(s.labels, "label")} leading nowhere, repeated or auto-named`,
    },
  ];
}
