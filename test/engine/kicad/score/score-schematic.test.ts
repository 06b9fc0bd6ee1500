import { beforeAll, describe, expect, it } from "vitest";
import { UsageError } from "../../../../engine/errors.js";
import { CALIBRATED_FLOOR, CALIBRATION } from "../../../../engine/kicad/score/calibration.js";
import type { MetricName } from "../../../../engine/kicad/score/metrics.js";
import { METRIC_NAMES } from "../../../../engine/kicad/score/metrics.js";
import { type ScoreReport, scoreReportSchema } from "../../../../engine/kicad/score/report.js";
import {
  type ScoreOptions,
  scoreSchematic,
} from "../../../../engine/kicad/score/score-schematic.js";
import { hierarchyOf, type SheetSpec } from "./helpers/sheet-builder.js";

async function score(spec: SheetSpec, options: ScoreOptions = {}): Promise<ScoreReport> {
  return scoreReportSchema.parse(scoreSchematic(await hierarchyOf(spec), options));
}

function metric(report: ScoreReport, name: MetricName) {
  const found = report.metrics.find((m) => m.name === name);
  if (!found) throw new Error(`no metric ${name}`);
  return found;
}

// R at (x, y): pins (x, y − 3.81) and (x, y + 3.81). LED at (x, y): pins (x ∓ 3.81, y).
const resistorToLed: SheetSpec = {
  parts: [
    { lib: "Device:R", ref: "R1", at: [50.8, 50.8] },
    { lib: "Device:LED", ref: "D1", at: [63.5, 54.61] },
  ],
  wires: [[50.8, 54.61, 59.69, 54.61]],
};

describe("pin attachment and islands", () => {
  it("a resistor wired to a LED: both two-pin parts attached, no island", async () => {
    const report = await score(resistorToLed);
    expect(metric(report, "pin-attachment")).toMatchObject({
      raw: 1,
      score: 1,
      detail: "2 of 2 two-pin parts wired to another part",
    });
    expect(metric(report, "island-parts")).toMatchObject({ raw: 0, score: 1 });
  });

  it("a resistor between two labels is an island and not attached", async () => {
    const report = await score({
      parts: [{ lib: "Device:R", ref: "R1", at: [50.8, 50.8] }],
      labels: [
        { name: "A", at: [50.8, 46.99] },
        { name: "B", at: [50.8, 54.61] },
      ],
    });
    expect(metric(report, "pin-attachment")).toMatchObject({ raw: 0, score: 0 });
    expect(metric(report, "island-parts")).toMatchObject({
      raw: 1,
      score: 0,
      detail: "1 of 1 two-pin part reached only through labels or not at all",
    });
  });

  it("a resistor between two power ports is neither attached nor an island", async () => {
    const report = await score({
      parts: [
        { lib: "Device:R", ref: "R1", at: [50.8, 50.8] },
        { lib: "power:+5V", ref: "#PWR01", at: [50.8, 46.99] },
        { lib: "power:GND", ref: "#PWR02", at: [50.8, 54.61] },
        // A power flag is an ERC annotation: neither a part nor a power symbol.
        { lib: "power:PWR_FLAG", ref: "#FLG01", at: [50.8, 54.61] },
      ],
    });
    expect(metric(report, "pin-attachment").raw).toBe(0);
    expect(metric(report, "island-parts").raw).toBe(0);
    // Power ports are not parts: one part, two power symbols.
    expect(metric(report, "power-symbol-economy")).toMatchObject({
      raw: 2,
      detail: "2 power symbols for 1 part",
    });
    expect(metric(report, "power-symbol-economy").score).toBeCloseTo(
      CALIBRATION["power-symbol-economy"] / 2,
      4,
    );
  });

  it("does not follow labels: two parts joined only by a label pair are not attached", async () => {
    const report = await score({
      parts: [
        { lib: "Device:R", ref: "R1", at: [50.8, 50.8] },
        { lib: "Device:LED", ref: "D1", at: [101.6, 50.8] },
      ],
      labels: [
        { name: "N", at: [50.8, 54.61] },
        { name: "N", at: [97.79, 50.8] },
      ],
    });
    expect(metric(report, "pin-attachment").raw).toBe(0);
    expect(metric(report, "island-parts").raw).toBe(1);
  });

  it("joins a wire ending on another wire's middle only through a junction, as KiCad does", async () => {
    // R1's wire runs up to the middle of the wire from D1 to the far end.
    const tee = (junctions: Array<[number, number]>): SheetSpec => ({
      parts: [
        { lib: "Device:R", ref: "R1", at: [76.2, 50.8] },
        { lib: "Device:LED", ref: "D1", at: [50.8, 38.1] },
      ],
      wires: [
        [54.61, 38.1, 101.6, 38.1],
        [76.2, 46.99, 76.2, 38.1],
      ],
      junctions,
    });
    expect(metric(await score(tee([])), "pin-attachment").raw).toBe(0);
    expect(metric(await score(tee([[76.2, 38.1]])), "pin-attachment").raw).toBe(1);
  });

  it("counts only parts whose placed unit has exactly two pins", async () => {
    const report = await score({
      parts: [
        { lib: "Amp", ref: "U1", at: [50.8, 50.8] },
        { lib: "Device:R", ref: "R1", at: [68.58, 54.61] },
      ],
      // U1 pin 3 (58.42, 50.8) to R1 pin 1 (68.58, 50.8).
      wires: [[58.42, 50.8, 68.58, 50.8]],
    });
    expect(metric(report, "pin-attachment").detail).toBe(
      "1 of 1 two-pin part wired to another part",
    );
  });
});

