import { existsSync } from "node:fs";
import { lstat, readdir, readFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { isInside } from "../paths/real-location.js";
import { parseSexp } from "../sexp/parse.js";
import { subSheetFiles } from "./sheet-files.js";

/** How many folders above a sheet to look for the sheet that places it (`sch/x.kicad_sch`). */
const SEARCH_LEVELS = 2;

export interface RootSearch {
  /** Never look above this folder (the repository root): files above it are not the design's. */
  within?: string;
}

/**
 * The root sheet of the hierarchy `schPath` belongs to. ERC and netlists are only right on the
 * root: on a sub-sheet alone, hierarchical labels dangle and references lose their instances.
 * A sheet is its own root when a same-basename .kicad_pro sits next to it (that is how KiCad
 * knows a project) or when no sheet nearby places it.
 */
export async function findRootSheet(schPath: string, search: RootSearch = {}): Promise<string> {
  let current = resolve(schPath);
  const seen = new Set<string>();
  while (!seen.has(current)) {
    seen.add(current);
    if (isProjectRoot(current)) return current;
    const parent = await findPlacingSheet(current, search.within);
    if (!parent) return current;
    current = parent;
  }
  return current;
}

function isProjectRoot(schPath: string): boolean {
  return existsSync(schPath.replace(/\.kicad_sch$/, ".kicad_pro"));
}

async function findPlacingSheet(
  schPath: string,
  within: string | undefined,
): Promise<string | undefined> {
  const name = basename(schPath);
  let dir = dirname(schPath);
  for (let level = 0; level <= SEARCH_LEVELS; level++) {
    if (within !== undefined && !isInside(within, dir)) break;
    const entries = await readdir(dir).catch(() => [] as string[]);
    for (const entry of entries.sort()) {
      if (!entry.endsWith(".kicad_sch")) continue;
      const candidate = join(dir, entry);
      if (candidate === schPath) continue;
      if (await places(candidate, schPath, name)) return candidate;
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return undefined;
}

async function places(candidate: string, target: string, targetName: string): Promise<boolean> {
  // Only plain files: a symlink may lead anywhere and a FIFO would block the read.
  const info = await lstat(candidate).catch(() => undefined);
  if (!info?.isFile()) return false;
  const text = await readFile(candidate, "utf8").catch(() => "");
  // Cheap filter first: most sibling sheets never mention the target's file name.
  if (!text.includes(targetName)) return false;
  try {
    const files = subSheetFiles(parseSexp(text, { file: candidate, quote: false }));
    return files.some((file) => resolve(dirname(candidate), file) === target);
  } catch {
    // An unloadable sibling places nothing we can know about.
    return false;
  }
}
