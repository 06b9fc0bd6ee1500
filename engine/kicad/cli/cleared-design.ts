import { realpath } from "node:fs/promises";
import { resolve } from "node:path";
import type { TrustScope } from "../paths/trust-scope.js";
import { UnsafeDesignError } from "../paths/unsafe-design-error.js";
import {
  type DesignFiles,
  type Preflight,
  type PreflightOptions,
  preflightDesign,
} from "../preflight/preflight-design.js";

const cleared: unique symbol = Symbol("cleared design");

/**
 * Proof that a design passed the pre-flight: withKicadCli takes one, and only this module can
 * make one, so no caller can hand kicad-cli a design (which follows sheet, library and 3-D
 * model paths on its own) without the check that every such path stays in the repository.
 */
export interface ClearedDesign {
  readonly [cleared]: true;
  /** The files cleared (absolute); empty for a call that opens no design. */
  readonly files: readonly string[];
}

/** For kicad-cli calls that open no design at all (`kicad-cli version`). */
export const NO_DESIGN: ClearedDesign = Object.freeze({ [cleared]: true as const, files: [] });

/** Runs the pre-flight; a refused path raises UnsafeDesignError, else the proof to run kicad-cli. */
export async function clearDesign(
  design: DesignFiles,
  options: PreflightOptions = {},
): Promise<{ cleared: ClearedDesign; preflight: Preflight }> {
  const preflight = await preflightDesign(design, options);
  if (preflight.findings.length > 0) throw new UnsafeDesignError(preflight.findings);
  const files = [design.schematic, design.board].flatMap((f) => (f ? [resolve(f)] : []));
  return { cleared: Object.freeze({ [cleared]: true as const, files }), preflight };
}

/**
 * The board a proof covers, for the jobs that open one (the pcbnew helper): a proof of a
 * schematic alone cannot be handed to them.
 */
export function clearedBoard(design: ClearedDesign): string {
  const board = design.files.find((file) => file.endsWith(".kicad_pcb"));
  if (board === undefined) {
    throw new Error(
      "this job opens a board, and the cleared design holds none (a copperhead fault)",
    );
  }
  return board;
}

/**
 * Clears a board copperhead wrote into a scratch folder (a filled or plotted copy, a board
 * built from a model): KiCad loads it with `${KIPRJMOD}` = the scratch folder, so its root
 * is that folder, and the original's repository joins KiCad's libraries as a place its
 * absolute paths may lead. Anything a copied footprint names elsewhere is refused as in the
 * original.
 */
export async function clearScratchBoard(
  board: string,
  scratch: string,
  original: TrustScope,
): Promise<ClearedDesign> {
  const scope: TrustScope = {
    root: await realpath(scratch),
    repository: false,
    libraryRoots: [...original.libraryRoots, original.root],
    env: original.env,
  };
  return (await clearDesign({ board }, { scope })).cleared;
}
