import { describe, expect, it } from "vitest";
import { metricRaws } from "../../../../engine/kicad/score/metric-raws.js";
import type { MetricName } from "../../../../engine/kicad/score/metrics.js";
import { scoreSchematic } from "../../../../engine/kicad/score/score-schematic.js";
import { NO_STATS } from "../../../../engine/kicad/score/sheet-stats.js";
import { hierarchyOf, type SheetSpec } from "./helpers/sheet-builder.js";

/*
 * The metrics issue 21 added, each on a small planted sheet drawn well and drawn badly: the
 * good drawing must score higher on that metric.
 */

async function metric(spec: SheetSpec, name: MetricName) {
  const report = scoreSchematic(await hierarchyOf(spec));
  const m = report.metrics.find((x) => x.name === name);
  if (!m) throw new Error(`no metric ${name}`);
  return m;
}

describe("signal-flow", () => {
  // The amplifier's output (pin 3, on its right) drives R1.
  const amp = (rx: number): SheetSpec => ({
    parts: [
      { lib: "Amp", ref: "U1", at: [101.6, 76.2] },
      { lib: "Device:R", ref: "R1", at: [rx, 72.39] },
    ],
    wires: [
      [109.22, 76.2, rx, 76.2],
      [rx, 76.2, rx, 72.39 + 3.81],
    ],
  });
  it("rewards an output wired to the part on its right over one wired back behind the body", async () => {
    const forward = await metric(amp(127), "signal-flow");
    const back = await metric(amp(76.2), "signal-flow");
    expect(forward.raw).toBeGreaterThan(back.raw);
    expect(forward.score).toBeGreaterThan(back.score);
    expect(back.detail).toMatch(/pins? facing their net/);
  });
});

describe("proximity", () => {
  // R1 and R2 share a small net; drawn side by side, or 100 mm apart joined by labels.
  const pair = (x2: number, viaLabels: boolean): SheetSpec => ({
    parts: [
      { lib: "Device:R", ref: "R1", at: [50.8, 50.8] },
      { lib: "Device:R", ref: "R2", at: [x2, 50.8] },
    ],
    wires: viaLabels ? [] : [[50.8, 54.61, x2, 54.61]],
    labels: viaLabels
      ? [
          { name: "TAP", at: [50.8, 54.61] },
          { name: "TAP", at: [x2, 54.61] },
        ]
      : [],
  });
  it("rewards parts of a small net drawn together", async () => {
    const near = await metric(pair(60.96, false), "proximity");
    const far = await metric(pair(160.02, true), "proximity");
    expect(near.raw).toBe(1);
    expect(far.raw).toBe(0);
    expect(far.score).toBeLessThan(near.score);
  });
});

describe("page-fill and paper-size", () => {
  const row = (dx: number, paper: string): SheetSpec => ({
    paper,
    parts: Array.from({ length: 6 }, (_, i) => ({
      lib: "Device:R" as const,
      ref: `R${i + 1}`,
      at: [50.8 + i * dx, 50.8] as [number, number],
    })),
  });
  it("page-fill rewards parts drawn compactly over the same parts spread out", async () => {
    const compact = await metric(row(7.62, "A4"), "page-fill");
    const spread = await metric(row(50.8, "A4"), "page-fill");
    expect(compact.raw).toBeGreaterThan(spread.raw);
  });
  it("paper-size: an A4 page is sensible, an A1 page is not", async () => {
    expect((await metric(row(7.62, "A4"), "paper-size")).score).toBe(1);
    expect((await metric(row(7.62, "A1"), "paper-size")).score).toBe(0);
  });
});

describe("the metrics over the reviewer's findings", () => {
  const raws = (over: Partial<typeof NO_STATS>) =>
    new Map(metricRaws({ ...NO_STATS, ...over }).map((m) => [m.name, m.raw]));
  it("count findings per part, per wire, per label and per port", () => {
    const r = raws({
      parts: 10,
      textFindings: 2,
      wireSegments: 50,
      wireFindings: 5,
      labels: 4,
      labelFindings: 1,
      powerSymbols: 8,
      turnedPorts: 2,
    });
    expect(r.get("text-clarity")).toBe(0.2);
    expect(r.get("wire-clarity")).toBe(0.1);
    expect(r.get("label-use")).toBe(0.25);
    expect(r.get("power-orientation")).toBe(0.75);
  });
  it("measure nothing wrong on a sheet with nothing to judge", () => {
    const r = raws({});
    expect(r.get("text-clarity")).toBe(0);
    expect(r.get("power-orientation")).toBe(1);
    expect(r.get("signal-flow")).toBe(1);
    expect(r.get("proximity")).toBe(1);
  });
  it("take a turned ground from the checker into the score", async () => {
    const spec = (rotation: 0 | 180): SheetSpec => ({
      parts: [
        { lib: "Device:R", ref: "R1", at: [50.8, 50.8] },
        { lib: "power:GND", ref: "#PWR01", at: [50.8, 54.61], rotation },
        { lib: "power:+5V", ref: "#PWR02", at: [50.8, 46.99] },
      ],
    });
    const upright = await metric(spec(0), "power-orientation");
    const turned = await metric(spec(180), "power-orientation");
    expect(upright.raw).toBe(1);
    expect(turned.raw).toBe(0.5);
    expect(turned.score).toBeLessThan(upright.score);
  });
});
