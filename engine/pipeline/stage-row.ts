import { join } from "node:path";
import { z } from "zod";
import { atomicWrite } from "../agent/tools/atomic-write.js";
import { parseJson } from "../json-text.js";
import { readOptional } from "../repo/read-optional.js";

/** How a stage took part in a run (REPORT.md's status column). */
export const rowStatuses = ["ran", "skipped", "resumed", "failed", "adopted"] as const;
export type RowStatus = (typeof rowStatuses)[number];

/** A tool-less diagnosis turn after a failed attempt, and what it cost. */
export const diagnosisRecordSchema = z.object({
  /** The failed attempt it judged. */
  afterAttempt: z.int().min(1),
  verdict: z.enum(["retry", "abort"]),
  reason: z.string(),
  /** Prepended to the next attempt's prompt (empty on an abort). */
  guidance: z.string(),
  tokensIn: z.int().nonnegative(),
  tokensOut: z.int().nonnegative(),
  wallMs: z.number().nonnegative(),
  /** Replayed from the response cache (zero tokens). */
  cached: z.boolean(),
});
export type DiagnosisRecord = z.infer<typeof diagnosisRecordSchema>;

/**
 * One stage's row of the run report, written by the attempt that settles the stage into
 * `.copperhead/runs/<stage>/row.json` and committed with it. Each stage writes only its own
 * row, so stages run in parallel (the workflow's jobs) never touch the same file. Costs count
 * every model call the stage made in the run: its attempts' turns and its diagnosis turns.
 */
export const stageRowSchema = z.object({
  schema: z.literal(1),
  stage: z.string().min(1),
  status: z.enum(rowStatuses),
  verdict: z.enum(["pass", "fail", "blocked"]),
  /** The attempts the run made, in order. */
  attempts: z.array(z.int().min(1)),
  wallMs: z.number().nonnegative(),
  turns: z.int().nonnegative(),
  tokensIn: z.int().nonnegative(),
  tokensOut: z.int().nonnegative(),
  /** Turns replayed from the response cache. */
  cacheHits: z.int().nonnegative(),
  diagnoses: z.array(diagnosisRecordSchema),
  /** Repo-relative renders of the sheet and board in the last attempt's run folder. */
  renders: z.array(z.string()),
  finishedAt: z.iso.datetime({ offset: true }),
});
export type StageRow = z.infer<typeof stageRowSchema>;

/** `.copperhead/runs/<stage>/row.json` */
export function rowPath(stage: string): string {
  return `.copperhead/runs/${stage}/row.json`;
}

/** What a run spent on a stage before the attempt now settling it (create's retries). */
export interface RowCarry {
  attempts: number[];
  wallMs: number;
  turns: number;
  tokensIn: number;
  tokensOut: number;
  cacheHits: number;
  diagnoses: DiagnosisRecord[];
  /** The stage continues work an earlier run left unfinished. */
  resumed: boolean;
}

export const NO_CARRY: RowCarry = {
  attempts: [],
  wallMs: 0,
  turns: 0,
  tokensIn: 0,
  tokensOut: 0,
  cacheHits: 0,
  diagnoses: [],
  resumed: false,
};

/** Adds a diagnosis to what the run spent on the stage. */
export function carryDiagnosis(carry: RowCarry, diagnosis: DiagnosisRecord): RowCarry {
  return {
    ...carry,
    wallMs: carry.wallMs + diagnosis.wallMs,
    turns: carry.turns + 1,
    tokensIn: carry.tokensIn + diagnosis.tokensIn,
    tokensOut: carry.tokensOut + diagnosis.tokensOut,
    cacheHits: carry.cacheHits + (diagnosis.cached ? 1 : 0),
    diagnoses: [...carry.diagnoses, diagnosis],
  };
}

/** An attempt's own cost, as the outcome records it. */
export interface AttemptCost {
  wallMs: number;
  turns: number;
  tokensIn: number;
  tokensOut: number;
  cacheHits: number;
}

/** Adds a settled attempt to what the run spent on the stage. */
export function carryAttempt(carry: RowCarry, attempt: number, cost: AttemptCost): RowCarry {
  return {
    ...carry,
    attempts: [...carry.attempts, attempt],
    wallMs: carry.wallMs + cost.wallMs,
    turns: carry.turns + cost.turns,
    tokensIn: carry.tokensIn + cost.tokensIn,
    tokensOut: carry.tokensOut + cost.tokensOut,
    cacheHits: carry.cacheHits + cost.cacheHits,
  };
}

/** The row of a stage from what the run spent on it, its verdict and its renders. */
export function buildRow(facts: {
  stage: string;
  carry: RowCarry;
  verdict: StageRow["verdict"];
  adopted?: boolean;
  renders: readonly string[];
  finishedAt: number;
}): StageRow {
  const { carry } = facts;
  const status: RowStatus =
    facts.verdict !== "pass"
      ? "failed"
      : facts.adopted
        ? "adopted"
        : carry.resumed
          ? "resumed"
          : "ran";
  return stageRowSchema.parse({
    schema: 1,
    stage: facts.stage,
    status,
    verdict: facts.verdict,
    attempts: carry.attempts,
    wallMs: carry.wallMs,
    turns: carry.turns,
    tokensIn: carry.tokensIn,
    tokensOut: carry.tokensOut,
    cacheHits: carry.cacheHits,
    diagnoses: carry.diagnoses,
    renders: [...facts.renders],
    finishedAt: new Date(facts.finishedAt).toISOString(),
  });
}

export async function writeRow(repo: string, row: StageRow): Promise<void> {
  await atomicWrite(
    join(repo, rowPath(row.stage)),
    `${JSON.stringify(stageRowSchema.parse(row), null, 2)}\n`,
  );
}

/** The stage's committed row, or undefined when it has none or it is not a valid row. */
export async function readRow(repo: string, stage: string): Promise<StageRow | undefined> {
  const text = await readOptional(join(repo, rowPath(stage)));
  if (text === undefined) return undefined;
  try {
    const parsed = stageRowSchema.safeParse(parseJson(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