describe("wiring metrics", () => {
  it("two wires crossing: 1 crossing among 2 segments", async () => {
    const report = await score({
      wires: [
        [50.8, 63.5, 101.6, 63.5],
        [76.2, 38.1, 76.2, 88.9],
      ],
    });
    expect(metric(report, "wire-crossings")).toMatchObject({
      raw: 0.5,
      detail: "1 crossing among 2 wire segments",
    });
  });

  it("a T-junction is no crossing", async () => {
    const report = await score({
      wires: [
        [50.8, 63.5, 101.6, 63.5],
        [76.2, 63.5, 76.2, 88.9],
      ],
      junctions: [[76.2, 63.5]],
    });
    expect(metric(report, "wire-crossings")).toMatchObject({ raw: 0, score: 1 });
  });

  it("corners per part, wire length per part and straight runs", async () => {
    // R1 → LED with an L-shaped wire (one corner), plus a straight stub to a label.
    const report = await score({
      parts: [
        { lib: "Device:R", ref: "R1", at: [50.8, 50.8] },
        { lib: "Device:LED", ref: "D1", at: [63.5, 63.5] },
      ],
      wires: [
        [50.8, 54.61, 50.8, 63.5],
        [50.8, 63.5, 59.69, 63.5],
        [67.31, 63.5, 76.2, 63.5],
      ],
      labels: [{ name: "OUT", at: [76.2, 63.5] }],
    });
    expect(metric(report, "wire-bends")).toMatchObject({
      raw: 0.5,
      detail: "1 corner over 2 parts",
    });
    const length = 8.89 + 8.89 + 8.89;
    expect(metric(report, "wire-length").raw).toBeCloseTo(length / 2, 4);
    expect(metric(report, "straight-wire-ratio")).toMatchObject({
      raw: 0.5,
      detail: "1 of 2 wire runs drawn without a corner",
    });
  });

  it("labels per wire and per part, and label reading direction", async () => {
    const report = await score({
      parts: [{ lib: "Device:R", ref: "R1", at: [50.8, 50.8] }],
      wires: [[50.8, 54.61, 50.8, 63.5]],
      labels: [
        { name: "A", at: [50.8, 46.99], angle: 0 },
        { name: "B", at: [50.8, 63.5], angle: 90 },
        { name: "C", at: [76.2, 76.2], angle: 180, kind: "global_label" },
      ],
    });
    expect(metric(report, "label-to-wire-ratio")).toMatchObject({ raw: 3 });
    expect(metric(report, "labels-per-part")).toMatchObject({ raw: 3 });
    expect(metric(report, "label-alignment").raw).toBeCloseTo(2 / 3, 4);
  });
});

