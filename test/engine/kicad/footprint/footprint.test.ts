import { describe, expect, it } from "vitest";
import { readFootprint } from "../../../../engine/kicad/footprint/footprint.js";
import { footprintGraphicsOnBoard } from "../../../../engine/kicad/footprint/footprint-graphics-on-board.js";
import { layerListCovers } from "../../../../engine/kicad/footprint/layer-match.js";
import { PcbFormatError } from "../../../../engine/kicad/footprint/pcb-format-error.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";

/**
 * A back-side resistor turned 90°, as a board file stores it: local geometry already flipped
 * (B.* layers), pad angles absolute (90 = footprint 90 + pad 0).
 */
const BACK_R = `(footprint "Resistor_SMD:R_0603_1608Metric"
  (layer "B.Cu")
  (uuid "11111111-0000-4000-8000-000000000001")
  (at 100 50 90)
  (descr "Resistor SMD 0603")
  (tags "resistor")
  (property "Reference" "R7" (at 0 1.43 90) (layer "B.SilkS") (uuid "11111111-0000-4000-8000-000000000002")
    (effects (font (size 1 1) (thickness 0.15)) (justify mirror)))
  (property "Value" "10k" (at 0 -1.43 90) (layer "B.Fab") (hide yes) (uuid "11111111-0000-4000-8000-000000000003"))
  (property "MPN" "RC0603FR-0710KL" (at 0 0 90) (layer "B.Fab") (hide yes) (uuid "11111111-0000-4000-8000-000000000004"))
  (path "/aaaaaaaa-0000-4000-8000-000000000001")
  (sheetname "/")
  (sheetfile "demo.kicad_sch")
  (attr smd exclude_from_bom dnp)
  (fp_rect (start -1.48 -0.73) (end 1.48 0.73) (stroke (width 0.05) (type solid)) (fill no) (layer "B.CrtYd")
    (uuid "11111111-0000-4000-8000-000000000005"))
  (fp_line (start -0.8 0.4) (end 0.8 0.4) (stroke (width 0.1) (type solid)) (layer "B.Fab")
    (uuid "11111111-0000-4000-8000-000000000006"))
  (fp_text user "\${REFERENCE}" (at 0 0 90) (layer "B.Fab") (uuid "11111111-0000-4000-8000-000000000007")
    (effects (font (size 0.4 0.4) (thickness 0.06)) (justify mirror)))
  (pad "1" smd roundrect (at -0.775 0 90) (size 0.9 0.95) (layers "B.Cu" "B.Mask" "B.Paste")
    (roundrect_rratio 0.25) (net 3 "VCC") (pinfunction "A") (pintype "passive")
    (uuid "11111111-0000-4000-8000-000000000008"))
  (pad "2" smd roundrect (at 0.775 0 90) (size 0.9 0.95) (layers "B.Cu" "B.Mask" "B.Paste")
    (roundrect_rratio 0.25) (net 0 "") (uuid "11111111-0000-4000-8000-000000000009"))
  (pad "3" thru_hole rect (at 1 1 135) (size 1.7 1.2) (drill oval 1 0.6 (offset 0.2 0)) (layers "*.Cu" "*.Mask")
    (net 4 "/SIG") (uuid "11111111-0000-4000-8000-00000000000a"))
  (pad "" np_thru_hole circle (at 0 -2 90) (size 1 1) (drill 1) (layers "*.Cu" "*.Mask")
    (uuid "11111111-0000-4000-8000-00000000000b"))
  (embedded_fonts no)
  (model "\${KICAD9_3DMODEL_DIR}/Resistor_SMD.3dshapes/R_0603_1608Metric.step"
    (offset (xyz 0 0 0.1)) (scale (xyz 1 1 1)) (rotate (xyz 0 0 90)))
)`;

const fp = readFootprint(parseSexp(BACK_R));
const pad = (n: string) => fp.pads.find((p) => p.number === n);

