import { pushAll } from "../array-ops.js";
import type { ReworkItem } from "../flow/events.js";
import type { Evidence } from "../flow/evidence.js";
import type { StageDeclaration } from "../flow/stage.js";

export interface StagePromptFacts {
  stage: StageDeclaration;
  attempt: number;
  brief: { path: string; sha256: string };
  /** Failures routed to this stage (its own, or a downstream stage's naming it fix_owner). */
  rework: readonly ReworkItem[];
  /** The stage's previous result, when it did not pass. */
  previous?: { attempt: number; verdict: string; failed: readonly Evidence[] };
  /** An earlier attempt's work is in the tree. */
  carried: boolean;
  /** Kept paths a person's commits changed since the previous attempt (its work not carried). */
  superseded?: readonly string[];
  /** What the diagnosis of the last failed attempt says to do differently. */
  guidance?: { afterAttempt: number; text: string };
}

/**
 * The first user message of a stage run: what to do, against which brief, what the stage owns,
 * and — on a retry — what failed last time, so the attempt builds on it instead of starting
 * over. A diagnosis's guidance comes first, so the retry reads it before anything else. The
 * stage's prompt.md is the system prompt; this only states the facts of this run.
 */
export function stagePrompt(facts: StagePromptFacts): string {
  const { stage } = facts;
  const lines = facts.guidance
    ? [
        `Guidance from the diagnosis of attempt ${facts.guidance.afterAttempt}, which failed:`,
        facts.guidance.text.trim(),
        "",
      ]
    : [];
  pushAll(lines, [
    `Run the ${stage.name} stage, attempt ${facts.attempt}: ${stage.summary}.`,
    "",
    `The brief is ${facts.brief.path} (sha256 ${facts.brief.sha256.slice(0, 12)}).`,
    `You own (write only these): ${stage.outputs.join(", ")}.`,
    `You read: ${stage.inputs.join(", ")}.`,
  ]);
  if (facts.previous) {
    pushAll(lines, [
      "",
      `Attempt ${facts.previous.attempt} ended ${facts.previous.verdict}. What failed:`,
      ...(facts.previous.failed.length > 0
        ? facts.previous.failed.map((e) => `- ${e.check}: ${e.detail}`)
        : ["- (no check recorded)"]),
    ]);
  }
  const others = facts.rework.filter((r) => r.stage !== stage.name);
  if (others.length > 0) {
    pushAll(lines, [
      "",
      "Downstream stages failed because of this stage's files; fix the cause here:",
      ...others.map(
        (r) =>
          `- ${r.stage} attempt ${r.attempt}: ${r.failedChecks.length > 0 ? r.failedChecks.join(", ") : "no check named"}`,
      ),
    ]);
  }
  if (facts.carried) {
    lines.push(
      "",
      "The previous attempt's work is in the tree: build on it rather than start over.",
    );
  }
  if (facts.superseded && facts.superseded.length > 0) {
    lines.push(
      "",
      `Since the previous attempt, commits on the branch changed ${facts.superseded.join(", ")}: start from the committed files, which hold that person's changes; the previous attempt's work was set aside.`,
    );
  }
  lines.push(
    "",
    "Call `finish` when the checks in your instructions pass; the gate then checks the files themselves.",
  );
  return lines.join("\n");
}
