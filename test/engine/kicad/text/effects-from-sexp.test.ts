import { describe, expect, it } from "vitest";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { effectsFromSexp } from "../../../../engine/kicad/text/effects-from-sexp.js";

describe("effectsFromSexp", () => {
  it("reads KiCad 9 effects, swapping the file's (size height width) order", () => {
    const node = parseSexp(
      `(effects (font (size 2 1.5) (thickness 0.3) (bold yes) (italic yes)) (justify right bottom) (hide yes))`,
    );
    expect(effectsFromSexp(node)).toEqual({
      effects: { size: [1.5, 2], thickness: 0.3, bold: true, italic: true },
      justify: { h: "right", v: "bottom" },
      hidden: true,
    });
  });

  it("reads the older bare-atom flags", () => {
    const node = parseSexp(`(effects (font (size 1.27 1.27) bold) (justify left) hide)`);
    expect(effectsFromSexp(node)).toEqual({
      effects: { size: [1.27, 1.27], bold: true },
      justify: { h: "left", v: "center" },
      hidden: true,
    });
  });

  it("defaults to centred 1.27 mm text and reports a TrueType face", () => {
    expect(effectsFromSexp(undefined)).toEqual({
      effects: { size: [1.27, 1.27] },
      justify: { h: "center", v: "center" },
      hidden: false,
    });
    const node = parseSexp(`(effects (font (face "Arial") (size 1 1)) (hide no))`);
    expect(effectsFromSexp(node)).toMatchObject({ face: "Arial", hidden: false });
  });
});
