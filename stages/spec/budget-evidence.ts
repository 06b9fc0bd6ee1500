import type { Constraint } from "../../engine/agent/tools/constraints-file.js";
import type { Evidence } from "../../engine/flow/evidence.js";
import type { MarkdownBlock, MarkdownSection } from "../../engine/flow/gates/markdown.js";
import { numbersIn, statesNumber } from "../../engine/flow/gates/numbers-in-text.js";
import { boundsOf } from "../../engine/flow/gates/read-constraints.js";

const KEY = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)+$/;
const SPEC = "docs/SPEC.md";

/** Keys a block names: as inline code (`board.width_mm`) or spelled out in its text. */
function keysNamed(block: MarkdownBlock, known: ReadonlySet<string>): string[] {
  const named = new Set(block.codes.filter((c) => KEY.test(c.trim())).map((c) => c.trim()));
  for (const key of known) if (block.text.includes(key)) named.add(key);
  return [...named].sort();
}

const listed = (items: readonly string[], max = 4) =>
  items.length > max
    ? `${items.slice(0, max).join("; ")}; and ${items.length - max} more`
    : items.join("; ");

/**
 * Every budget line of SPEC.md (a line, item or row of a Budgets section that states a number)
 * names the constraint key it is recorded under, that key exists in constraints.json, and the
 * line states the constraint's numbers; every recorded constraint is named in SPEC.md.
 */
export function budgetsRecorded(
  budgets: readonly MarkdownSection[],
  specText: string,
  constraints: readonly Constraint[],
): Evidence {
  const check = "budgets-recorded";
  if (constraints.length === 0) {
    return { check, ok: false, detail: "constraints.json records no budget" };
  }
  const byKey = new Map(constraints.map((c) => [c.key, c]));
  const known = new Set(byKey.keys());
  const problems: string[] = [];
  const seen = new Set<string>();
  let entries = 0;
  for (const block of budgets.flatMap((s) => s.blocks)) {
    if (block.kind === "code" || !/\d/.test(block.text)) continue;
    entries++;
    const keys = keysNamed(block, known);
    if (keys.length === 0) {
      problems.push(`${SPEC} line ${block.line} states a budget but names no constraint key`);
      continue;
    }
    const stated = numbersIn(block.text);
    for (const key of keys) {
      const c = byKey.get(key);
      if (!c) {
        problems.push(
          `${SPEC} line ${block.line} names ${key}, which constraints.json does not record`,
        );
        continue;
      }
      seen.add(key);
      const missing = boundsOf(c).filter((n) => !statesNumber(stated, n));
      if (missing.length > 0) {
        problems.push(
          `${SPEC} line ${block.line} does not state ${missing.join(", ")} that constraints.json records for ${key}`,
        );
      }
    }
  }
  for (const key of [...known].sort()) {
    if (!seen.has(key) && !specText.includes(key)) {
      problems.push(`constraint ${key} is not named anywhere in ${SPEC}`);
    }
  }
  if (entries === 0) problems.unshift("the Budgets section states no number");
  return problems.length === 0
    ? {
        check,
        ok: true,
        detail: `${entries} budget line(s) agree with ${constraints.length} constraint(s)`,
      }
    : { check, ok: false, detail: listed(problems) };
}

/** Lower case, markup and typography folded, whitespace collapsed: how a quote is compared. */
function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/[*_`>#]/g, "")
    .replace(/[“”„]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/×/g, "x")
    .replace(/\s+/g, " ")
    .trim();
}

const QUOTE = /"([^"]+)"|“([^”]+)”|'([^']{3,})'/g;

/**
 * Every constraint says where it came from: `brief: "<words of brief.md>"` (the words must be
 * in the brief) or `ASSUMED: <reason>`; every ASSUMED one is flagged in SPEC.md on a line that
 * says ASSUMED and names its key.
 */
export function assumptionsFlagged(
  constraints: readonly Constraint[],
  brief: string | undefined,
  blocks: readonly MarkdownBlock[],
): Evidence {
  const check = "assumptions-flagged";
  const problems: string[] = [];
  const briefText = brief === undefined ? undefined : fold(brief);
  let assumed = 0;
  for (const c of constraints) {
    const source = c.source.trim();
    if (/^assumed\b/i.test(source)) {
      assumed++;
      const flagged = blocks.some((b) => /\bASSUMED\b/.test(b.text) && b.text.includes(c.key));
      if (!flagged)
        problems.push(`${c.key} is ASSUMED but no SPEC.md line flags it (ASSUMED … ${c.key})`);
      continue;
    }
    if (/^brief\b/i.test(source)) {
      const quotes = [...source.matchAll(QUOTE)].map((m) => m[1] ?? m[2] ?? m[3] ?? "");
      if (briefText === undefined) {
        problems.push(`${c.key} cites the brief, but there is no brief.md`);
      } else if (quotes.length === 0) {
        problems.push(`${c.key} cites the brief without quoting it (source: brief: "<its words>")`);
      } else {
        const absent = quotes.filter((q) => !briefText.includes(fold(q)));
        if (absent.length > 0) {
          problems.push(
            `${c.key} quotes "${absent[0]}", which brief.md does not say — quote the brief exactly or mark it ASSUMED`,
          );
        }
      }
      continue;
    }
    problems.push(
      `${c.key} has source "${source}": write brief: "<the brief's words>" or ASSUMED: <why>`,
    );
  }
  return problems.length === 0
    ? {
        check,
        ok: true,
        detail: `${constraints.length - assumed} budget(s) quote the brief, ${assumed} flagged ASSUMED`,
      }
    : { check, ok: false, detail: listed(problems) };
}
