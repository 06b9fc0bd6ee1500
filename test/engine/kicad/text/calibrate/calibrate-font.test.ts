import { describe, expect, it } from "vitest";
import { calibrateFont } from "../../../../../engine/kicad/text/calibrate/calibrate-font.js";
import { fontCalibration } from "../../../../../engine/kicad/text/font-calibration.js";

// Re-measures a handful of glyphs with the calibration code and real kicad-cli, and checks the
// committed table still says the same: the table is reproducible, not hand-edited.
const SAMPLE = ["A", "W", "g", "1", "µ", "Ω", "~", " ", "_"];
const TOLERANCE = 1e-3;

describe("the committed stroke-font table", () => {
  it("matches a fresh calibration from kicad-cli", async () => {
    const fresh = await calibrateFont({ chars: SAMPLE });
    const committed = fontCalibration();
    for (const c of SAMPLE) {
      const a = fresh.glyphs[c];
      const b = committed.glyphs[c];
      expect(b, `committed glyph ${JSON.stringify(c)}`).toBeDefined();
      if (!a || !b) continue;
      expect(Math.abs(a.advance - b.advance), `advance of ${c}`).toBeLessThan(TOLERANCE);
      expect(Math.abs(a.italic.advance - b.italic.advance), `italic advance of ${c}`).toBeLessThan(
        TOLERANCE,
      );
      expect(a.ink === null, `ink presence of ${c}`).toBe(b.ink === null);
      a.ink?.forEach((v, i) => {
        expect(Math.abs(v - (b.ink?.[i] ?? Number.NaN)), `ink[${i}] of ${c}`).toBeLessThan(
          TOLERANCE,
        );
      });
    }
    expect(Math.abs(fresh.lineSpacing - committed.lineSpacing)).toBeLessThan(TOLERANCE);
    expect(Math.abs(fresh.overbar.height - committed.overbar.height)).toBeLessThan(TOLERANCE);
    expect(Math.abs(fresh.superscript.scale - committed.superscript.scale)).toBeLessThan(TOLERANCE);
    expect(Math.abs(fresh.subscript.shift - committed.subscript.shift)).toBeLessThan(TOLERANCE);
  });

  it("covers printable ASCII and the value symbols", () => {
    const glyphs = fontCalibration().glyphs;
    for (let c = 0x20; c < 0x7f; c++) expect(glyphs[String.fromCharCode(c)]).toBeDefined();
    for (const c of "µΩ°±≥≤") expect(glyphs[c], c).toBeDefined();
    // KiCad's stroke font is proportional: "W" is much wider than "i", a space draws nothing.
    expect(glyphs.W?.advance ?? 0).toBeGreaterThan(2 * (glyphs.i?.advance ?? 1));
    expect(glyphs[" "]?.ink).toBeNull();
  });
});
