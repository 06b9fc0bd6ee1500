import { posix } from "node:path";
import { UsageError } from "../../errors.js";
import { CONFIG_PATH, parseConfig } from "../../repo/config.js";
import type { DesignSource } from "./design-source.js";

/** The design a diff is about, as repository paths (undefined: not part of the design). */
export interface DesignPaths {
  schematic: string | undefined;
  board: string | undefined;
}

const stem = (path: string) => path.replace(/\.kicad_(sch|pcb|pro)$/, "");

function has(sources: readonly DesignSource[], path: string): boolean {
  return sources.some((s) => s.files.has(path));
}

/** `.kicad_pro` files with a same-named root schematic, in `dir` ("" = anywhere). */
function projectsIn(source: DesignSource, dir: string | undefined): string[] {
  const out: string[] = [];
  for (const path of source.files.keys()) {
    if (!path.endsWith(".kicad_pro")) continue;
    if (dir !== undefined && posix.dirname(path) !== (dir === "" ? "." : dir)) continue;
    if (
      source.files.has(`${stem(path)}.kicad_sch`) ||
      source.files.has(`${stem(path)}.kicad_pcb`)
    ) {
      out.push(path);
    }
  }
  return out.sort();
}

function fromStem(sources: readonly DesignSource[], base: string): DesignPaths {
  const sch = `${base}.kicad_sch`;
  const pcb = `${base}.kicad_pcb`;
  return {
    schematic: has(sources, sch) ? sch : undefined,
    board: has(sources, pcb) ? pcb : undefined,
  };
}

function fromProject(sources: readonly DesignSource[], project: string): DesignPaths {
  const path = project.replace(/\/+$/, "");
  if (/\.kicad_(sch|pcb|pro)$/.test(path)) {
    const found = fromStem(sources, stem(path));
    const asked = path.endsWith(".kicad_pro")
      ? (found.schematic ?? found.board)
      : has(sources, path)
        ? path
        : undefined;
    if (!asked) {
      throw new UsageError(
        `${project} exists in neither revision`,
        "pass the path of a .kicad_sch, .kicad_pcb or .kicad_pro in this repository",
      );
    }
    return path.endsWith(".kicad_sch") ? { ...found, schematic: path } : found;
  }
  for (const source of sources) {
    const projects = projectsIn(source, path === "." ? "" : path);
    if (projects.length === 1) return fromStem(sources, stem(projects[0]!));
    if (projects.length > 1) throw several(projects);
  }
  throw new UsageError(
    `no KiCad project (.kicad_pro beside its .kicad_sch) in ${project} in either revision`,
    "pass --project <file.kicad_sch> or the folder holding the .kicad_pro",
  );
}

function several(projects: readonly string[]): UsageError {
  return new UsageError(
    `this repository holds several KiCad projects (${projects.join(", ")})`,
    "name one with --project <path>, or set paths.schematic in .copperhead/config.json",
  );
}

/**
 * Which schematic and board to compare. `project` (from --project) wins; then the paths in
 * .copperhead/config.json; then the one KiCad project at the top of the repository or in
 * hardware/, or failing that the one anywhere. The side after is asked first, so a design
 * added or moved is found where it now lives; a path missing on one side means "added"/"deleted".
 */
export async function locateDesign(
  sources: readonly DesignSource[],
  project: string | undefined,
): Promise<DesignPaths> {
  if (project !== undefined) return fromProject(sources, project);
  for (const source of sources) {
    const text = await source.read(CONFIG_PATH);
    if (text === undefined) continue;
    const config = parseConfig(text, `${CONFIG_PATH} (${source.revision.label})`);
    if (config.paths.schematic || config.paths.board) {
      const sch = config.paths.schematic ?? undefined;
      const pcb = config.paths.board ?? (sch ? `${stem(sch)}.kicad_pcb` : undefined);
      return {
        schematic: sch && has(sources, sch) ? sch : undefined,
        board: pcb && has(sources, pcb) ? pcb : undefined,
      };
    }
  }
  for (const scope of [["", "hardware"], undefined] as const) {
    for (const source of sources) {
      const projects = scope
        ? scope.flatMap((dir) => projectsIn(source, dir))
        : projectsIn(source, undefined);
      if (projects.length === 1) return fromStem(sources, stem(projects[0]!));
      if (projects.length > 1) throw several(projects);
    }
  }
  throw new UsageError(
    "no KiCad design in either revision (no .kicad_pro with its .kicad_sch or .kicad_pcb)",
    "run copperhead diff inside the hardware repository, or pass --project <file.kicad_sch>",
  );
}
