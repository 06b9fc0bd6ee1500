/**
 * The scorer's metrics in report order, each with its default weight, what its raw value
 * measures, which direction is better, and what it rewards. Two weights only: 12 for what a
 * reviewer judges a drawing by (parts wired to what they serve, signal flow, related parts
 * together, page and paper, clear text, upright ports, followable wires, meaningful labels),
 * 4 for wiring and layout style. The 3 : 1 split was chosen on half of an engineer's ranking
 * of 14 sheets and checked on the other half (docs/score.md, `npm run bench`).
 */
export const METRICS = [
  {
    name: "pin-attachment",
    weight: 12,
    better: "higher",
    raw: "share of two-pin parts with a pin wired to another part",
    rewards: "two-pin parts wired straight to the part they serve",
  },
  {
    name: "island-parts",
    weight: 12,
    better: "lower",
    raw: "share of two-pin parts reached only through labels, or not at all",
    rewards: "no two-pin part hanging between labels",
  },
  {
    name: "wire-crossings",
    weight: 4,
    better: "lower",
    raw: "crossings per wire segment",
    rewards: "few wires crossing without connecting",
  },
  {
    name: "wire-bends",
    weight: 4,
    better: "lower",
    raw: "wire corners per part",
    rewards: "few corners",
  },
  {
    name: "wire-length",
    weight: 4,
    better: "lower",
    raw: "mm of wire per part",
    rewards: "short wiring",
  },
  {
    name: "label-to-wire-ratio",
    weight: 4,
    better: "lower",
    raw: "labels per wire segment",
    rewards: "wires where wires read better than a soup of labels",
  },
  {
    name: "power-symbol-economy",
    weight: 4,
    better: "lower",
    raw: "power symbols per part",
    rewards: "power symbols used sparingly",
  },
  {
    name: "labels-per-part",
    weight: 4,
    better: "lower",
    raw: "labels per part",
    rewards: "few labels",
  },
  {
    name: "utilization",
    weight: 4,
    better: "higher",
    raw: "share of the drawing area spanned by the content (mean over pages)",
    rewards: "content filling its page",
  },
  {
    name: "axis-alignment",
    weight: 4,
    better: "higher",
    raw: "share of parts sharing a row or column with another part on their page",
    rewards: "parts lined up in rows and columns",
  },
  {
    name: "straight-wire-ratio",
    weight: 4,
    better: "higher",
    raw: "share of wire runs without a corner",
    rewards: "connections drawn as one straight line",
  },
  {
    name: "label-alignment",
    weight: 4,
    better: "higher",
    raw: "share of labels reading left to right (0° or 180°)",
    rewards: "labels that read without turning the head",
  },
  {
    name: "whitespace-balance",
    weight: 4,
    better: "lower",
    raw: "content centre's distance from the free area's centre, as a share of its half diagonal (mean over pages)",
    rewards: "content centred on the drawing area",
  },
  {
    name: "signal-flow",
    weight: 12,
    better: "higher",
    raw: "share of driver-to-load steps drawn left to right and of pins facing the rest of their net",
    rewards: "inputs at the left, outputs at the right, pins pointing where their wires go",
  },
  {
    name: "proximity",
    weight: 12,
    better: "higher",
    raw: "share of small nets (2–3 pins on one page, one a support part) whose pins lie within 38.1 mm",
    rewards: "parts that work together drawn together (a crystal at its MCU's pins)",
  },
  {
    name: "page-fill",
    weight: 12,
    better: "higher",
    raw: "share of the 10 mm cells inside the content's box holding any drawing (mean over pages)",
    rewards: "a circuit drawn compactly rather than spread thin over its page",
  },
  {
    name: "paper-size",
    weight: 12,
    better: "higher",
    raw: "share of pages on A3 or smaller paper",
    rewards: "a design split over readable pages rather than one poster",
  },
  {
    name: "text-clarity",
    weight: 12,
    better: "lower",
    raw: "text-collision and text-touching findings per part",
    rewards: "every text readable, clear of bodies, ports, pin numbers and other text",
  },
  {
    name: "power-orientation",
    weight: 12,
    better: "higher",
    raw: "share of power ports pointing the way their library draws them (ground down, rails up)",
    rewards: "supplies at the top, ground at the bottom",
  },
  {
    name: "wire-clarity",
    weight: 12,
    better: "lower",
    raw: "same-net crossings and wires hugging closer than 2.54 mm, per wire segment",
    rewards: "wires a reader can follow one by one",
  },
  {
    name: "label-use",
    weight: 12,
    better: "lower",
    raw: "labels that lead nowhere, repeat, or print an automatic Net-(…) name, per label",
    rewards: "labels used sparingly and meaningfully",
  },
] as const;

export type MetricName = (typeof METRICS)[number]["name"];

export const METRIC_NAMES: readonly MetricName[] = METRICS.map((m) => m.name);

/** The default weight of every metric, by name. */
export const DEFAULT_WEIGHTS: Readonly<Record<MetricName, number>> = Object.fromEntries(
  METRICS.map((m) => [m.name, m.weight]),
) as Record<MetricName, number>;
