import { basename, dirname } from "node:path";
import { EnvironmentError, UsageError } from "../../errors.js";
import { pathExists } from "../../repo/path-exists.js";
import { boardSpec } from "./inputs/board-spec.js";
import type { LayoutConfig } from "./inputs/layout-config.js";
import type { LayoutConstraint } from "./inputs/layout-constraints.js";
import { layoutBoard } from "./layout-board.js";
import { clearLayoutProject, writeLayout } from "./layout-project.js";
import { FootprintCatalog } from "./library/footprint-catalog.js";
import { readProjectTable } from "./library/project-libraries.js";

export interface BlankBoardInput {
  /** The `.kicad_pcb` to create; refused when something is already there. */
  readonly board: string;
  readonly constraints: readonly LayoutConstraint[];
  readonly config: LayoutConfig;
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * A board with nothing on it but its outline and its mounting holes, sized and drilled by the
 * same board spec as a laid-out board (constraints, then config, then defaults): what the
 * layout stage puts in place before its agent places the parts. It is the layout engine's
 * board with no parts — the same writer, the same corners for the holes, the hole footprints
 * vendored with their fp-lib-table row merged in, the design rules merged into the
 * `.kicad_pro` — so `layout_board` later replaces it as its own. Returns the files written.
 */
export async function writeBlankBoard(input: BlankBoardInput): Promise<string[]> {
  const env = input.env ?? process.env;
  if (await pathExists(input.board)) {
    throw new UsageError(
      `${basename(input.board)} already exists`,
      "a blank board is only written where there is none; lay out the one there with `copperhead layout`",
    );
  }
  const dir = dirname(input.board);
  const scope = await clearLayoutProject(input.board, env);
  const table = await readProjectTable(dir, env);
  const laid = await layoutBoard(
    { title: basename(input.board, ".kicad_pcb"), parts: [], nets: [] },
    {
      spec: boardSpec(input.constraints, input.config),
      catalog: FootprintCatalog.fromEnv(env, table.libraries),
    },
  );
  if (!laid.ok) {
    // With no parts the only footprints are the holes: KiCad's libraries are not where expected.
    throw new EnvironmentError(
      `cannot write the blank board ${basename(input.board)}: ${laid.findings.map((f) => f.detail).join("; ")}`,
      "install KiCad 9's footprint libraries (bash scripts/install-kicad.sh) or point KICAD9_FOOTPRINT_DIR at them",
    );
  }
  const { written } = await writeLayout({ board: input.board, laid, table, env, scope });
  return written;
}
