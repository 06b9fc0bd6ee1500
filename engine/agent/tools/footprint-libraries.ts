import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { projectLibTable } from "./project-lib-table.js";

/** Where Debian/Ubuntu's KiCad 9 packages install the footprint libraries. */
const DEFAULT_FOOTPRINT_DIR = "/usr/share/kicad/footprints";

/** Library nickname → `.pretty` folder. */
export type FootprintTable = ReadonlyMap<string, string>;

/**
 * The footprint libraries a design can use: every installed `<Lib>.pretty` folder
 * (KICAD9_FOOTPRINT_DIR, else the system folder), overlaid by the project's own fp-lib-table
 * next to `schematic` (libraries under ${KIPRJMOD} win, as in KiCad).
 */
export async function footprintLibraries(
  env: NodeJS.ProcessEnv,
  schematic?: string,
): Promise<FootprintTable> {
  const dir = env.KICAD9_FOOTPRINT_DIR ?? DEFAULT_FOOTPRINT_DIR;
  const table = new Map<string, string>();
  const entries = await readdir(dir).catch(() => [] as string[]);
  for (const name of entries.sort()) {
    if (name.endsWith(".pretty")) table.set(name.slice(0, -".pretty".length), join(dir, name));
  }
  if (schematic) {
    for (const [name, path] of await projectLibTable(env, schematic, "fp-lib-table")) {
      table.set(name, path);
    }
  }
  return table;
}

const names = new Map<string, Promise<string[]>>();

/** The footprint names in a `.pretty` folder (its `.kicad_mod` files), cached per process. */
export function footprintNames(folder: string): Promise<string[]> {
  let found = names.get(folder);
  if (!found) {
    found = readdir(folder).then(
      (files) =>
        files
          .filter((f) => f.endsWith(".kicad_mod"))
          .map((f) => f.slice(0, -".kicad_mod".length))
          .sort(),
      () => [],
    );
    names.set(folder, found);
  }
  return found;
}

/** The `.kicad_mod` file of `name` in a library folder. */
export function footprintFile(folder: string, name: string): string {
  return join(folder, `${name}.kicad_mod`);
}
