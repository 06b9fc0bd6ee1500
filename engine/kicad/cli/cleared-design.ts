import { resolve } from "node:path";
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
