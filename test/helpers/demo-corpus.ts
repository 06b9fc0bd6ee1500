import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { subSheetFiles } from "../../engine/kicad/cli/sheet-files.js";
import { parseSexp } from "../../engine/kicad/sexp/parse.js";

/** Debian's kicad-demos package; scripts/install-kicad.sh installs it. */
export const DEMO_DIR = process.env.COPPERHEAD_KICAD_DEMOS ?? "/usr/share/kicad/demos";

export interface DemoProject {
  /** Folder relative to DEMO_DIR, e.g. "pic_programmer" or "simulation/rectifier". */
  name: string;
  /** Absolute folder holding the project's .kicad_pro (or its files when it has none). */
  dir: string;
  /** Root schematics (absolute): ERC and netlists run on these. */
  roots: string[];
  /** Every .kicad_sch of the project, roots and sub-sheets (absolute, sorted). */
  schematics: string[];
  /** Every .kicad_pcb of the project (absolute, sorted). */
  boards: string[];
}

let projects: DemoProject[] | undefined;

/**
 * The KiCad demo projects, read once per process. A file belongs to the nearest folder at or
 * above it that holds a .kicad_pro. A root schematic is one whose basename matches a
 * .kicad_pro beside it, or any sheet no other sheet places as a sub-sheet.
 */
export function demoProjects(): DemoProject[] {
  projects ??= scan();
  return projects;
}

export function demoRootSchematics(): string[] {
  return demoProjects().flatMap((project) => project.roots);
}

export function demoBoards(): string[] {
  return demoProjects().flatMap((project) => project.boards);
}

/** A short name for test titles: the path below DEMO_DIR. */
export function demoName(path: string): string {
  return relative(DEMO_DIR, path);
}

function scan(): DemoProject[] {
  if (!existsSync(DEMO_DIR)) {
    throw new Error(
      `no KiCad demos at ${DEMO_DIR}: run sudo scripts/install-kicad.sh (installs kicad-demos)`,
    );
  }
  const files = walk(DEMO_DIR);
  const schematics = files.filter((file) => file.endsWith(".kicad_sch"));
  const placed = new Set(schematics.flatMap(placedBy));
  const byDir = new Map<string, DemoProject>();
  for (const file of files) {
    const isSch = file.endsWith(".kicad_sch");
    if (!isSch && !file.endsWith(".kicad_pcb")) continue;
    const dir = projectDir(file);
    let project = byDir.get(dir);
    if (!project) {
      project = {
        name: relative(DEMO_DIR, dir) || ".",
        dir,
        roots: [],
        schematics: [],
        boards: [],
      };
      byDir.set(dir, project);
    }
    if (!isSch) project.boards.push(file);
    else {
      project.schematics.push(file);
      if (hasOwnProject(file) || !placed.has(file)) project.roots.push(file);
    }
  }
  return [...byDir.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(path));
    else if (entry.isFile()) out.push(path);
  }
  return out.sort();
}

/** The absolute paths of the sheets `file` places (cheap text test before parsing). */
function placedBy(file: string): string[] {
  const text = readFileSync(file, "utf8");
  if (!/"Sheet ?file"/.test(text)) return [];
  return subSheetFiles(parseSexp(text, { file })).map((sub) => resolve(dirname(file), sub));
}

function hasOwnProject(schPath: string): boolean {
  return existsSync(schPath.replace(/\.kicad_sch$/, ".kicad_pro"));
}

function projectDir(file: string): string {
  for (let dir = dirname(file); dir.startsWith(DEMO_DIR); dir = dirname(dir)) {
    if (readdirSync(dir).some((name) => name.endsWith(".kicad_pro"))) return dir;
    if (dir === DEMO_DIR) break;
  }
  return dirname(file);
}

/** Basename without extension, for a project's display. */
export function stem(path: string): string {
  return basename(path).replace(/\.[^.]+$/, "");
}
