import { maxOf } from "../../../array-ops.js";
import type { SettingSource } from "../inputs/board-spec.js";
import { DECOUPLING_REACH } from "../layout-board.js";
import type { LayoutReport } from "./layout-report.js";

const SOURCE: Record<SettingSource, string> = {
  constraints: "from .copperhead/constraints.json",
  config: "from .copperhead/config.json",
  default: "the default",
};

function mm(n: number): string {
  return Number.isFinite(n) ? String(Math.round(n * 100) / 100) : "—";
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|");
}

/**
 * The `## Draft quality` section of docs/LAYOUT.md (also what `copperhead layout` prints):
 * what was placed where, what is good, and what a person should review. Deterministic: the
 * same report renders the same text.
 */
export function renderLayoutReport(report: LayoutReport, board: string): string {
  const { board: b } = report;
  const lines: string[] = ["## Draft quality", ""];
  const size =
    b.widthSource === b.heightSource
      ? `${mm(b.width)} × ${mm(b.height)} mm (${SOURCE[b.widthSource]})`
      : `${mm(b.width)} mm (${SOURCE[b.widthSource]}) × ${mm(b.height)} mm (${SOURCE[b.heightSource]})`;
  const holes = b.holes
    ? `${b.holes.replace("x", " × ")} mounting holes (${SOURCE[b.holesSource]})`
    : "no mounting holes";
  lines.push(
    `\`${board}\`: ${report.parts} parts placed by copperhead on a ${size} two-layer board, ${holes}; courtyards cover ${Math.round(report.density * 100)} % of the board. Not routed yet: every net below still needs tracks.`,
    "",
  );
  const connectors = report.connectors.map(
    (c) => `${c.ref} ${c.edge}${c.declared ? "" : " (chosen)"}`,
  );
  lines.push(
    `- **Connectors on edges:** ${connectors.length > 0 ? connectors.join(", ") : "none"}.`,
  );
  if (report.decoupling.length > 0) {
    const far = report.decoupling.filter((d) => d.distance > DECOUPLING_REACH);
    const max = maxOf(report.decoupling.map((d) => d.distance));
    lines.push(
      `- **Decoupling:** ${report.decoupling.length} cap(s) at their IC pins, furthest ${mm(max)} mm (pad centre to pin)${far.length > 0 ? `; beyond ${DECOUPLING_REACH} mm: ${far.map((d) => `${d.cap} → ${d.ic}.${d.pin} ${mm(d.distance)} mm`).join(", ")}` : `, all within ${DECOUPLING_REACH} mm`}: ${report.decoupling.map((d) => `${d.cap} → ${d.ic}.${d.pin}`).join(", ")}.`,
    );
  } else
    lines.push("- **Decoupling:** no capacitor between a power net and ground serves an IC pin.");
  const refs = report.references;
  lines.push(
    `- **Silkscreen:** ${refs.onSilk} reference(s) beside their parts${refs.hidden.length > 0 ? `; no room for ${refs.hidden.join(", ")} (shown on F.Fab only)` : ""}${refs.overOtherParts.length > 0 ? `; over a neighbour's body: ${refs.overOtherParts.join(", ")}` : ""}.`,
  );
  if (report.groundPour?.deferred) {
    lines.push(
      `- **Ground pour:** ${report.groundPour.net} on ${report.groundPour.layer} deferred: no ${report.groundPour.net} pad reaches the bottom layer, so a pour now would be one isolated island; it comes with the routing's ground vias.`,
    );
  } else if (report.groundPour) {
    const area = report.groundPour.filledArea;
    lines.push(
      `- **Ground pour:** ${report.groundPour.net} on ${report.groundPour.layer}${area !== undefined ? `, ${mm(area)} mm² filled` : ", empty until routing adds ground vias"} (through-hole ground pads connect to it by thermal reliefs; SMD ground pads need vias).`,
    );
  } else lines.push("- **Ground pour:** none (no ground net, or turned off in the config).");
  lines.push(
    `- **Net classes:** ${report.netClasses.map((c) => `${c.name} ${mm(c.trackWidth)} mm (${c.nets} net(s))`).join(", ")}; design rules in the .kicad_pro.`,
    `- **Ratsnest:** ${mm(report.ratsnest)} mm over ${report.unrouted.length} net(s) (minimum spanning tree of each net's pads).`,
    "",
  );
  if (report.unrouted.length > 0) {
    lines.push("| net | class | pads | ratsnest mm |", "| --- | --- | --- | --- |");
    for (const n of [...report.unrouted].sort(
      (x, y) => y.length - x.length || (x.net < y.net ? -1 : 1),
    ))
      lines.push(`| ${cell(n.net)} | ${n.kind} | ${n.pads} | ${mm(n.length)} |`);
    lines.push("");
  }
  lines.push("### To review", "");
  const review = report.findings.map((f) => `- ${f.severity} ${f.kind}: ${f.detail}`);
  review.push(
    "- Placement is automatic: check connector orientation and mechanical fit against the enclosure.",
  );
  lines.push(...review, "");
  return lines.join("\n");
}
