import { CONSTRAINTS_PATH } from "../../../agent/tools/constraints-file.js";
import { UsageError } from "../../../errors.js";
import { readConstraints } from "../../../flow/gates/read-constraints.js";
import type { LayoutConstraint } from "./layout-constraints.js";

/**
 * The repo's recorded constraints for the layout (none when the spec stage wrote no file yet),
 * read by the gates' reader so both see the same file the same way; a file that is there but
 * unreadable is a usage error here — a board laid out from defaults the spec never chose would
 * look right and be wrong.
 */
export async function readLayoutConstraints(repo: string): Promise<LayoutConstraint[]> {
  const read = await readConstraints(repo);
  if (read.ok) return read.constraints;
  if (read.missing) return [];
  throw new UsageError(
    read.detail,
    `fix ${CONSTRAINTS_PATH} (record_constraint writes it; docs/constraints.md has its schema)`,
  );
}
