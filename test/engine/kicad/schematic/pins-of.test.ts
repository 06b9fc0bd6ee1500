import { writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { erc } from "../../../../engine/kicad/cli/erc.js";
import { pinsOf } from "../../../../engine/kicad/schematic/pins-of.js";
import {
  readSchematic,
  type Schematic,
} from "../../../../engine/kicad/schematic/read-schematic.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";
import { type SheetSpec, type SymbolSpec, sheetText } from "./helpers/build-sheet.js";

function schematicOf(spec: SheetSpec): Schematic {
  return readSchematic(parseSexp(sheetText(spec)));
}

function pinAt(schematic: Schematic, ref: string, number: string) {
  const symbol = schematic.symbols.find((s) => s.reference === ref);
  const pin = symbol && pinsOf(symbol).find((p) => p.number === number);
  if (!pin) throw new Error(`no pin ${ref}.${number}`);
  return pin;
}

describe("pinsOf: the table of kicad-facts §2.1", () => {
  const sheet = schematicOf({
    symbols: [
      { lib: "Device:R", ref: "R1", at: [81.28, 76.2], rotation: 90 },
      { lib: "Connector_Generic:Conn_01x02", ref: "J1", at: [50.8, 76.2], mirror: "y" },
    ],
  });

  test.each([
    ["R1", "1", 77.47, 76.2],
    ["R1", "2", 85.09, 76.2],
    ["J1", "1", 55.88, 76.2],
    ["J1", "2", 55.88, 78.74],
  ])("%s pin %s is at (%f, %f)", (ref, number, x, y) => {
    expect(pinAt(sheet, ref, number).at).toEqual({ x, y });
  });

  test("the pin line runs from the connection point towards the body", () => {
    const pin = pinAt(sheet, "R1", "1");
    // R pins are 1.27 mm long; rotated 90°, pin 1 points left, so its body end is to the right.
    expect(pin.bodyEnd).toEqual({ x: 78.74, y: 76.2 });
    expect(pin.side).toBe("left");
    expect(pinAt(sheet, "R1", "2").side).toBe("right");
  });
});

/**
 * Every rotation and mirror of several library symbols (single- and multi-unit, De Morgan,
 * a 28-pin MCU), nothing wired: kicad-cli's ERC then reports every pin with its position
 * (kicad-facts §0.1: ×100, which the wrapper corrects). Each must be where pinsOf puts it.
 */
describe("pinsOf agrees with the pin positions kicad-cli's ERC reports", () => {
  const rotations = [0, 90, 180, 270] as const;
  const mirrors = [undefined, "x", "y"] as const;
  const symbols: SymbolSpec[] = [];
  let n = 0;
  const place = (spec: Omit<SymbolSpec, "at">) => {
    const col = n % 8;
    const row = Math.floor(n / 8);
    n++;
    // Rows and columns differ in pitch: kicad-cli's ERC was seen to drop every finding of a
    // symbol whose pins sit at another symbol's pin positions with x and y swapped.
    symbols.push({ ...spec, at: [50.8 + col * 76.2, 63.5 + row * 88.9] });
  };
  for (const rotation of rotations) {
    for (const mirror of mirrors) {
      place({ lib: "Connector_Generic:Conn_01x02", ref: `J${n + 1}`, rotation, mirror });
      place({ lib: "Device:Q_NPN", ref: `Q${n + 1}`, rotation, mirror });
    }
    place({ lib: "Device:R", ref: `R${n + 1}`, rotation });
  }
  place({ lib: "Amplifier_Operational:LM2904", ref: "U1", unit: 1, rotation: 90, mirror: "x" });
  place({ lib: "Amplifier_Operational:LM2904", ref: "U1", unit: 2, rotation: 180 });
  place({ lib: "Amplifier_Operational:LM2904", ref: "U1", unit: 3, mirror: "y" });
  place({ lib: "74xx:74LS00", ref: "U2", unit: 1, rotation: 270 });
  place({ lib: "74xx:74LS00", ref: "U2", unit: 5, rotation: 90, mirror: "y" });
  place({ lib: "MCU_Microchip_ATmega:ATmega48PV-10P", ref: "U3", rotation: 90, mirror: "x" });

  let dir: TempDir;
  let sheet: Schematic;
  let reported: { ref: string; pin: string; x: number; y: number }[];

  beforeAll(async () => {
    dir = await makeTempDir("copperhead-pins-");
    const text = sheetText({ symbols });
    sheet = readSchematic(parseSexp(text));
    const path = dir.path("pins.kicad_sch");
    await writeFile(path, text);
    const result = await erc(path);
    reported = [];
    for (const v of result.violations) {
      for (const item of v.items) {
        const m = /^Symbol (\S+) Pin (\S+) /.exec(item.description);
        if (m && item.pos) reported.push({ ref: m[1]!, pin: m[2]!, x: item.pos.x, y: item.pos.y });
      }
    }
  });
  afterAll(() => dir?.remove());

  test("each reported pin position matches ours", () => {
    expect(reported.length).toBeGreaterThan(100);
    for (const r of reported) {
      const placements = sheet.symbols.filter((s) => s.reference === r.ref);
      const positions = placements.flatMap((s) =>
        pinsOf(s)
          .filter((p) => p.number === r.pin)
          .map((p) => p.at),
      );
      expect(positions, `${r.ref} pin ${r.pin}`).toContainEqual({ x: r.x, y: r.y });
    }
  });

  // The strict check is the one above. This one makes sure it covered (nearly) everything:
  // kicad-cli 9.0.8 silently omits a few findings (seen: ATmega pin 23, and whole symbols whose
  // pins sit at another's positions with x and y swapped), so two misses are tolerated.
  test("nearly every visible pin that can be unconnected is reported", () => {
    const ours = new Set<string>();
    for (const s of sheet.symbols) {
      for (const p of pinsOf(s))
        if (!p.hidden && p.type !== "no_connect") ours.add(`${s.reference}.${p.number}`);
    }
    const theirs = new Set(reported.map((r) => `${r.ref}.${r.pin}`));
    const missing = [...ours].filter((k) => !theirs.has(k));
    expect(ours.size).toBeGreaterThan(100);
    expect(missing.length, missing.join(", ")).toBeLessThanOrEqual(2);
  });
});
