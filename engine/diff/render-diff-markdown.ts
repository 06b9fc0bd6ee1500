import { type ChangeRow, describeChange } from "./describe-change.js";
import type { BeforeAfter, DiffReport } from "./diff-report.js";

export interface MarkdownOptions {
  /** Change rows shown across both tables before the rest is cut to "…and N more" (default 50). */
  maxRows?: number;
  /** Where the whole diff can be read (a run's artifact, the job summary); linked from the cut. */
  fullDiffUrl?: string;
  /** Turns a picture's path (as the report gives it) into a URL; pictures are left out without it. */
  imageUrl?: (path: string) => string;
  /** Heading level of the section title (default 3). */
  headingLevel?: number;
}

/** Table cells hold no pipes, newlines or HTML; backslashes and backticks stay literal. */
export function escapeCell(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/\|/g, "\\|")
    .replace(/`/g, "\\`")
    .replace(/[<>&]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;" })[c]!)
    .replace(/\s*[\r\n]+\s*/g, " ");
}

const MARK = { "+": "added", "-": "removed", "~": "changed" } as const;

function table(rows: readonly ChangeRow[]): string[] {
  if (rows.length === 0) return [];
  return [
    "| | change | item | before | after |",
    "|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${MARK[r.mark]} | ${escapeCell(r.what)} | ${escapeCell(r.item)} | ${escapeCell(r.before)} | ${escapeCell(r.after)} |`,
    ),
  ];
}

const shown = (n: number | null) => (n === null ? "—" : String(n));
const pair = (v: BeforeAfter, format: (n: number | null) => string = shown) =>
  v.before === v.after ? format(v.after) : `${format(v.before)} → ${format(v.after)}`;
const short = (r: DiffReport["before"]) =>
  r.commit ? `\`${r.commit.slice(0, 7)}\`` : escapeCell(r.label);

function checksRows(checks: NonNullable<DiffReport["checks"]>): string[] {
  const rows: string[] = [];
  const add = (what: string, v: BeforeAfter, format?: (n: number | null) => string) =>
    rows.push(`| ${what} | ${pair(v, format)} |`);
  for (const [name, rule] of [
    ["ERC", checks.erc],
    ["DRC", checks.drc],
  ] as const) {
    if (!rule) continue;
    add(`${name} errors`, rule.errors);
    add(`${name} warnings`, rule.warnings);
    for (const k of rule.byKind) {
      if (k.before !== k.after)
        rows.push(`| ${name} \`${escapeCell(k.kind)}\` | ${k.before} → ${k.after} |`);
    }
  }
  if (checks.legibility) {
    add("legibility errors", checks.legibility.errors);
    add("legibility advisories", checks.legibility.advisories);
  }
  if (checks.score) add("schematic score", checks.score);
  if (checks.routed)
    add("routed", checks.routed, (n) => (n === null ? "—" : `${Math.round(n * 1000) / 10}%`));
  return rows.length === 0 ? [] : ["| check | before → after |", "|---|---|", ...rows];
}

/**
 * The diff as a Markdown section for a pull-request comment: a summary line, the schematic and
 * board changes as tables (cut at maxRows with "…and N more", linked to the full diff), the
 * checks before → after, and the overlay pictures when the caller can serve them. Pure: the
 * same report and options give the same text, so an edited-in-place comment changes only
 * when the diff does.
 */
export function renderDiffMarkdown(report: DiffReport, options: MarkdownOptions = {}): string {
  const level = "#".repeat(options.headingLevel ?? 3);
  const maxRows = options.maxRows ?? 50;
  const out: string[] = [
    `${level} Design diff: ${short(report.before)} → ${short(report.after)}`,
    "",
  ];
  const s = report.schematic;
  const b = report.board;
  const status = (label: string, section: { status: string; changes: unknown[] }) =>
    section.status === "absent"
      ? `no ${label}`
      : section.status === "unchanged"
        ? `${label} unchanged`
        : `${label}: ${section.changes.length} change${section.changes.length === 1 ? "" : "s"}`;
  out.push(`${status("schematic", s)} · ${status("board", b)}`, "");
  if (s.powerRailsTouched.length > 0) {
    out.push(
      `Power rails touched: ${s.powerRailsTouched.map((n) => `\`${escapeCell(n)}\``).join(", ")}`,
      "",
    );
  }

  let budget = maxRows;
  let cut = 0;
  for (const [title, changes] of [
    ["Schematic", s.changes],
    ["Board", b.changes],
  ] as const) {
    if (changes.length === 0) continue;
    const shownRows = changes.slice(0, Math.max(0, budget)).map(describeChange);
    cut += changes.length - shownRows.length;
    budget -= shownRows.length;
    if (shownRows.length > 0) out.push(`**${title}**`, "", ...table(shownRows), "");
  }
  if (cut > 0) {
    const more = `…and ${cut} more change${cut === 1 ? "" : "s"}`;
    out.push(options.fullDiffUrl ? `[${more}](${options.fullDiffUrl})` : more, "");
  }
  if (report.checks) {
    const rows = checksRows(report.checks);
    if (rows.length > 0) out.push("**Checks**", "", ...rows, "");
  }
  const imageUrl = options.imageUrl;
  if (report.pictures && imageUrl) {
    for (const p of report.pictures) {
      const name = p.kind === "sheet" ? `sheet ${p.name}` : `layer ${p.name}`;
      out.push(
        `<details><summary>${escapeCell(name)}: ${p.removed} removed, ${p.added} added</summary>`,
        "",
        `![${escapeCell(name)}](${imageUrl(p.overview)})`,
        ...p.crops.map((c, i) => `![${escapeCell(name)} region ${i + 1}](${imageUrl(c)})`),
        "",
        "</details>",
        "",
      );
    }
  }
  if (report.identical) out.push("No electrical or board change.", "");
  return `${out.join("\n").trimEnd()}\n`;
}
