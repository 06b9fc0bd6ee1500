import { commitMessage } from "../repo/commit.js";
import type { Settlement } from "./attempt.js";
import { KEPT_TRAILER } from "./kept-work.js";
import { outcomeVerdict } from "./outcome-record.js";

/** What happened, in a few words, for the subject of a failed attempt's trail commit. */
function failureSubject(s: Settlement): string {
  const failed = s.judgement?.evidence.filter((e) => !e.ok).map((e) => e.check) ?? [];
  switch (s.verdict) {
    case "gate-failed":
      return `attempt ${s.attempt} failed its gate (${failed.join(", ") || "unmet obligations"})`;
    case "run-failed":
      return `attempt ${s.attempt} failed: the run ended ${s.work?.exit ?? "early"}`;
    case "paused":
      return `attempt ${s.attempt} paused (usage limit)`;
    case "interrupted":
      return `attempt ${s.attempt} interrupted`;
    default:
      return `attempt ${s.attempt} stopped in the ${s.failure?.phase ?? "run"} phase`;
  }
}

function whereTheWorkIs(s: Settlement): string | undefined {
  if (s.kept && s.wip)
    return `The work stays in the tree for the next attempt (also on ${s.wip.ref}).`;
  if (s.stash && s.wip) {
    return `The work is on ${s.wip.ref} and in stash "${s.stash.name}"; the tree was restored.`;
  }
  return undefined;
}

/**
 * The commit of a stage attempt: on a pass, `copperhead(<stage>): <summary>` holding the work
 * and its trail; on a fail, the trail alone (outcome, events) saying what failed and where the
 * work went. Both carry the trailers the App finds stage commits by.
 */
export function stageCommitMessage(
  s: Settlement,
  facts: {
    briefSha256: string;
    provider: string;
    carriedRef?: string | undefined;
    /** The files were adopted as they are: no model or code wrote them in this attempt. */
    adopted?: boolean;
  },
): string {
  const pass = s.verdict === "passed" || s.verdict === "unchanged";
  const evidence = (s.judgement?.evidence ?? [])
    .map((e) => `- ${e.ok ? "ok" : "FAILED"} ${e.check}: ${e.detail}`)
    .join("\n");
  const summary = s.work?.summary ?? s.failure?.message ?? "";
  const verified = s.work?.verified ?? [];
  return commitMessage({
    scope: s.scope,
    subject: pass ? summary || `${s.scope} attempt ${s.attempt}` : failureSubject(s),
    paragraphs: [summary, evidence === "" ? "" : `Gate:\n${evidence}`, whereTheWorkIs(s) ?? ""],
    trailers: [
      ["Copperhead-Stage", s.scope],
      ["Copperhead-Attempt", String(s.attempt)],
      ["Copperhead-Brief-SHA256", facts.briefSha256],
      ["Copperhead-Verdict", outcomeVerdict(s)],
      ["Copperhead-Verified", verified.length > 0 ? verified.join(", ") : "none"],
      ["Copperhead-Provider", facts.provider],
      ...(facts.adopted && pass ? ([["Copperhead-Adopted", "yes"]] as const) : []),
      ...(s.wip ? ([[s.kept ? KEPT_TRAILER : "Copperhead-WIP", s.wip.ref]] as const) : []),
      // A rollback put an earlier attempt's kept work back: it is still the work to build on.
      ...(!pass && !s.kept && facts.carriedRef
        ? ([[KEPT_TRAILER, facts.carriedRef]] as const)
        : []),
    ],
  });
}
