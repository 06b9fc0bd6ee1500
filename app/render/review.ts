import type { Outcome } from "../../engine/flow/outcome.js";
import type { NewReviewComment } from "../github-types.js";
import { type Locator, locate } from "./locate.js";
import { code, inline, truncate } from "./markdown.js";
import { findingKey, findingMarker } from "./markers.js";

/** One reviewable finding of a stage outcome: an unmet obligation or a legibility finding. */
export interface ReviewFinding {
  /** `stage:key`, the same in every attempt that reports the same finding. */
  id: string;
  /** A line in the pull request's diff, when GitHub will accept a comment there. */
  anchor: { path: string; line: number } | null;
  /** The file it is about, for the file-level list in the review body. */
  file: string | null;
  text: string;
}

/** The right-hand (new) line numbers each patch shows: the lines a comment may sit on. */
export function diffLines(patch: string): Set<number> {
  const lines = new Set<number>();
  let next = 0;
  for (const row of patch.split("\n")) {
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(row);
    if (hunk) {
      next = Number(hunk[1]);
      continue;
    }
    if (next === 0 || row.startsWith("-") || row.startsWith("\\")) continue;
    if (row.startsWith("+") || row.startsWith(" ")) lines.add(next++);
  }
  return lines;
}

/** Every obligation and legibility finding of one outcome, keyed and placed. */
export function reviewFindings(
  o: Outcome,
  locator: Locator,
  diff: ReadonlyMap<string, ReadonlySet<number>>,
): ReviewFinding[] {
  const out: ReviewFinding[] = [];
  const seen = new Set<string>();
  const push = (f: ReviewFinding) => {
    if (seen.has(f.id)) return;
    seen.add(f.id);
    out.push(f);
  };
  for (const ob of o.obligations) {
    const id = `${o.stage}:${findingKey(["obligation", ob.kind, ob.openedBy])}`;
    const file = diff.has(ob.openedBy) ? ob.openedBy : null;
    push({
      id,
      anchor: null,
      file,
      text: `**Unmet obligation** ${code(ob.kind)}: ${inline(ob.detail, 600)} (opened by ${code(ob.openedBy)})`,
    });
  }
  for (const f of o.findings.legibility) {
    const id = `${o.stage}:${findingKey(["legibility", f.kind, f.sheet, ...[...f.refs].sort()])}`;
    const at = locate(locator, "sch", f.refs);
    const inDiff = at && at.line > 1 && diff.get(at.path)?.has(at.line) ? at : null;
    const refs = f.refs.length > 0 ? ` — ${inline(f.refs.join(", "))}` : "";
    push({
      id,
      anchor: inDiff,
      file: at?.path ?? null,
      text: `**Legibility ${f.severity}** ${code(f.kind)} on sheet ${code(f.sheet)} at (${f.at.x}, ${f.at.y}) mm${refs}: ${inline(f.detail, 600)}`,
    });
  }
  return out;
}

const marker = (id: string) => {
  const [stage, key] = id.split(":") as [string, string];
  return findingMarker(stage, key);
};

/**
 * The one review for a stage outcome: its new findings only (`posted` holds what earlier
 * reviews carried), line comments where the diff allows, the rest listed by file in the body.
 * Null when there is nothing new to say.
 */
export function planReview(
  o: Outcome,
  findings: readonly ReviewFinding[],
  posted: ReadonlySet<string>,
): { body: string; comments: NewReviewComment[] } | null {
  const fresh = findings.filter((f) => !posted.has(f.id));
  if (fresh.length === 0) return null;
  const comments: NewReviewComment[] = [];
  const byFile = new Map<string, ReviewFinding[]>();
  for (const f of fresh) {
    if (f.anchor) {
      comments.push({
        path: f.anchor.path,
        line: f.anchor.line,
        body: truncate(`${f.text}\n\n${marker(f.id)}`),
      });
      continue;
    }
    const file = f.file ?? "(design)";
    byFile.set(file, [...(byFile.get(file) ?? []), f]);
  }
  const verdict = o.verdict === "pass" ? "passed" : o.verdict === "fail" ? "failed" : "was blocked";
  const lines = [
    `### copperhead · ${o.stage} attempt ${o.attempt} ${verdict} with ${fresh.length} new finding(s)`,
    "",
    comments.length > 0
      ? `${comments.length === 1 ? "One is" : `${comments.length} are`} on the lines below.`
      : "",
  ];
  for (const [file, list] of byFile) {
    lines.push("", file === "(design)" ? "**The design as a whole**" : `**${code(file)}**`);
    for (const f of list) lines.push(`- ${f.text} ${marker(f.id)}`);
  }
  lines.push(
    "",
    `Fix them and comment \`/copperhead retry ${o.stage}\`; fixed findings' threads are resolved by the next report.`,
  );
  return { body: truncate(lines.filter((l, i) => l !== "" || i > 0).join("\n")), comments };
}
