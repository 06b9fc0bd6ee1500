import { join } from "node:path";
import { UsageError } from "../../../errors.js";
import { readOptional } from "../../../repo/read-optional.js";
import { type LayoutConstraint, layoutConstraintsFileSchema } from "./layout-constraints.js";

export const CONSTRAINTS_FILE = ".copperhead/constraints.json";

/** The repo's recorded constraints (none when the spec stage wrote no file yet). */
export async function readLayoutConstraints(repo: string): Promise<LayoutConstraint[]> {
  const text = await readOptional(join(repo, CONSTRAINTS_FILE));
  if (text === undefined) return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new UsageError(
      `${CONSTRAINTS_FILE} is not valid JSON (${(cause as Error).message})`,
      `fix the syntax of ${CONSTRAINTS_FILE} (record_constraint writes it)`,
      { cause },
    );
  }
  const parsed = layoutConstraintsFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(
      `${CONSTRAINTS_FILE} is not a constraints file (${issue?.path.join(".") || "top level"}: ${issue?.message})`,
      `it must be {"schema": 1, "constraints": [{"key": "board.width_mm", "value": 30, …}]}`,
    );
  }
  return parsed.data.constraints;
}
