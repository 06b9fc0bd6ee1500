/**
 * The scorer's metrics in report order, each with its default weight (the weights sum to 100,
 * so a weight reads as "points out of 100"), what its raw value measures, which direction is
 * better, and what it rewards. Connection quality comes first (it decides whether a reader can
 * follow the circuit), then wiring style, then page use. docs/score.md explains each one and
 * its calibration on KiCad's demo sheets.
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
    weight: 8,
    better: "lower",
    raw: "share of two-pin parts reached only through labels, or not at all",
    rewards: "no two-pin part hanging between labels",
  },
  {
    name: "wire-crossings",
    weight: 10,
    better: "lower",
    raw: "crossings per wire segment",
    rewards: "few wires crossing without connecting",
  },
  {
    name: "wire-bends",
    weight: 6,
    better: "lower",
    raw: "wire corners per part",
    rewards: "few corners",
  },
  {
    name: "wire-length",
    weight: 6,
    better: "lower",
    raw: "mm of wire per part",
    rewards: "short wiring",
  },
  {
    name: "label-to-wire-ratio",
    weight: 6,
    better: "lower",
    raw: "labels per wire segment",
    rewards: "wires where wires read better than a soup of labels",
  },
  {
    name: "power-symbol-economy",
    weight: 6,
    better: "lower",
    raw: "power symbols per part",
    rewards: "power symbols used sparingly",
  },
  {
    name: "labels-per-part",
    weight: 6,
    better: "lower",
    raw: "labels per part",
    rewards: "few labels",
  },
  {
    name: "utilization",
    weight: 8,
    better: "higher",
    raw: "share of the drawing area spanned by the content (mean over pages)",
    rewards: "content filling its page",
  },
  {
    name: "axis-alignment",
    weight: 10,
    better: "higher",
    raw: "share of parts sharing a row or column with another part on their page",
    rewards: "parts lined up in rows and columns",
  },
  {
    name: "straight-wire-ratio",
    weight: 6,
    better: "higher",
    raw: "share of wire runs without a corner",
    rewards: "connections drawn as one straight line",
  },
  {
    name: "label-alignment",
    weight: 6,
    better: "higher",
    raw: "share of labels reading left to right (0° or 180°)",
    rewards: "labels that read without turning the head",
  },
  {
    name: "whitespace-balance",
    weight: 10,
    better: "lower",
    raw: "content centre's distance from the free area's centre, as a share of its half diagonal (mean over pages)",
    rewards: "content centred on the drawing area",
  },
] as const;

export type MetricName = (typeof METRICS)[number]["name"];

export const METRIC_NAMES: readonly MetricName[] = METRICS.map((m) => m.name);

/** The default weight of every metric, by name. */
export const DEFAULT_WEIGHTS: Readonly<Record<MetricName, number>> = Object.fromEntries(
  METRICS.map((m) => [m.name, m.weight]),
) as Record<MetricName, number>;
