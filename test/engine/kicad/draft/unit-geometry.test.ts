import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unitGeometry } from "../../../../engine/kicad/draft/unit-geometry.js";
import type { SymbolCatalog } from "../../../../engine/kicad/library/symbol-catalog.js";
import { libToSheet } from "../../../../engine/kicad/schematic/transform.js";
import type { LibSymbol } from "../../../../engine/kicad/symbol/lib-symbol.js";
import type { TempDir } from "../../../helpers/temp-dir.js";
import { smallCatalog } from "./library-fixture.js";

let catalog: SymbolCatalog;
let dir: TempDir;
beforeAll(async () => {
  ({ catalog, dir } = await smallCatalog());
});
afterAll(() => dir.remove());

async function symbol(id: string): Promise<LibSymbol> {
  const found = await catalog.resolve(id);
  if (!found.ok) throw new Error(`no ${id}`);
  return found.symbol.symbol;
}

describe("unitGeometry", () => {
  it.each([0, 90, 180, 270] as const)(
    "puts every pin where the netlister's transform does at rotation %i",
    async (rotation) => {
      for (const id of ["Device:R", "Device:LED", "Amplifier_Operational:LM358"]) {
        const lib = await symbol(id);
        const geometry = unitGeometry(lib, 1, rotation);
        for (const { pin, offset } of geometry.pins) {
          const placed = libToSheet(pin.at, { at: { x: 0, y: 0 }, rotation, mirror: undefined });
          expect(offset).toEqual(placed);
        }
      }
    },
  );

  it("turns each pin's outward side with the symbol", async () => {
    // Device:R stands upright: pin 1 on top facing up, pin 2 below facing down.
    const lib = await symbol("Device:R");
    const side = (rotation: 0 | 90 | 180 | 270) =>
      unitGeometry(lib, 1, rotation).pins.map((p) => `${p.pin.number}:${p.outward}`);
    expect(side(0)).toEqual(["1:up", "2:down"]);
    expect(side(90)).toEqual(["1:left", "2:right"]);
    expect(side(180)).toEqual(["1:down", "2:up"]);
    expect(side(270)).toEqual(["1:right", "2:left"]);
  });

  it("turns the body box with the symbol", async () => {
    const lib = await symbol("Device:R");
    const upright = unitGeometry(lib, 1, 0).body;
    const turned = unitGeometry(lib, 1, 90).body;
    expect(turned.maxX - turned.minX).toBeCloseTo(upright.maxY - upright.minY, 6);
    expect(turned.maxY - turned.minY).toBeCloseTo(upright.maxX - upright.minX, 6);
  });
});
