import { join } from "node:path";
import { z } from "zod";
import { loadPrompt } from "../../agent/prompts/load-prompt.js";
import { turnText } from "../../agent/providers/message.js";
import type { Provider } from "../../agent/providers/provider.js";
import { ProviderPausedError, ScriptDivergedError } from "../../agent/providers/provider-errors.js";
import { transcriptLineSchema } from "../../agent/transcript/transcript-line.js";
import { pushAll } from "../../array-ops.js";
import { describeError } from "../../errors.js";
import type { Outcome } from "../../flow/outcome.js";
import { runDir } from "../../flow/run-paths.js";
import type { StageDeclaration } from "../../flow/stage.js";
import { readOptional } from "../../repo/read-optional.js";
import { describeIssues } from "../../zod-issues.js";
import type { DiagnosisRecord } from "../stage-row.js";

/** What the diagnosis turn must answer: zod-parsed, never trusted as it comes. */
export const diagnosisSchema = z
  .strictObject({
    verdict: z.enum(["retry", "abort"]),
    reason: z.string().trim().min(1).max(2000),
    guidance: z.string().trim().max(4000).default(""),
  })
  .refine((d) => d.verdict === "abort" || d.guidance !== "", {
    message: "a retry needs guidance: what the next attempt should do differently",
    path: ["guidance"],
  });

export type Diagnosis = z.infer<typeof diagnosisSchema>;

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/**
 * The answer as a verdict: the reply's JSON object (the whole reply, or the one fenced or
 * braced object in it). Anything else is an abort whose reason says what was wrong, so a
 * diagnosis that cannot be read never buys another attempt.
 */
export function parseDiagnosis(text: string): Diagnosis {
  const trimmed = text.trim();
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(trimmed)?.[1];
  const braced = trimmed.slice(trimmed.indexOf("{"), trimmed.lastIndexOf("}") + 1);
  const candidate = [trimmed, fenced, braced].find((c) => c?.trim().startsWith("{")) ?? trimmed;
  let json: unknown;
  try {
    json = JSON.parse(candidate);
  } catch {
    return abort(
      `the diagnosis answer is not a JSON object: ${JSON.stringify(clip(trimmed, 200))}`,
    );
  }
  const parsed = diagnosisSchema.safeParse(json);
  if (!parsed.success) {
    return abort(`the diagnosis answer is not a valid verdict (${describeIssues(parsed.error)})`);
  }
  return parsed.data;
}

function abort(reason: string): Diagnosis {
  return { verdict: "abort", reason, guidance: "" };
}

/** What the diagnosis is told about the attempt. */
export interface AttemptFacts {
  stage: StageDeclaration;
  attempt: number;
  /** Attempts this run may still make of the stage after this one. */
  attemptsLeft: number;
  outcome: Outcome;
  /** How the run ended, in its own words (the finish summary, or why it stopped). */
  summary: string;
  /** The last tool results of the attempt, oldest first: `name ok|FAILED summary`. */
  tools: readonly string[];
  /** The model's last words in the attempt. */
  lastText?: string;
}

/** The diagnosis turn's one user message: the facts of the failed attempt, bounded in size. */
export function diagnosisMessage(facts: AttemptFacts): string {
  const { outcome } = facts;
  const failed = outcome.evidence.filter((e) => !e.ok);
  const lines = [
    `Stage: ${facts.stage.name} (${facts.stage.summary}).`,
    `Attempt ${facts.attempt} ended ${outcome.verdict}; ${facts.attemptsLeft} more attempt(s) allowed in this run.`,
    `How the run ended: ${clip(facts.summary, 600)}`,
    "",
    "What failed:",
    ...(failed.length > 0
      ? failed.map((e) => `- ${e.check}: ${clip(e.detail, 500)}`)
      : ["- (no check failed: the run itself stopped)"]),
  ];
  if (outcome.obligations.length > 0) {
    lines.push("", "Obligations left open:");
    for (const o of outcome.obligations) lines.push(`- [${o.kind}] ${clip(o.detail, 300)}`);
  }
  if (facts.tools.length > 0) {
    lines.push("", "The attempt's last tool calls:");
    pushAll(
      lines,
      facts.tools.map((t) => `- ${t}`),
    );
  }
  if (facts.lastText) lines.push("", `Its last words: ${clip(facts.lastText, 600)}`);
  lines.push("", "Reply with the JSON object only.");
  return lines.join("\n");
}

/** The last tool results and the last text of an attempt, from its transcript. */
export async function transcriptTail(
  repo: string,
  stage: string,
  attempt: number,
  keep = 12,
): Promise<{ tools: string[]; lastText?: string }> {
  const text = await readOptional(join(repo, runDir(stage, attempt), "transcript.jsonl"));
  const tools: string[] = [];
  let lastText: string | undefined;
  for (const raw of (text ?? "").split("\n")) {
    if (raw.trim() === "") continue;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      continue;
    }
    const line = transcriptLineSchema.safeParse(json);
    if (!line.success) continue;
    if (line.data.type === "tool_result") {
      const { name, ok, summary } = line.data;
      tools.push(`${name} ${ok ? "ok" : "FAILED"} ${clip(summary.replace(/\s+/g, " "), 200)}`);
    } else if (line.data.type === "turn") {
      const said = line.data.content
        .flatMap((b) => (b.type === "text" ? [b.text] : []))
        .join(" ")
        .trim();
      if (said !== "") lastText = said;
    }
  }
  return { tools: tools.slice(-keep), ...(lastText ? { lastText } : {}) };
}

/**
 * One tool-less turn asking the stage's model whether another attempt is worth making and
 * what it should do differently. The answer is zod-parsed; one that does not parse, or a call
 * that fails, is an abort with its reason. A usage limit is not a verdict: it pauses the run
 * (ProviderPausedError propagates), and a diverged script fails loudly. Its tokens are
 * returned so they count in the stage's cost.
 */
export async function diagnoseAttempt(
  provider: Provider,
  facts: AttemptFacts,
  options: { signal?: AbortSignal; now?: () => number } = {},
): Promise<DiagnosisRecord> {
  const now = options.now ?? Date.now;
  const started = now();
  const system = await loadPrompt("diagnose");
  const message = diagnosisMessage(facts);
  let diagnosis: Diagnosis;
  let usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  let cached = false;
  try {
    const turn = await provider.complete(
      {
        system,
        tools: [],
        messages: [{ role: "user", content: [{ type: "text", text: message }] }],
      },
      { turn: 1, catalog: [], lastToolResult: undefined, openObligations: [] },
      options.signal ? { signal: options.signal } : {},
    );
    usage = turn.usage;
    cached = turn.cached;
    diagnosis = parseDiagnosis(turnText(turn));
  } catch (error) {
    if (error instanceof ProviderPausedError || error instanceof ScriptDivergedError) throw error;
    if (options.signal?.aborted) throw error;
    diagnosis = abort(`the diagnosis call failed: ${describeError(error)}`);
  }
  return {
    afterAttempt: facts.attempt,
    verdict: diagnosis.verdict,
    reason: diagnosis.reason,
    guidance: diagnosis.guidance,
    tokensIn: usage.input + usage.cacheRead + usage.cacheWrite,
    tokensOut: usage.output,
    wallMs: Math.max(0, now() - started),
    cached,
  };
}
