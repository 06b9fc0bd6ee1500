import { posix } from "node:path";
import { type Board, readBoard } from "../kicad/board/board.js";
import { type PathFinding, pathFinding } from "../kicad/paths/path-finding.js";
import { UnsafeDesignError } from "../kicad/paths/unsafe-design-error.js";
import {
  buildSchematicHierarchy,
  type SchematicHierarchy,
  type SheetResolver,
  sheetField,
} from "../kicad/schematic/hierarchy.js";
import { readSchematic, type Schematic } from "../kicad/schematic/read-schematic.js";
import { parseSexp } from "../kicad/sexp/parse.js";
import type { DesignSource } from "./source/design-source.js";

/**
 * Both sides' hierarchies are built under one virtual folder, so a sheet file unchanged between
 * the revisions is parsed once and the very same view serves both (its `file` is the same).
 */
const VIRTUAL_ROOT = "/copperhead-diff";

const toVirtual = (path: string) => `${VIRTUAL_ROOT}/${path}`;
const fromVirtual = (path: string) =>
  path.startsWith(`${VIRTUAL_ROOT}/`) ? path.slice(VIRTUAL_ROOT.length + 1) : undefined;

/**
 * Where a Sheetfile leads inside a revision's tree (relative to the parent sheet, as KiCad
 * reads it). One that leaves the tree is refused as on disk — a finding naming the sheet and
 * the path as written — rather than reported as a missing file outside it.
 */
function revisionResolver(refused: PathFinding[]): SheetResolver {
  return async ({ written, parentFile, sheetName }) => {
    const path = posix.resolve(posix.dirname(parentFile), written.replaceAll("\\", "/"));
    if (fromVirtual(path) !== undefined) return { ok: true, path };
    const where = { file: fromVirtual(parentFile) ?? parentFile, field: sheetField(sheetName) };
    const finding = pathFinding("path-outside-repo", { ...where, path: written });
    refused.push(finding);
    return { ok: false, finding };
  };
}

export interface LoadedSchematics {
  before: SchematicHierarchy | undefined;
  after: SchematicHierarchy | undefined;
  /** Every sheet file of both hierarchies is the same blob on both sides. */
  identical: boolean;
}

/** Loads the root schematic `path` and its sheets from both sides, sharing unchanged files. */
export async function loadSchematics(
  before: DesignSource,
  after: DesignSource,
  path: string | undefined,
): Promise<LoadedSchematics> {
  if (path === undefined) return { before: undefined, after: undefined, identical: true };
  const parsed = new Map<string, Promise<Schematic>>();
  const used: [Set<string>, Set<string>] = [new Set(), new Set()];
  const refused: PathFinding[] = [];
  const load = (source: DesignSource, side: 0 | 1) => {
    if (!source.files.has(path)) return Promise.resolve(undefined);
    const read = async (absolute: string) => {
      const repoPath = fromVirtual(posix.normalize(absolute));
      const blob = repoPath === undefined ? undefined : source.files.get(repoPath);
      if (repoPath === undefined || blob === undefined) return undefined;
      const key = `${repoPath}\u0000${blob}`;
      used[side].add(key);
      let view = parsed.get(key);
      if (!view) {
        view = source.read(repoPath).then((text) => {
          const file = toVirtual(repoPath);
          return readSchematic(parseSexp(text!, { file: repoPath }), { file });
        });
        parsed.set(key, view);
      }
      return view;
    };
    return buildSchematicHierarchy(toVirtual(path), read, revisionResolver(refused));
  };
  const a = await load(before, 0);
  const b = await load(after, 1);
  if (refused.length > 0) throw new UnsafeDesignError(refused);
  const identical =
    a !== undefined &&
    b !== undefined &&
    used[0].size === used[1].size &&
    [...used[0]].every((entry) => used[1].has(entry));
  return { before: a, after: b, identical };
}

/** A side's board view, parsed on first use (a large board takes seconds). */
export function lazyBoard(
  source: DesignSource,
  path: string | undefined,
): () => Promise<Board | undefined> {
  let board: Promise<Board | undefined> | undefined;
  return () => {
    board ??= (async () => {
      if (path === undefined) return undefined;
      const text = await source.read(path);
      return text === undefined ? undefined : readBoard(parseSexp(text, { file: path }));
    })();
    return board;
  };
}
