import type { ToolResult } from "../tool.js";

/** One library id a design uses, and where. */
export interface Claim {
  /** The id claimed (`Lib:Name`). */
  id: string;
  /** Where it was seen: "sheet /", "D1 on sheet /" or "docs/BOM.md:7". */
  where: string;
}

/**
 * The shared answer of the verify tools: each (id, place) checked once, the problems numbered,
 * `check-failed` when there are any. `noun` names what was verified ("symbol", "footprint").
 */
export async function verifyClaims<C extends Claim>(options: {
  tool: string;
  noun: string;
  claims: readonly C[];
  /** The result when there is nothing to verify. */
  nothing: string;
  /** The detail of a clean result, given the number of distinct ids. */
  clean: (ids: number) => string;
  check: (claim: C) => Promise<string | undefined>;
}): Promise<ToolResult> {
  const { tool, noun, claims } = options;
  if (claims.length === 0) {
    return { ok: true, summary: `${tool}: nothing to verify`, detail: options.nothing };
  }
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const claim of claims) {
    const key = `${claim.id}\u0000${claim.where}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const problem = await options.check(claim);
    if (problem) problems.push(problem);
  }
  const ids = new Set(claims.map((c) => c.id)).size;
  if (problems.length === 0) {
    return { ok: true, summary: `${tool}: ${ids} ${noun}(s) verified`, detail: options.clean(ids) };
  }
  return {
    ok: false,
    errorKind: "check-failed",
    summary: `${tool}: ${problems.length} problem(s) in ${ids} ${noun}(s)`,
    detail: problems.map((p, i) => `${i + 1}. ${p}`).join("\n"),
  };
}
