import { beforeAll, describe, expect, it } from "vitest";
import type { Probe } from "../../../../engine/kicad/text/calibrate/probe-sheet.js";
import {
  type ProbeInk,
  renderProbes,
} from "../../../../engine/kicad/text/calibrate/render-probes.js";
import { textExtent } from "../../../../engine/kicad/text/text-extent.js";

// Strings the legibility checker measures every day, at the sizes schematics use.
const STRINGS = [
  "R1",
  "10k",
  "GND",
  "100nF 0402",
  "+3V3",
  "MixedCase Value",
  "µ",
  "4µ7",
  "2.2kΩ ±1%",
  "≥ 3.3V",
  "USB_D+",
  "~{RESET}",
  "V_{CC}",
  "SPI1_MISO_DATA_OUT_LONG_NET_NAME",
  "Line one\nsecond line",
];
const SIZES = [1, 1.27, 2.54];

let measured: ProbeInk[] = [];

beforeAll(async () => {
  const probes: Probe[] = [];
  SIZES.forEach((size, column) => {
    STRINGS.forEach((text, row) => {
      probes.push({
        kind: "text",
        text,
        at: { x: 20 + column * 150, y: 20 + row * 12 },
        angle: 0,
        justify: { h: "left", v: "bottom" },
        effects: { size: [size, size] },
      });
    });
  });
  measured = await renderProbes(probes, "A3");
});

describe("textExtent against kicad-cli's own rendering", () => {
  it("measures every probe", () => {
    expect(measured).toHaveLength(STRINGS.length * SIZES.length);
    for (const m of measured) expect(m.ink, m.probe.text).toBeDefined();
  });

  for (const size of SIZES) {
    it(`width and height within 3% or 0.1 mm at ${size} mm`, () => {
      for (const m of measured.filter((p) => p.probe.effects.size[0] === size)) {
        const ink = m.ink;
        if (!ink) throw new Error(`nothing drawn for ${m.probe.text}`);
        const ours = textExtent(m.probe.text, m.probe.effects);
        const width = ink.maxX - ink.minX;
        const height = ink.maxY - ink.minY;
        const label = `${JSON.stringify(m.probe.text)} @ ${size}`;
        expect(Math.abs(ours.width - width), label).toBeLessThanOrEqual(
          Math.max(0.03 * width, 0.1),
        );
        expect(Math.abs(ours.height - height), label).toBeLessThanOrEqual(
          Math.max(0.03 * height, 0.1),
        );
      }
    });
  }

  it("is zero for text KiCad does not draw", () => {
    expect(textExtent("", { size: [1.27, 1.27] })).toEqual({ width: 0, height: 0 });
    expect(textExtent("~", { size: [1.27, 1.27] })).toEqual({ width: 0, height: 0 });
    expect(textExtent("   ", { size: [1.27, 1.27] })).toEqual({ width: 0, height: 0 });
  });

  it("grows with size and with text", () => {
    const small = textExtent("10k", { size: [1.27, 1.27] });
    const large = textExtent("10k", { size: [2.54, 2.54] });
    expect(large.width).toBeGreaterThan(1.9 * small.width);
    expect(textExtent("100k", { size: [1.27, 1.27] }).width).toBeGreaterThan(small.width);
  });
});
