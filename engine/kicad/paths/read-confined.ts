import { readOptional } from "../../repo/read-optional.js";
import { checkNamedFile } from "./named-design.js";
import type { PathFinding } from "./path-finding.js";
import type { TrustScope } from "./trust-scope.js";

export type ConfinedText =
  | { status: "read"; text: string }
  | { status: "missing" }
  | { status: "refused"; finding: PathFinding };

/**
 * A repository file read by its fixed name (docs/BOM.md, docs/SPEC.md, the config): read only
 * when it really lies inside the scope and is a regular file, so a symlink to
 * /proc/self/environ or a FIFO committed under that name is a finding, never a read or a hang.
 */
export async function readConfinedText(
  scope: TrustScope,
  path: string,
  field: string,
): Promise<ConfinedText> {
  const checked = await checkNamedFile(scope, path, field);
  if (!checked.ok) return { status: "refused", finding: checked.finding };
  if (!checked.exists) return { status: "missing" };
  // Gone between the check and the read is the same as never there; a permission error names
  // the path and its fix (FileAccessError).
  const text = await readOptional(path);
  return text === undefined ? { status: "missing" } : { status: "read", text };
}
