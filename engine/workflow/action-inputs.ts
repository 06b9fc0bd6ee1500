import { z } from "zod";
import { UsageError } from "../errors.js";
import { stageNames } from "../flow/stage-names.js";
import { describeIssues } from "../zod-issues.js";

/**
 * The copperhead Action's inputs (action.yml), as @actions/core reads them: every value a
 * string, an unset one empty. A test keeps this list and action.yml's `inputs:` equal.
 */
export const actionInputNames = ["stage", "rerun-from", "model", "turn-budget", "api-key"] as const;

const stage = z.enum(stageNames, { message: `must be one of: ${stageNames.join(", ")}` });
const unset = (v: string) => (v === "" ? undefined : v);

// Each optional input is one string schema (empty or valid) so a bad value is refused with its
// own message, not a union's "Invalid input".
export const actionInputsSchema = z.strictObject({
  stage,
  "rerun-from": z
    .enum(["", ...stageNames], {
      message: `must be empty or one of: ${stageNames.join(", ")}`,
    })
    .transform((v) => (v === "" ? undefined : (v as (typeof stageNames)[number]))),
  model: z
    .string()
    .regex(/^([A-Za-z0-9._:@/-]{1,100})?$/, "is not a model name")
    .transform(unset),
  "turn-budget": z
    .string()
    .regex(/^([1-9]\d{0,2})?$/, "must be a whole number of turns from 1 to 999")
    .transform((v) => (v === "" ? undefined : Number(v))),
  "api-key": z.string(),
});

export type ActionInputs = z.infer<typeof actionInputsSchema>;

/** The outputs the Action sets (action.yml `outputs:`). */
export const actionOutputNames = [
  "result",
  "verdict",
  "attempt",
  "outcome-path",
  "commit",
] as const;
export type ActionOutputs = Record<(typeof actionOutputNames)[number], string>;

/** Inputs as read, validated; the first problems become one UsageError naming the inputs. */
export function parseActionInputs(raw: Record<string, string>): ActionInputs {
  const parsed = actionInputsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new UsageError(
    `the copperhead Action's inputs are not valid (${describeIssues(parsed.error, { limit: 4 })})`,
    "fix the `with:` of the step that uses the copperhead Action (docs/actions.md lists its inputs)",
  );
}