describe("placement and page metrics", () => {
  it("axis alignment: the share of parts sharing a row or column on their page", async () => {
    const report = await score({
      parts: [
        { lib: "Device:R", ref: "R1", at: [50.8, 50.8] },
        { lib: "Device:R", ref: "R2", at: [50.8, 76.2] },
        { lib: "Device:R", ref: "R3", at: [101.6, 88.9] },
        // Power ports are not parts: lining one up with R3 does not make R3 aligned.
        { lib: "power:GND", ref: "#PWR01", at: [101.6, 101.6] },
      ],
    });
    expect(metric(report, "axis-alignment").raw).toBeCloseTo(2 / 3, 4);
  });

  it("utilization and whitespace balance on KiCad's A4 frame, computed by hand", async () => {
    const report = await score({
      paper: "A4",
      wires: [
        [50.8, 50.8, 152.4, 50.8],
        [152.4, 50.8, 152.4, 101.6],
      ],
    });
    // A4 is 11693 × 8268 mil; the drawing area sits inside a 10 mm border and a 2 mm ruler band,
    // and the 108 × 32 mm title block fills its bottom-right corner.
    const w = 11693 * 0.0254;
    const h = 8268 * 0.0254;
    const area = (w - 24) * (h - 24);
    expect(metric(report, "utilization").raw).toBeCloseTo((101.6 * 50.8) / area, 4);

    const centre = { x: w / 2, y: h / 2 };
    const block = { x: w - 12 - 54, y: h - 12 - 16 };
    const free = {
      x: (area * centre.x - 3456 * block.x) / (area - 3456),
      y: (area * centre.y - 3456 * block.y) / (area - 3456),
    };
    const offset = Math.hypot(101.6 - free.x, 76.2 - free.y) / (Math.hypot(w - 24, h - 24) / 2);
    expect(metric(report, "whitespace-balance").raw).toBeCloseTo(offset, 4);
  });

  it("leaves a page of unknown size out of the page metrics", async () => {
    const report = await score({ paper: "Z9", wires: [[50.8, 50.8, 152.4, 50.8]] });
    expect(metric(report, "utilization")).toMatchObject({ raw: 1, score: 1 });
    expect(metric(report, "utilization").detail).toContain("mean over 0 pages");
    expect(metric(report, "whitespace-balance")).toMatchObject({ raw: 0, score: 1 });
  });
});

