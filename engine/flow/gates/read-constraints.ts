import {
  CONSTRAINTS_PATH,
  type Constraint,
  constraintsFileSchema,
} from "../../agent/tools/constraints-file.js";
import { readRepoText } from "./repo-files.js";

export type ConstraintsRead =
  | { ok: true; constraints: Constraint[] }
  | { ok: false; missing: boolean; detail: string };

/**
 * `.copperhead/constraints.json` as the gates see it: missing, unreadable (with the first
 * problems spelled out) or the validated list of budgets.
 */
export async function readConstraints(repo: string): Promise<ConstraintsRead> {
  const text = await readRepoText(repo, CONSTRAINTS_PATH);
  if (text === undefined) {
    return {
      ok: false,
      missing: true,
      detail: `${CONSTRAINTS_PATH} does not exist (record every budget with record_constraint)`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      missing: false,
      detail: `${CONSTRAINTS_PATH} is not valid JSON (${(error as Error).message})`,
    };
  }
  const parsed = constraintsFileSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join(".") || "(top level)"}: ${i.message}`)
      .join("; ");
    return {
      ok: false,
      missing: false,
      detail: `${CONSTRAINTS_PATH} does not match its schema (docs/constraints.md): ${issues}`,
    };
  }
  return { ok: true, constraints: parsed.data.constraints };
}

/** The numbers a constraint pins down (min, max, a numeric value). */
export function boundsOf(c: Constraint): number[] {
  const out: number[] = [];
  if (c.min !== undefined) out.push(c.min);
  if (c.max !== undefined) out.push(c.max);
  if (typeof c.value === "number") out.push(c.value);
  return out;
}
