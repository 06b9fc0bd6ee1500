import { describe, expect, test } from "vitest";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { propertyValue } from "../../../../engine/kicad/symbol/property.js";
import {
  loadSymbolLibrary,
  readSymbolLibrary,
} from "../../../../engine/kicad/symbol/symbol-library.js";
import { SymbolLibraryError } from "../../../../engine/kicad/symbol/symbol-library-error.js";
import { unitGraphics, unitPins } from "../../../../engine/kicad/symbol/unit-items.js";

const SYMBOLS = process.env.COPPERHEAD_KICAD_SYMBOLS ?? "/usr/share/kicad/symbols";

describe("reading KiCad's own symbol libraries", () => {
  test("Device:R: two passive pins, a body rectangle, no units", async () => {
    const device = await loadSymbolLibrary(`${SYMBOLS}/Device.kicad_sym`);
    expect(device.version).toBeGreaterThanOrEqual(20241209);
    expect(device.names.length).toBeGreaterThan(100);
    const r = device.require("R");
    expect(r.power).toBe(false);
    expect(r.unitCount).toBe(1);
    expect(r.hasDemorgan).toBe(false);
    expect(propertyValue(r.properties, "Reference")).toBe("R");
    expect(r.pins.map((p) => [p.number, p.type, p.at, p.orientation, p.length])).toEqual([
      ["1", "passive", { x: 0, y: 3.81 }, 270, 1.27],
      ["2", "passive", { x: 0, y: -3.81 }, 90, 1.27],
    ]);
    expect(unitGraphics(r, 1).map((g) => g.kind)).toEqual(["rectangle"]);
  });

  test("power:GND is a power symbol with one power-input pin", async () => {
    const power = await loadSymbolLibrary(`${SYMBOLS}/power.kicad_sym`);
    const gnd = power.require("GND");
    expect(gnd.power).toBe(true);
    expect(gnd.pinNames.hidden).toBe(true);
    expect(gnd.pins.map((p) => p.type)).toEqual(["power_in"]);
    expect(power.require("PWR_FLAG").pins.map((p) => p.type)).toEqual(["power_out"]);
  });

  test("74xx:74LS00: four gates plus a power unit, each gate in two body styles", async () => {
    const lib = await loadSymbolLibrary(`${SYMBOLS}/74xx.kicad_sym`);
    const gate = lib.require("74LS00");
    expect(gate.unitCount).toBe(5);
    expect(gate.hasDemorgan).toBe(true);
    const numbers = (unit: number, style: number) =>
      unitPins(gate, unit, style)
        .map((p) => p.number)
        .sort((a, b) => Number(a) - Number(b));
    expect(numbers(1, 1)).toEqual(["1", "2", "3"]);
    expect(numbers(1, 2)).toEqual(["1", "2", "3"]);
    expect(numbers(4, 1)).toEqual(["11", "12", "13"]);
    // The power unit is common to both styles.
    expect(numbers(5, 1)).toEqual(["7", "14"]);
    expect(numbers(5, 2)).toEqual(["7", "14"]);
    // Normal and De Morgan draw differently.
    expect(unitGraphics(gate, 1, 1)).not.toEqual(unitGraphics(gate, 1, 2));
  });

  test("extends: 7400 is 74LS00's body and pins under its own name and fields", async () => {
    const lib = await loadSymbolLibrary(`${SYMBOLS}/74xx.kicad_sym`);
    expect(lib.unflattened("7400")?.extends).toBe("74LS00");
    expect(lib.unflattened("7400")?.pins).toEqual([]);
    const child = lib.require("7400");
    const parent = lib.require("74LS00");
    expect(child.name).toBe("7400");
    expect(child.extends).toBeUndefined();
    expect(child.units).toEqual(parent.units);
    expect(child.unitCount).toBe(5);
    expect(propertyValue(child.properties, "Value")).toBe("7400");
    expect(propertyValue(child.properties, "Datasheet")).toContain("sn7400");
    expect(propertyValue(parent.properties, "Value")).toBe("74LS00");
  });

  test("extends over two levels: 1N4934 → 1N4933 → 1N4001", async () => {
    const lib = await loadSymbolLibrary(`${SYMBOLS}/Diode.kicad_sym`);
    expect(lib.unflattened("1N4934")?.extends).toBe("1N4933");
    expect(lib.unflattened("1N4933")?.extends).toBe("1N4001");
    expect(lib.require("1N4934").pins).toEqual(lib.require("1N4001").pins);
    expect(propertyValue(lib.require("1N4934").properties, "Value")).toBe("1N4934");
  });

  test.each(["74xx", "Device", "Diode", "Transistor_FET", "Amplifier_Operational"])(
    "every symbol of %s flattens and has pins",
    async (name) => {
      const lib = await loadSymbolLibrary(`${SYMBOLS}/${name}.kicad_sym`);
      const pinless = lib.names.filter((n) => lib.require(n).pins.length === 0);
      // A handful of mechanical symbols (e.g. heatsinks) legitimately have no pins.
      expect(pinless.length).toBeLessThan(lib.names.length / 20);
    },
  );
});

describe("library errors say what to fix", () => {
  const tiny = (body: string) =>
    readSymbolLibrary(parseSexp(`(kicad_symbol_lib (version 20241209) ${body})`), {
      file: "tiny.kicad_sym",
    });

  test("a missing symbol", () => {
    expect(() => tiny("").require("Nope")).toThrow(SymbolLibraryError);
    expect(() => tiny("").require("Nope")).toThrow(/tiny\.kicad_sym has no symbol "Nope"/);
    expect(tiny("").get("Nope")).toBeUndefined();
  });

  test("an extends pointing nowhere", () => {
    const lib = tiny(`(symbol "A" (extends "B"))`);
    expect(() => lib.get("A")).toThrow(/"A" extends "B", which is not in the library/);
  });

  test("an extends cycle", () => {
    const lib = tiny(`(symbol "A" (extends "B")) (symbol "B" (extends "A"))`);
    expect(() => lib.get("A")).toThrow(/extends itself/);
  });

  test("a file that is not a symbol library", () => {
    expect(() => readSymbolLibrary(parseSexp("(kicad_sch (version 1))"))).toThrow(
      SymbolLibraryError,
    );
  });

  test("an empty mandatory field inherits, any other field overrides", () => {
    const lib = tiny(`
      (symbol "P" (property "Reference" "U") (property "Datasheet" "p.pdf") (property "Extra" "p")
        (symbol "P_1_1" (pin passive line (at 0 0 0) (length 2.54) (name "A") (number "1"))))
      (symbol "C" (extends "P") (property "Reference" "U") (property "Datasheet" "") (property "Extra" "c")
        (property "Own" "x"))`);
    const c = lib.require("C");
    expect(propertyValue(c.properties, "Datasheet")).toBe("p.pdf");
    expect(propertyValue(c.properties, "Extra")).toBe("c");
    expect(propertyValue(c.properties, "Own")).toBe("x");
    expect(c.pins.map((p) => p.name)).toEqual(["A"]);
  });
});
