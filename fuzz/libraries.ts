import { readFile } from "node:fs/promises";
import { seeded } from "../bench/draft-route.js";
import type { SymbolCatalog } from "../engine/kicad/library/symbol-catalog.js";

/**
 * The KiCad libraries the library run drafts breakouts from, by the kind of part a brief
 * needs: MCUs, regulators, op-amps, interfaces, logic, sensors, memories, drivers, and the
 * mixed-signal and power parts the first failures came from.
 */
export const FUZZ_LIBRARIES: Readonly<Record<string, string>> = {
  MCU_Microchip_ATtiny: "MCUs",
  MCU_ST_STM32F0: "MCUs",
  Regulator_Linear: "regulators",
  Amplifier_Operational: "op-amps",
  Interface_UART: "interfaces",
  Interface_CAN_LIN: "interfaces",
  Interface_Expansion: "interfaces",
  "74xGxx": "logic",
  "74xx": "logic",
  Sensor_Temperature: "sensors",
  Memory_Flash: "memories",
  Memory_EEPROM: "memories",
  Driver_Motor: "drivers",
  Driver_LED: "drivers",
  Battery_Management: "power",
  Analog_ADC: "mixed-signal",
  Audio: "mixed-signal",
  Timer: "timers",
};

// Top-level symbols sit one tab deep in every KiCad 9 library; unit sub-symbols sit deeper.
const TOP_SYMBOL = /^\t\(symbol "((?:[^"\\]|\\.)*)"/gm;

/** Every top-level symbol of the libraries, as `Library:Symbol`, in file order. */
export async function librarySymbols(
  catalog: SymbolCatalog,
  libraries: readonly string[],
): Promise<string[]> {
  const files = await catalog.libraryFiles();
  const ids: string[] = [];
  for (const library of libraries) {
    const file = files.get(library);
    if (!file) throw new Error(`no library ${library} in ${catalog.dirs.join(", ")}`);
    const text = await readFile(file, "utf8");
    for (const match of text.matchAll(TOP_SYMBOL)) ids.push(`${library}:${match[1]}`);
  }
  return ids;
}

/**
 * `total` symbols chosen by `seed` (the same seed, the same sample), taken a library at a time
 * in turn so every library is in it.
 */
export function sampleSymbols(ids: readonly string[], total: number, seed: number): string[] {
  const random = seeded(seed);
  const pools = new Map<string, string[]>();
  for (const id of ids) {
    const library = id.slice(0, id.indexOf(":"));
    pools.set(library, [...(pools.get(library) ?? []), id]);
  }
  const chosen: string[] = [];
  while (chosen.length < total && [...pools.values()].some((p) => p.length > 0))
    for (const pool of pools.values()) {
      if (chosen.length >= total || pool.length === 0) continue;
      chosen.push(...pool.splice(Math.floor(random() * pool.length), 1));
    }
  return chosen;
}
