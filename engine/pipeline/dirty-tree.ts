import { CopperheadError } from "../errors.js";

/** The tree has tracked changes: a run must never mix its work with a person's. */
export class DirtyTreeError extends CopperheadError {}

/** Refuses a run over the person's uncommitted changes, naming them and how to proceed. */
export function refuseDirtyTree(dirty: readonly string[], command: string, note = ""): void {
  if (dirty.length === 0) return;
  const shown = `${dirty.slice(0, 5).join(", ")}${dirty.length > 5 ? ", …" : ""}`;
  throw new DirtyTreeError(
    `the working tree has uncommitted changes (${shown}); ${command} will not mix its work with yours${note}`,
    `commit them (git commit -am "…") or set them aside (git stash push -m "mine"), then run ${command} again`,
  );
}
