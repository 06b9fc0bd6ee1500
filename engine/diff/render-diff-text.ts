import { pushAll } from "../array-ops.js";
import { type ChangeRow, describeChange } from "./describe-change.js";
import type { BeforeAfter, DiffReport } from "./diff-report.js";

const side = (r: DiffReport["before"]) =>
  r.commit ? `${r.label} (${r.commit.slice(0, 10)})` : r.label;
const value = (n: number | null) => (n === null ? "—" : String(n));
const arrow = (v: BeforeAfter) => `${value(v.before)} → ${value(v.after)}`;
const delta = (v: BeforeAfter) => (v.before === v.after ? "" : " *");

function rows(list: readonly ChangeRow[]): string[] {
  return list.map((r) => `  ${r.mark} ${r.what} ${r.item}: ${r.before} → ${r.after}`);
}

/** `copperhead diff` for a terminal: one line per change, the checks as before → after. */
export function renderDiffText(report: DiffReport): string {
  const out = [`copperhead diff: ${side(report.before)} → ${side(report.after)}`];
  out.push(
    `design: ${[report.design.schematic, report.design.board].filter(Boolean).join(", ") || "—"}`,
  );

  const s = report.schematic;
  if (s.status === "absent") out.push("schematic: none in either revision");
  else if (s.status === "unchanged") out.push("schematic: unchanged");
  else {
    out.push(
      `schematic: ${s.changes.length} change${s.changes.length === 1 ? "" : "s"} (sheets ${arrow(s.sheets)}, parts ${arrow(s.parts)}, nets ${arrow(s.nets)})`,
    );
    pushAll(out, rows(s.changes.map(describeChange)));
    if (s.powerRailsTouched.length > 0)
      out.push(`  power rails touched: ${s.powerRailsTouched.join(", ")}`);
  }

  const b = report.board;
  if (b.status === "absent") out.push("board: none in either revision");
  else if (b.status === "unchanged") out.push("board: unchanged");
  else {
    out.push(
      `board: ${b.changes.length} change${b.changes.length === 1 ? "" : "s"} (footprints ${arrow(b.footprints)}, tracks ${arrow(b.tracks)}, vias ${arrow(b.vias)})`,
    );
    pushAll(out, rows(b.changes.map(describeChange)));
  }

  const c = report.checks;
  if (c) {
    out.push("checks (before → after, * = changed):");
    for (const [name, rule] of [
      ["ERC", c.erc],
      ["DRC", c.drc],
    ] as const) {
      if (!rule) continue;
      out.push(
        `  ${name}: errors ${arrow(rule.errors)}${delta(rule.errors)}, warnings ${arrow(rule.warnings)}${delta(rule.warnings)}`,
      );
      for (const k of rule.byKind)
        if (k.before !== k.after) out.push(`    ${k.kind}: ${k.before} → ${k.after}`);
    }
    if (c.legibility) {
      out.push(
        `  legibility: errors ${arrow(c.legibility.errors)}${delta(c.legibility.errors)}, advisories ${arrow(c.legibility.advisories)}${delta(c.legibility.advisories)}`,
      );
      for (const k of c.legibility.byKind)
        if (k.before !== k.after) out.push(`    ${k.kind}: ${k.before} → ${k.after}`);
    }
    if (c.score) out.push(`  score: ${arrow(c.score)}${delta(c.score)}`);
    if (c.routed) {
      const pct = (n: number | null) => (n === null ? "—" : `${Math.round(n * 1000) / 10}%`);
      out.push(`  routed: ${pct(c.routed.before)} → ${pct(c.routed.after)}${delta(c.routed)}`);
    }
  }
  if (report.pictures) {
    if (report.pictures.length === 0) out.push("pictures: no page's drawing changed");
    for (const p of report.pictures) {
      out.push(
        `picture ${p.kind} ${p.name}: ${p.overview}${p.crops.length ? ` + ${p.crops.length} crop${p.crops.length === 1 ? "" : "s"}` : ""} (${p.removed} removed, ${p.added} added)`,
      );
    }
  }
  if (report.identical) out.push("no electrical or board changes");
  return `${out.join("\n")}\n`;
}
