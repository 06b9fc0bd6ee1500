import type { BreakoutOutcome, FailureKind } from "./check-breakout.js";

/** The library run's bar: the share of drafted breakouts that must pass, and of symbols skipped. */
export const PASS_TARGET = 0.99;
export const SKIP_LIMIT = 0.1;

export interface FuzzSummary {
  tried: number;
  skipped: number;
  passed: number;
  failed: number;
  /** Passed over drafted (tried minus skipped); 1 when nothing was drafted. */
  passRate: number;
  engineFaults: number;
  /** The target met: pass rate, no engine fault, skips within the limit. */
  ok: boolean;
  text: string;
}

/**
 * The run in words: the pass rate against the target, every failure with its libId, kind and
 * finding, and the skips counted and listed by reason.
 */
export function summarizeFuzz(
  outcomes: readonly BreakoutOutcome[],
  /** The run's seed: a breakout is drawn again only with the seed it was generated with. */
  seed?: number,
): FuzzSummary {
  const tried = outcomes.length;
  const skips = outcomes.filter((o) => o.verdict === "skip");
  const failures = outcomes.filter((o) => o.verdict === "fail");
  const passes = outcomes.filter((o) => o.verdict === "pass");
  const drafted = tried - skips.length;
  const passRate = drafted === 0 ? 1 : passes.length / drafted;
  const engineFaults = failures.filter((f) => f.kind === "engine-fault").length;
  const skipShare = tried === 0 ? 0 : skips.length / tried;
  const ok = passRate >= PASS_TARGET && engineFaults === 0 && skipShare <= SKIP_LIMIT;
  const pct = (n: number) => `${(100 * n).toFixed(2)} %`;
  const lines = [
    `library run: ${passes.length} of ${drafted} breakouts pass (${pct(passRate)}; target ${pct(PASS_TARGET)}), ${tried} symbols tried, ${skips.length} skipped (${pct(skipShare)}; limit ${pct(SKIP_LIMIT)}), ${engineFaults} engine fault(s)`,
  ];
  const byKind = new Map<FailureKind, typeof failures>();
  for (const f of failures) byKind.set(f.kind, [...(byKind.get(f.kind) ?? []), f]);
  for (const [kind, list] of byKind) {
    lines.push(`failures: ${kind} (${list.length})`);
    for (const f of list) lines.push(`  ${f.libId}: ${f.detail}`);
  }
  // Each breakout is seeded by its libId and the run's seed (not by its place in the run), so
  // one drafted alone matches the run only with the same seed; the CLI's default is 1.
  const first = failures[0];
  if (first && seed !== undefined)
    lines.push(
      `draw one again alone: npm run fuzz -- --seed ${seed} --drafter-only ${first.libId}`,
    );
  const byReason = new Map<string, typeof skips>();
  for (const s of skips) byReason.set(s.reason, [...(byReason.get(s.reason) ?? []), s]);
  for (const [reason, list] of byReason) {
    lines.push(`skipped: ${reason} (${list.length}): ${list.map((s) => s.libId).join(", ")}`);
  }
  const joined = passes.reduce((n, p) => n + p.joined, 0);
  if (joined > 0)
    lines.push(`stacked pins left out of the intent and joined by the drafter: ${joined}`);
  lines.push(ok ? "target met" : "target MISSED");
  return {
    tried,
    skipped: skips.length,
    passed: passes.length,
    failed: failures.length,
    passRate,
    engineFaults,
    ok,
    text: lines.join("\n"),
  };
}
