import { copyFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SymbolCatalog } from "../../../../engine/kicad/library/symbol-catalog.js";
import { symbolDirs } from "../../../../engine/kicad/library/symbol-dirs.js";
import { flattenSymbol } from "../../../../engine/kicad/symbol/flatten.js";
import { loadSymbolLibrary } from "../../../../engine/kicad/symbol/symbol-library.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

const SYSTEM = "/usr/share/kicad/symbols";
let dir: TempDir;
let catalog: SymbolCatalog;

beforeAll(async () => {
  // A small library folder keeps the whole-catalog name scan fast.
  dir = await makeTempDir();
  for (const lib of ["Device", "Connector", "Amplifier_Operational", "power"]) {
    await copyFile(`${SYSTEM}/${lib}.kicad_sym`, dir.path(`${lib}.kicad_sym`));
  }
  catalog = new SymbolCatalog([dir.dir]);
});
afterAll(() => dir.remove());

describe("symbolDirs", () => {
  it("uses an override exclusively, else the installed folders", () => {
    expect(symbolDirs({ COPPERHEAD_SYMBOL_DIR: "/a:/b" })).toEqual(["/a", "/b"]);
    expect(symbolDirs({ KICAD9_SYMBOL_DIR: "/k" })).toEqual(["/k"]);
    expect(symbolDirs({ COPPERHEAD_SYMBOL_DIR: "/c", KICAD9_SYMBOL_DIR: "/k" })).toEqual(["/c"]);
    expect(symbolDirs({})).toContain(SYSTEM);
  });
});

describe("SymbolCatalog", () => {
  it("resolves a plain symbol with its pins", async () => {
    const found = await catalog.resolve("Device:R");
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    expect(found.symbol.symbol.pins.map((p) => p.number).sort()).toEqual(["1", "2"]);
  });

  it("flattens a derived symbol the same way as the typed-view flattener", async () => {
    const found = await catalog.resolve("Amplifier_Operational:LM358");
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    const lib = await loadSymbolLibrary(`${SYSTEM}/Amplifier_Operational.kicad_sym`);
    const viaView = flattenSymbol(lib.unflattened("LM358") as never, (n) => lib.unflattened(n));
    expect(found.symbol.symbol.unitCount).toBe(3);
    expect(found.symbol.symbol.pins.map((p) => `${p.unit}:${p.number}:${p.name}`).sort()).toEqual(
      viaView.pins.map((p) => `${p.unit}:${p.number}:${p.name}`).sort(),
    );
    const value = found.symbol.symbol.properties.find((p) => p.name === "Value")?.value;
    expect(value).toBe("LM358");
    const subNames = found.symbol.node.items
      .filter(
        (i) => i.kind === "list" && i.items[0]?.kind === "atom" && i.items[0].text === "symbol",
      )
      .map((i) => (i.kind === "list" && i.items[1]?.kind === "atom" ? i.items[1].text : ""));
    expect(subNames.every((n) => n.startsWith("LM358_"))).toBe(true);
    expect(
      found.symbol.node.items.some(
        (i) => i.kind === "list" && i.items[0]?.kind === "atom" && i.items[0].text === "extends",
      ),
    ).toBe(false);
  });

  it("says when the library is right but the name is wrong", async () => {
    const found = await catalog.resolve("Device:R_Smal");
    expect(found.ok).toBe(false);
    if (found.ok) return;
    expect(found.problem).toBe("unknown-symbol");
    expect(found.message).toMatch(/library Device is right/);
  });

  it("suggests close names for a misspelt symbol", async () => {
    const found = await catalog.resolve("Device:LED_Smal");
    expect(found.ok).toBe(false);
    if (found.ok) return;
    expect(found.message).toMatch(/closest real names: .*LED_Small/);
  });

  it("says when the name is right but the library is wrong", async () => {
    const found = await catalog.resolve("Connector:R");
    expect(found.ok).toBe(false);
    if (found.ok) return;
    expect(found.message).toMatch(/name is right but the library is wrong: use "Device:R"/);
    const missingLib = await catalog.resolve("Resistors:R");
    expect(missingLib.ok).toBe(false);
    if (missingLib.ok) return;
    expect(missingLib.problem).toBe("unknown-library");
    expect(missingLib.message).toMatch(/use "Device:R"/);
  });

  it("suggests close libraries for an unknown library and symbol", async () => {
    const found = await catalog.resolve("Devce:NoSuchThing");
    expect(found.ok).toBe(false);
    if (found.ok) return;
    expect(found.message).toMatch(/closest libraries: Device/);
  });
});
