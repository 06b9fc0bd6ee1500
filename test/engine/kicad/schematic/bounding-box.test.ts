import { describe, expect, test } from "vitest";
import { symbolBoundingBox } from "../../../../engine/kicad/schematic/bounding-box.js";
import { readSchematic } from "../../../../engine/kicad/schematic/read-schematic.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { type SymbolSpec, sheetText } from "./helpers/build-sheet.js";

function placed(spec: Omit<SymbolSpec, "ref">) {
  const sheet = readSchematic(parseSexp(sheetText({ symbols: [{ ...spec, ref: "X1" }] })));
  return sheet.symbols[0]!;
}

describe("symbol bounding boxes in sheet mm (body and pins)", () => {
  // Device:R: body rectangle ±1.016 × ±2.54, pins from ±3.81 in to ±2.54 (library, Y up).
  test("a resistor upright", () => {
    expect(symbolBoundingBox(placed({ lib: "Device:R", at: [100, 100] }))).toEqual({
      minX: 98.984,
      minY: 96.19,
      maxX: 101.016,
      maxY: 103.81,
    });
  });

  test("a resistor turned 90° lies across", () => {
    expect(symbolBoundingBox(placed({ lib: "Device:R", at: [100, 100], rotation: 90 }))).toEqual({
      minX: 96.19,
      minY: 98.984,
      maxX: 103.81,
      maxY: 101.016,
    });
  });

  test("mirroring a connector flips its pins to the other side", () => {
    const plain = symbolBoundingBox(
      placed({ lib: "Connector_Generic:Conn_01x02", at: [50.8, 76.2] }),
    );
    const mirrored = symbolBoundingBox(
      placed({ lib: "Connector_Generic:Conn_01x02", at: [50.8, 76.2], mirror: "y" }),
    );
    // Pins stick out on the left when not mirrored (x = 45.72) and on the right when mirrored.
    expect(plain.minX).toBeCloseTo(45.72, 6);
    expect(mirrored.maxX).toBeCloseTo(55.88, 6);
    expect(mirrored.minX - 50.8).toBeCloseTo(50.8 - plain.maxX, 6);
    expect(plain.minY).toBe(mirrored.minY);
    expect(plain.maxY).toBe(mirrored.maxY);
  });

  test("a multi-unit part's box is its placed unit's (common body included)", () => {
    const gate = symbolBoundingBox(placed({ lib: "74xx:74LS00", at: [100, 100], unit: 1 }));
    const power = symbolBoundingBox(placed({ lib: "74xx:74LS00", at: [100, 100], unit: 5 }));
    expect(gate).not.toEqual(power);
    expect(gate.maxX - gate.minX).toBeGreaterThan(5);
  });
});