describe("the composite", () => {
  let h0: Awaited<ReturnType<typeof hierarchyOf>>;
  beforeAll(async () => {
    h0 = await hierarchyOf(resistorToLed);
  });

  it("is the weighted mean of the metric scores, and the contributions add up to it", async () => {
    const report = await score(resistorToLed);
    const total = report.metrics.reduce((s, m) => s + m.weight, 0);
    const mean = report.metrics.reduce((s, m) => s + (100 * m.weight * m.score) / total, 0);
    expect(report.uncapped).toBeCloseTo(mean, 1);
    expect(report.composite).toBe(report.uncapped);
    expect(report.cap).toBeNull();
    expect(report.metrics.map((m) => m.name)).toEqual(METRIC_NAMES);
    const sum = report.metrics.reduce((s, m) => s + m.contribution, 0);
    expect(sum).toBeCloseTo(report.uncapped, 1);
  });

  it("takes weight overrides: only the weighted metrics count", async () => {
    const zero = Object.fromEntries(METRIC_NAMES.map((name) => [name, 0]));
    const island = {
      parts: [{ lib: "Device:R" as const, ref: "R1", at: [50.8, 50.8] as [number, number] }],
      labels: [{ name: "A", at: [50.8, 46.99] as [number, number] }],
    };
    const onlyIslands = await score(island, { weights: { ...zero, "island-parts": 1 } });
    expect(onlyIslands.composite).toBe(0);
    const onlyCrossings = await score(island, { weights: { ...zero, "wire-crossings": 3 } });
    expect(onlyCrossings.composite).toBe(100);
    expect(metric(onlyCrossings, "wire-crossings")).toMatchObject({ weight: 3, contribution: 100 });
    expect(metric(onlyCrossings, "island-parts")).toMatchObject({ weight: 0, contribution: 0 });
  });

  it("refuses unknown metrics, negative weights and all-zero weights", async () => {
    const h = await hierarchyOf(resistorToLed);
    expect(() => scoreSchematic(h, { weights: { "wire-crosings": 1 } as never })).toThrow(
      UsageError,
    );
    expect(() => scoreSchematic(h, { weights: { "wire-crossings": -1 } })).toThrow(/0 or more/);
    const zero = Object.fromEntries(METRIC_NAMES.map((name) => [name, 0]));
    expect(() => scoreSchematic(h, { weights: zero })).toThrow(/above 0/);
  });

  it("caps the composite below the floor while error-severity legibility findings exist", async () => {
    const clean = await score(resistorToLed);
    expect(clean.uncapped).toBeGreaterThan(CALIBRATED_FLOOR);

    const capped = await score(resistorToLed, { legibility: { error: 2, advisory: 1 } });
    expect(capped.uncapped).toBe(clean.uncapped);
    expect(capped.composite).toBe(CALIBRATED_FLOOR - 1);
    expect(capped.cap).toEqual({
      value: CALIBRATED_FLOOR - 1,
      reason: expect.stringContaining("2 error-severity legibility findings hold the score at"),
    });
    expect(capped.cap?.reason).toContain(`below the floor of ${CALIBRATED_FLOOR}`);
    expect(capped.legibility).toEqual({ error: 2, advisory: 1 });

    const report = {
      counts: { error: 1, advisory: 0 },
    };
    const ownFloor = await score(resistorToLed, { legibility: report, floor: 30 });
    expect(ownFloor.composite).toBe(29);
    expect(ownFloor.cap?.reason).toMatch(
      /^1 error-severity legibility finding holds the score at 29 or less, below the configured floor of 30/,
    );
  });

  it("keeps a composite already under the cap, and says the cap holds", async () => {
    const low = await score(
      { parts: [{ lib: "Device:R", ref: "R1", at: [50.8, 50.8] }] },
      {
        weights: { ...Object.fromEntries(METRIC_NAMES.map((n) => [n, 0])), "island-parts": 1 },
        legibility: { error: 1 },
      },
    );
    expect(low.composite).toBe(0);
    expect(low.cap?.value).toBe(CALIBRATED_FLOOR - 1);
  });

  it("takes the legibility result as a bare error count too", async () => {
    const report = await score(resistorToLed, { legibility: 3 });
    expect(report.legibility).toEqual({ error: 3, advisory: 0 });
    expect(report.cap?.reason).toMatch(/^3 error-severity legibility findings hold/);
    expect(() => scoreSchematic(h0, { legibility: -1 })).toThrow();
  });

  it("advisory findings alone do not cap", async () => {
    const report = await score(resistorToLed, { legibility: { error: 0, advisory: 5 } });
    expect(report.cap).toBeNull();
    expect(report.composite).toBe(report.uncapped);
  });

  it("pools every sheet of the hierarchy", async () => {
    const sub: SheetSpec = {
      parts: [{ lib: "Device:R", ref: "R9", at: [50.8, 50.8] }],
      labels: [
        { name: "A", at: [50.8, 46.99], kind: "hierarchical_label" },
        { name: "B", at: [50.8, 54.61], kind: "hierarchical_label" },
      ],
    };
    const root: SheetSpec = {
      ...resistorToLed,
      sheets: [{ name: "Sub", file: "sub.kicad_sch", at: [127, 50.8], size: [25.4, 25.4] }],
    };
    const report = scoreReportSchema.parse(
      scoreSchematic(await hierarchyOf(root, { "sub.kicad_sch": sub })),
    );
    expect(report.sheets).toBe(2);
    expect(metric(report, "pin-attachment").detail).toBe(
      "2 of 3 two-pin parts wired to another part",
    );
    expect(metric(report, "island-parts").raw).toBeCloseTo(1 / 3, 4);
  });

  it("counts a sheet file placed twice as two pages", async () => {
    const sub: SheetSpec = { parts: [{ lib: "Device:R", ref: "R9", at: [50.8, 50.8] }] };
    const root: SheetSpec = {
      sheets: [
        { name: "A", file: "sub.kicad_sch", at: [50.8, 50.8], size: [25.4, 25.4] },
        { name: "B", file: "sub.kicad_sch", at: [101.6, 50.8], size: [25.4, 25.4] },
      ],
    };
    const report = scoreSchematic(await hierarchyOf(root, { "sub.kicad_sch": sub }));
    expect(report.sheets).toBe(3);
    expect(metric(report, "island-parts").detail).toBe(
      "2 of 2 two-pin parts reached only through labels or not at all",
    );
  });

  it("is deterministic: the same sheet scores the same, byte for byte", async () => {
    const a = JSON.stringify(await score(resistorToLed, { legibility: { error: 1 } }));
    const b = JSON.stringify(await score(resistorToLed, { legibility: { error: 1 } }));
    expect(a).toBe(b);
  });
});
