import { describe, expect, it } from "vitest";
import { type Calibration, metricScore } from "../../../../engine/kicad/score/metric-curves.js";
import { METRIC_NAMES } from "../../../../engine/kicad/score/metrics.js";

const calibration = Object.fromEntries(METRIC_NAMES.map((n) => [n, 0.5])) as Calibration;

describe("metricScore", () => {
  it("higher is better: 1 from the good value up, the proportion achieved below it", () => {
    expect(metricScore("pin-attachment", 0.75, calibration)).toBe(1);
    expect(metricScore("pin-attachment", 0.5, calibration)).toBe(1);
    expect(metricScore("pin-attachment", 0.25, calibration)).toBe(0.5);
    expect(metricScore("pin-attachment", 0, calibration)).toBe(0);
  });

  it("lower is better: 1 up to the good value, good ÷ raw beyond it", () => {
    expect(metricScore("wire-crossings", 0, calibration)).toBe(1);
    expect(metricScore("wire-crossings", 0.5, calibration)).toBe(1);
    expect(metricScore("wire-crossings", 2, calibration)).toBe(0.25);
  });

  it("island-parts falls linearly to 0 at its zero point", () => {
    expect(metricScore("island-parts", 0, calibration)).toBe(1);
    expect(metricScore("island-parts", 0.25, calibration)).toBe(0.5);
    expect(metricScore("island-parts", 0.75, calibration)).toBe(0);
  });
});
