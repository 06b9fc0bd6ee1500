import { basename } from "node:path";
import type { PathFinding } from "./path-finding.js";
import { resolveReference } from "./resolve-reference.js";
import type { TrustScope } from "./trust-scope.js";

/**
 * Checks a file a command was given or found by its fixed name (the root sheet, the board,
 * a project file beside them): it must really lie inside the scope and be a regular file when
 * it exists, so a design file symlinked to /proc/self/environ or a FIFO is refused, not read.
 */
export async function checkNamedFile(
  scope: TrustScope,
  path: string,
  field: string,
): Promise<{ ok: true; exists: boolean } | { ok: false; finding: PathFinding }> {
  const resolution = await resolveReference(scope, {
    written: basename(path),
    holder: path,
    field,
    rules: "sheet",
    expect: "file",
  });
  return resolution.ok ? { ok: true, exists: resolution.exists } : resolution;
}
