import { beforeAll, describe, expect, it } from "vitest";
import { pinTextBoxes } from "../../../../../engine/kicad/draft/layout/pin-texts.js";
import { unitGeometry } from "../../../../../engine/kicad/draft/unit-geometry.js";
import type { CatalogSymbol } from "../../../../../engine/kicad/library/symbol-catalog.js";
import { SymbolCatalog } from "../../../../../engine/kicad/library/symbol-catalog.js";

let ne555: CatalogSymbol;
let resistor: CatalogSymbol;
beforeAll(async () => {
  const catalog = SymbolCatalog.fromEnv();
  const get = async (id: string) => {
    const found = await catalog.resolve(id);
    if (!found.ok) throw new Error(found.message);
    return found.symbol;
  };
  ne555 = await get("Timer:NE555P");
  resistor = await get("Device:R");
});

describe("pinTextBoxes", () => {
  it("puts a pin's number along its pin, above a side pin and left of a top pin", () => {
    const geometry = unitGeometry(ne555.symbol, 1);
    const boxes = pinTextBoxes(ne555, 1);
    const pinAt = (n: string) => geometry.pins.find((p) => p.pin.number === n);
    // Pin 7 (DISCH) comes in from the left: its number sits over its line, within its length.
    const seven = boxes.filter((b) => b.pin === "7");
    const p7 = pinAt("7")?.offset;
    expect(p7).toBeDefined();
    const number = seven.find((b) => b.box.maxY < (p7?.y ?? 0));
    expect(number?.box.minX).toBeGreaterThan((p7?.x ?? 0) - 0.2);
    expect(number?.box.maxX).toBeLessThan((p7?.x ?? 0) + 2.54 + 0.2);
    // Pin 8 (VCC) comes in from the top: its number reads up the pin, to its left.
    const p8 = pinAt("8")?.offset;
    const eight = boxes.filter((b) => b.pin === "8");
    expect(eight.some((b) => b.box.maxX < (p8?.x ?? 0) && b.box.minY > (p8?.y ?? 0) - 0.2)).toBe(
      true,
    );
    // Names sit inside the body, past the pin's inner end.
    const name7 = seven.find((b) => b.box.minX > (p7?.x ?? 0) + 2.54);
    expect(name7).toBeDefined();
  });

  it("is empty for a symbol that hides its pin names and numbers", () => {
    expect(pinTextBoxes(resistor, 1)).toEqual([]);
  });
});
