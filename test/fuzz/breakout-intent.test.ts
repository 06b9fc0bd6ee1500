import { beforeAll, describe, expect, it } from "vitest";
import { validateIntent } from "../../engine/kicad/draft/validate-intent.js";
import { SymbolCatalog } from "../../engine/kicad/library/symbol-catalog.js";
import { breakoutIntent, netNameOf } from "../../fuzz/breakout-intent.js";
import { FUZZ_LIBRARIES, librarySymbols, sampleSymbols } from "../../fuzz/libraries.js";

let catalog: SymbolCatalog;
beforeAll(() => {
  catalog = SymbolCatalog.fromEnv();
});

const symbol = async (libId: string) => {
  const found = await catalog.resolve(libId);
  if (!found.ok) throw new Error(found.message);
  return found.symbol;
};

describe("breakoutIntent", () => {
  it("wires a regulator the way a breakout does: rails with capacitors, ground, a header", async () => {
    const b = breakoutIntent(await symbol("Regulator_Linear:LP38691SD-1.8"));
    if (!b.ok) throw new Error(b.detail);
    const net = (name: string) => b.intent.nets.find((n) => n.name === name);
    // IN is a power input (with its hidden stacked twin), OUT a power output.
    expect(net("IN")?.kind).toBe("power");
    expect(net("IN")?.pins).toEqual(expect.arrayContaining(["U1.1", "C1.1", "J1.1"]));
    expect(net("OUT")?.pins).toEqual(expect.arrayContaining(["U1.4", "C2.1"]));
    expect(net("GND")?.pins).toEqual(expect.arrayContaining(["U1.2", "C1.2", "C2.2", "J1.2"]));
    const caps = b.intent.parts.filter((p) => p.libId === "Device:C").map((p) => p.value);
    expect(caps.sort()).toEqual(["100nF", "10µF"]);
    // The no_connect pin is left out (KiCad needs nothing on it); the rest is under noConnect.
    expect(b.intent.noConnect).not.toContain("U1.3");
    expect(b.intent.noConnect).toContain("U1.7");
    // Whichever way the stack was listed, KiCad joins pin 6 to pin 1: the expected nets say so.
    expect(b.expected.find((n) => n.includes("U1.1"))).toContain("U1.6");
  });

  it("skips what no one could wire a breakout for, with the reason", async () => {
    const power = breakoutIntent(await symbol("power:GND"));
    expect(power).toMatchObject({ ok: false, reason: "power-symbol" });
    const sensor = breakoutIntent(await symbol("Sensor_Temperature:KTY81"));
    expect(sensor).toMatchObject({ ok: false, reason: "no-supply-pins" });
  });

  it("is deterministic for a symbol and seed", async () => {
    const s = await symbol("MCU_ST_STM32F0:STM32F030F4Px");
    expect(breakoutIntent(s, 7)).toEqual(breakoutIntent(s, 7));
  });

  it("makes intents the validator accepts, over a sample of every fuzzed library", async () => {
    const ids = sampleSymbols(await librarySymbols(catalog, Object.keys(FUZZ_LIBRARIES)), 90, 3);
    let checked = 0;
    for (const id of ids) {
      const b = breakoutIntent(await symbol(id));
      if (!b.ok) continue;
      const result = await validateIntent(b.intent, { resolve: (x) => catalog.resolve(x) });
      expect(result.ok ? [] : result.findings.map((f) => `${id}: ${f.detail}`)).toEqual([]);
      checked++;
    }
    expect(checked).toBeGreaterThan(80);
  });

  it("turns pin names into plain net names", () => {
    expect(netNameOf("~{RESET}", "P1")).toBe("RESET");
    expect(netNameOf("V_{DD}", "P1")).toBe("VDD");
    expect(netNameOf("PA0/ADC_IN0", "P1")).toBe("PA0_ADC_IN0");
    expect(netNameOf("~", "P7")).toBe("P7");
    expect(netNameOf("3V3", "P2")).toBe("P2");
  });
});
