import { relative } from "node:path";
import { resolveCheckTarget } from "../../check/check-target.js";
import { CopperheadError, describeError } from "../../errors.js";

/** The repo's KiCad project as `copperhead check` finds it, repo-relative paths beside absolute. */
export type DesignTarget =
  | {
      ok: true;
      schematic?: { absolute: string; relative: string };
      board?: { absolute: string; relative: string };
    }
  | { ok: false; detail: string };

/**
 * Finds the schematic and board the way `copperhead check` does (paths in config, else the one
 * `.kicad_pro` + `.kicad_sch` pair in the root or hardware/). A bad config or several projects
 * is a reason the gate can show, never a thrown error.
 */
export async function designTarget(repo: string): Promise<DesignTarget> {
  try {
    const target = await resolveCheckTarget(repo, undefined);
    const rel = (path: string) => relative(repo, path).split("\\").join("/");
    return {
      ok: true,
      ...(target.schematic
        ? { schematic: { absolute: target.schematic, relative: rel(target.schematic) } }
        : {}),
      ...(target.board ? { board: { absolute: target.board, relative: rel(target.board) } } : {}),
    };
  } catch (error) {
    if (!(error instanceof CopperheadError)) throw error;
    return { ok: false, detail: describeError(error) };
  }
}
