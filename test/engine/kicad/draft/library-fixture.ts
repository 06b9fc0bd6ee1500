import { copyFile } from "node:fs/promises";
import { SymbolCatalog } from "../../../../engine/kicad/library/symbol-catalog.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

export const SYSTEM_SYMBOLS = "/usr/share/kicad/symbols";
const LIBRARIES = [
  "Device",
  "Connector",
  "Connector_Generic",
  "power",
  "Amplifier_Operational",
  "MCU_Microchip_ATtiny",
  "Regulator_Linear",
  "Switch",
];

/**
 * A symbol folder holding copies of a few installed libraries: the catalog's whole-folder name
 * scan (for "wrong library" hints) stays fast, and the libraries are the real KiCad 9 ones.
 */
export async function smallCatalog(): Promise<{ catalog: SymbolCatalog; dir: TempDir }> {
  const dir = await makeTempDir("copperhead-symbols-");
  await Promise.all(
    LIBRARIES.map((lib) =>
      copyFile(`${SYSTEM_SYMBOLS}/${lib}.kicad_sym`, dir.path(`${lib}.kicad_sym`)),
    ),
  );
  return { catalog: new SymbolCatalog([dir.dir]), dir };
}
