import type { DriftFinding, DriftKind } from "./drift-finding.js";

/** Kinds about the document's shape, where "claims … but actual is …" would say nothing. */
const SHAPE_KINDS: readonly DriftKind[] = ["no-table", "unreadable-row", "duplicate-row"];

/**
 * The text the agent tool and `copperhead check` print: "drift: clean", or a header and one
 * numbered line per finding with document, line, column, claim, actual and the fix.
 */
export function renderDrift(findings: readonly DriftFinding[]): string {
  if (findings.length === 0) return "drift: clean";
  const lines = findings.map((f, i) => {
    const column = f.column ? ` ${f.column}` : "";
    const said = f.claim ? `"${f.claim}"` : "nothing";
    const actual = f.actual ? `"${f.actual}"` : "nothing";
    const claim = SHAPE_KINDS.includes(f.kind) ? "" : ` claims ${said} but actual is ${actual} —`;
    return `${i + 1}. ${f.document}:${f.row}${column} [${f.kind}]${claim} ${f.detail}`;
  });
  return [`drift: ${findings.length} finding(s):`, ...lines].join("\n");
}
