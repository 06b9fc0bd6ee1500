import { posix } from "node:path";
import { type Board, readBoard } from "../kicad/board/board.js";
import { buildSchematicHierarchy, type SchematicHierarchy } from "../kicad/schematic/hierarchy.js";
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
  const load = (source: DesignSource, side: 0 | 1) => {
    if (!source.files.has(path)) return Promise.resolve(undefined);
    return buildSchematicHierarchy(toVirtual(path), async (absolute) => {
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
    });
  };
  const a = await load(before, 0);
  const b = await load(after, 1);
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