describe("readFootprint on a turned back-side footprint", () => {
  it("reads identity, properties, attributes and links", () => {
    expect(fp).toMatchObject({
      libId: "Resistor_SMD:R_0603_1608Metric",
      library: "Resistor_SMD",
      name: "R_0603_1608Metric",
      reference: "R7",
      value: "10k",
      layer: "B.Cu",
      side: "back",
      placement: { at: { x: 100, y: 50 }, rotation: 90 },
      path: "/aaaaaaaa-0000-4000-8000-000000000001",
      sheetFile: "demo.kicad_sch",
      description: "Resistor SMD 0603",
    });
    expect(fp.properties.MPN).toBe("RC0603FR-0710KL");
    expect(fp.attributes).toMatchObject({
      type: "smd",
      dnp: true,
      excludeFromBom: true,
      excludeFromPosFiles: false,
      boardOnly: false,
    });
  });

  it("places pads by fp_at + (x cosθ + y sinθ, −x sinθ + y cosθ)", () => {
    // θ = 90°: (x, y) ↦ (100 + y, 50 − x).
    expect(pad("1")).toMatchObject({
      type: "smd",
      shape: "roundrect",
      local: { x: -0.775, y: 0 },
      at: { x: 100, y: 50.775 },
      rotation: 90,
      localRotation: 0,
      net: { number: 3, name: "VCC" },
      pinFunction: "A",
      pinType: "passive",
      roundRectRatio: 0.25,
      size: { width: 0.9, height: 0.95 },
      drill: undefined,
    });
    expect(pad("2")?.at).toEqual({ x: 100, y: 49.225 });
    expect(pad("2")?.net).toBeUndefined();
    expect(pad("")?.at).toEqual({ x: 98, y: 50 });
  });

  it("moves the copper of an offset-drilled pad away from its hole, turned with the pad", () => {
    const p3 = pad("3");
    expect(p3?.at).toEqual({ x: 101, y: 49 });
    expect(p3?.localRotation).toBe(45);
    expect(p3?.drill).toEqual({ shape: "oval", width: 1, height: 0.6, offset: { x: 0.2, y: 0 } });
    // Offset (0.2, 0) turned by the pad's 135°: (0.2 cos135, −0.2 sin135).
    expect(p3?.shapeCenter.x).toBeCloseTo(101 - 0.2 * Math.SQRT1_2, 12);
    expect(p3?.shapeCenter.y).toBeCloseTo(49 - 0.2 * Math.SQRT1_2, 12);
    expect(layerListCovers(p3?.layers ?? [], "B.Cu")).toBe(true);
    expect(layerListCovers(p3?.layers ?? [], "In2.Cu")).toBe(true);
    expect(layerListCovers(pad("1")?.layers ?? [], "F.Cu")).toBe(false);
  });

  it("boxes the back courtyard in board coordinates", () => {
    expect(fp.courtyard.front).toBeUndefined();
    expect(fp.courtyard.back).toEqual({ minX: 99.27, minY: 48.52, maxX: 100.73, maxY: 51.48 });
    expect(fp.courtyard.box).toEqual(fp.courtyard.back);
  });

  it("keeps drawn items local and places them on request", () => {
    const fab = fp.graphics.find((g) => g.layer === "B.Fab" && g.shape === "line");
    expect(fab).toMatchObject({ start: { x: -0.8, y: 0.4 }, end: { x: 0.8, y: 0.4 }, width: 0.1 });
    const placed = footprintGraphicsOnBoard(fp, "B.Fab").find((g) => g.shape === "line");
    expect(placed).toMatchObject({ start: { x: 100.4, y: 50.8 }, end: { x: 100.4, y: 49.2 } });
    const texts = fp.graphics
      .filter((g) => g.shape === "text")
      .map((g) => g.shape === "text" && g.kind);
    expect(texts).toEqual(["reference", "value", "mpn", "user"]);
    const value = fp.graphics.find((g) => g.shape === "text" && g.kind === "value");
    expect(value).toMatchObject({ hidden: true, text: "10k", layer: "B.Fab" });
  });

  it("lists 3D models with their transforms", () => {
    expect(fp.models).toEqual([
      {
        path: `\${KICAD9_3DMODEL_DIR}/Resistor_SMD.3dshapes/R_0603_1608Metric.step`,
        hidden: false,
        opacity: undefined,
        offset: { x: 0, y: 0, z: 0.1 },
        scale: { x: 1, y: 1, z: 1 },
        rotate: { x: 0, y: 0, z: 90 },
      },
    ]);
  });
});

describe("readFootprint on files KiCad would not load", () => {
  it("names the pad with an unknown type and how to fix it", () => {
    const bad = parseSexp(`(footprint "X" (layer "F.Cu")
      (pad "1" smt rect (at 0 0) (size 1 1) (layers "F.Cu") (uuid "22222222-0000-4000-8000-000000000001")))`);
    expect(() => readFootprint(bad)).toThrow(PcbFormatError);
    expect(() => readFootprint(bad)).toThrow(/uuid 22222222-0000-4000-8000-000000000001.*"smt"/);
  });

  it("refuses a pad without a position", () => {
    const bad = parseSexp(
      `(footprint "X" (layer "F.Cu") (pad "1" smd rect (size 1 1) (layers "F.Cu")))`,
    );
    expect(() => readFootprint(bad)).toThrow(/pad "1" has no \(at x y\)/);
  });

  it("refuses a tree that is not a footprint", () => {
    expect(() => readFootprint(parseSexp(`(kicad_sch (version 1))`))).toThrow(
      /expected \(footprint/,
    );
  });
});
