import { dirname, join, resolve } from "node:path";
import { UsageError } from "../../errors.js";
import { DEFAULT_INTENT_PATH } from "../draft/intent.js";

export interface LayoutTarget {
  readonly board: string;
  /** Where subsystem groups may come from: beside the board, then the repo's default intent. */
  readonly intentPaths: readonly string[];
}

/**
 * The board to lay out: `explicit` (a path), else the config's `paths.board`, else the
 * configured schematic's name with `.kicad_pcb`. All relative to the repository.
 */
export function layoutTarget(
  repo: string,
  paths: { readonly board: string | null; readonly schematic: string | null },
  explicit?: string,
): LayoutTarget {
  const chosen = explicit ?? paths.board ?? paths.schematic?.replace(/\.kicad_sch$/, ".kicad_pcb");
  if (!chosen) {
    throw new UsageError(
      "no board to lay out: none given and .copperhead/config.json names no board or schematic",
      "pass --board hardware/<name>.kicad_pcb (its schematic, <name>.kicad_sch, must sit beside it), or set paths.board",
    );
  }
  const board = resolve(repo, chosen);
  const stem = board.replace(/\.kicad_pcb$/, "");
  return {
    board,
    intentPaths: [
      `${stem}.intent.json`,
      join(dirname(board), "schematic.intent.json"),
      resolve(repo, DEFAULT_INTENT_PATH),
    ],
  };
}
