import { readdir } from "node:fs/promises";
import { delimiter, join } from "node:path";
import { closestNames } from "../../engine/kicad/library/closest-names.js";

const DEFAULT_DIR = "/usr/share/kicad/footprints";

/** The installed `.pretty` libraries: nickname → folder (KICAD9_FOOTPRINT_DIR wins). */
async function installedLibraries(env: NodeJS.ProcessEnv): Promise<Map<string, string>> {
  const dirs = (env.KICAD9_FOOTPRINT_DIR ?? DEFAULT_DIR).split(delimiter).filter(Boolean);
  const found = new Map<string, string>();
  for (const dir of dirs) {
    for (const entry of (await readdir(dir).catch(() => [] as string[])).sort()) {
      const nickname = entry.endsWith(".pretty") ? entry.slice(0, -".pretty".length) : undefined;
      if (nickname && !found.has(nickname)) found.set(nickname, join(dir, entry));
    }
  }
  return found;
}

export type FootprintAnswer = { ok: true; libId: string } | { ok: false; message: string };

/**
 * Whether a BOM's footprint exists in the installed KiCad libraries: `Library:Name`, or a bare
 * name that exactly one library holds. A miss names the closest real footprints.
 */
export class FootprintLookup {
  private libraries: Promise<Map<string, string>> | undefined;
  private readonly names = new Map<string, Promise<string[]>>();

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  private namesIn(folder: string): Promise<string[]> {
    let names = this.names.get(folder);
    if (!names) {
      names = readdir(folder).then(
        (files) =>
          files
            .filter((f) => f.endsWith(".kicad_mod"))
            .map((f) => f.slice(0, -".kicad_mod".length)),
        () => [],
      );
      this.names.set(folder, names);
    }
    return names;
  }

  async resolve(footprint: string): Promise<FootprintAnswer> {
    this.libraries ??= installedLibraries(this.env);
    const libraries = await this.libraries;
    const colon = footprint.indexOf(":");
    if (colon > 0) {
      const library = footprint.slice(0, colon);
      const name = footprint.slice(colon + 1);
      const folder = libraries.get(library);
      if (!folder) {
        const close = closestNames(library, [...libraries.keys()], 3);
        return {
          ok: false,
          message: `${footprint}: no footprint library ${library} is installed (closest: ${close.join(", ")})`,
        };
      }
      const names = await this.namesIn(folder);
      if (names.includes(name)) return { ok: true, libId: footprint };
      return {
        ok: false,
        message: `${footprint}: ${library} has no footprint ${name} (closest: ${closestNames(name, names, 3).join(", ")})`,
      };
    }
    const holders: string[] = [];
    for (const [library, folder] of libraries) {
      if ((await this.namesIn(folder)).includes(footprint)) holders.push(library);
    }
    if (holders.length === 1) return { ok: true, libId: `${holders[0]}:${footprint}` };
    if (holders.length > 1) {
      return {
        ok: false,
        message: `${footprint} is in ${holders.length} libraries (${holders.slice(0, 3).join(", ")}): write it as Library:Name`,
      };
    }
    return {
      ok: false,
      message: `${footprint}: no installed library has this footprint; write it as Library:Name of a real footprint`,
    };
  }
}
