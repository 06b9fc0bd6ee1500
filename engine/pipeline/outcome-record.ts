import { join } from "node:path";
import { redactJson } from "../agent/redact.js";
import { atomicWrite } from "../agent/tools/atomic-write.js";
import type { Evidence } from "../flow/evidence.js";
import { listFiles } from "../flow/git-listing.js";
import { hashFile } from "../flow/hash-file.js";
import { type Obligation, type Outcome, outcomeSchema } from "../flow/outcome.js";
import type { PathPattern } from "../flow/path-pattern.js";
import { outcomePath } from "../flow/run-paths.js";
import type { Settlement } from "./attempt.js";

/** What the outcome says of each attempt verdict: only a judgement of the work is a fail. */
export function outcomeVerdict(settlement: Settlement): Outcome["verdict"] {
  switch (settlement.verdict) {
    case "passed":
    case "unchanged":
      return "pass";
    case "gate-failed":
    case "run-failed":
      return "fail";
    default:
      return "blocked";
  }
}

/**
 * Why an attempt stopped before anything judged it, when another run can pick it up: a run
 * at its turn budget or interrupted (a gate that said no, a refusal or a crash is not that).
 */
export function stoppedBy(settlement: Settlement): Outcome["stoppedBy"] {
  if (settlement.verdict === "interrupted") return "interrupted";
  if (settlement.judgement || settlement.failure) return undefined;
  const exit = settlement.work?.exit;
  return exit === "budget" || exit === "interrupted" ? exit : undefined;
}

/** The evidence of an attempt: the gate's, or why there was no gate to ask. */
export function attemptEvidence(settlement: Settlement): Evidence[] {
  if (settlement.judgement) return settlement.judgement.evidence;
  if (settlement.failure) {
    return [
      {
        check: "attempt",
        ok: false,
        detail: `the ${settlement.failure.phase} phase failed: ${settlement.failure.message}`,
      },
    ];
  }
  const work = settlement.work;
  const detail = work ? `the run ended ${work.exit}: ${work.summary}` : "the run never started";
  return [{ check: "run", ok: false, detail }];
}

export interface OutcomeFacts {
  brief: { path: string; sha256: string };
  artifacts: Outcome["artifacts"];
  resume: string;
  /** Repo-relative renders of the sheet and board in the attempt's run folder. */
  renders?: readonly string[];
}

/** The outcome contract for a settled attempt (validated: a bug here fails loudly, not the App). */
export function buildOutcome(settlement: Settlement, facts: OutcomeFacts): Outcome {
  const work = settlement.work;
  const stopped = stoppedBy(settlement);
  const obligations: Obligation[] =
    settlement.judgement?.unmet ??
    work?.agent?.ledger.obligations.filter((o) => o.kind !== "changelog") ??
    [];
  return outcomeSchema.parse({
    schema: 1,
    stage: settlement.scope,
    attempt: settlement.attempt,
    verdict: outcomeVerdict(settlement),
    startedAt: new Date(settlement.startedAt).toISOString(),
    finishedAt: new Date(Math.max(settlement.finishedAt, settlement.startedAt)).toISOString(),
    // The commit the attempt started from: a file inside the stage commit cannot name that
    // commit. The stage commit is the child of this one carrying the attempt's trailers.
    commit: settlement.base,
    brief: facts.brief,
    evidence: attemptEvidence(settlement),
    obligations,
    // What the KiCad gate found, finding by finding (the App's check runs and review read
    // these lists; evidence keeps only the counts).
    findings: {
      erc: settlement.judgement?.findings?.erc ?? [],
      drc: settlement.judgement?.findings?.drc ?? [],
      legibility: settlement.judgement?.findings?.legibility ?? [],
    },
    ...(settlement.judgement?.findings?.score
      ? { score: settlement.judgement.findings.score }
      : {}),
    artifacts: facts.artifacts,
    renders: [...(facts.renders ?? [])],
    cost: {
      ...(work?.cost ?? { turns: 0, tokensIn: 0, tokensOut: 0, cacheHits: 0 }),
      wallMs: Math.max(0, settlement.finishedAt - settlement.startedAt),
    },
    resume: facts.resume,
    ...(stopped ? { stoppedBy: stopped } : {}),
  });
}

/** The stage's owned files as they are now, with their sha256, in path order. */
export async function ownedArtifacts(
  repo: string,
  outputs: readonly PathPattern[],
): Promise<Outcome["artifacts"]> {
  const listing = await listFiles(repo, outputs);
  const paths = [...listing.keys()].sort();
  const artifacts: Outcome["artifacts"] = [];
  for (const path of paths) {
    const hash = await hashFile(join(repo, path));
    if (hash) artifacts.push({ path, sha256: hash.sha256 });
  }
  return artifacts;
}

/**
 * Writes outcome.json, every string in it redacted (evidence details quote files and errors;
 * the App shows them in check runs and the file is committed). Redaction keeps the shape.
 */
export async function writeOutcome(
  repo: string,
  outcome: Outcome,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  await atomicWrite(
    join(repo, outcomePath(outcome.stage, outcome.attempt)),
    `${JSON.stringify(outcomeSchema.parse(redactJson(outcome, env)), null, 2)}\n`,
  );
}
