import { readFile } from "node:fs/promises";
import { CopperheadError } from "../errors.js";
import { parseJson } from "../json-text.js";
import { describeIssues } from "../zod-issues.js";
import { type Outcome, outcomeSchema } from "./outcome.js";

/** An outcome.json that is missing, not JSON, or not the outcome contract. */
export class OutcomeError extends CopperheadError {
  readonly path: string;

  constructor(path: string, problem: string, fix: string) {
    super(`${path}: ${problem}`, fix);
    this.path = path;
  }
}

/** Parses outcome text against the contract; `path` names the file in errors. */
export function parseOutcome(text: string, path: string): Outcome {
  let json: unknown;
  try {
    json = parseJson(text);
  } catch (error) {
    throw new OutcomeError(
      path,
      `not valid JSON (${(error as Error).message})`,
      "the run wrote a broken outcome.json; rerun the stage",
    );
  }
  const parsed = outcomeSchema.safeParse(json);
  if (!parsed.success) {
    const issues = describeIssues(parsed.error, { limit: 5 });
    throw new OutcomeError(
      path,
      `does not match the outcome contract (${issues})`,
      "the run wrote an outcome this copperhead cannot read; rerun the stage with this version",
    );
  }
  if (Date.parse(parsed.data.finishedAt) < Date.parse(parsed.data.startedAt)) {
    throw new OutcomeError(
      path,
      "finishedAt is earlier than startedAt",
      "the run wrote inconsistent times; rerun the stage",
    );
  }
  return parsed.data;
}

/** Reads and validates `.copperhead/runs/<stage>/<attempt>/outcome.json`. */
export async function readOutcome(path: string): Promise<Outcome> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new OutcomeError(
      path,
      code === "ENOENT" ? "no outcome.json was written" : `unreadable (${code})`,
      "the run ended without leaving its outcome; rerun the stage",
    );
  }
  return parseOutcome(text, path);
}
