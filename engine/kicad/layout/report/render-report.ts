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

function routedLine(report: LayoutReport): string {
  const r = report.routing;
  if (!r) return "Not routed yet (placed only): every net below still needs tracks.";
  if (r.unrouted.length === 0) return "Every net is routed.";
  return `${r.unrouted.length} of ${r.nets} net(s) are not fully routed: ${r.unrouted.map((n) => n.net).join(", ")}.`;
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
    `\`${board}\`: ${report.parts} parts placed by copperhead on a ${size} two-layer board, ${holes}; courtyards cover ${Math.round(report.density * 100)} % of the board. ${routedLine(report)}`,
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
  );
  const routing = report.routing;
  if (routing) {
    lines.push(
      `- **Routing:** ${routing.routed} of ${routing.nets} net(s) routed (${Math.round(routing.share * 1000) / 10} %) on F.Cu and B.Cu; ${mm(routing.length)} mm of track against ${mm(routing.mst)} mm of ratsnest (${routing.mst > 0 ? mm(routing.length / routing.mst) : "—"}×); ${routing.vias} via(s) (${routing.nets > 0 ? mm(routing.vias / routing.nets) : "0"} per net); ${routing.rounds} rip-up round(s).`,
      "",
    );
    if (routing.unrouted.length > 0) {
      lines.push("| unrouted net | pads joined | why |", "| --- | --- | --- |");
      for (const n of routing.unrouted)
        lines.push(`| ${cell(n.net)} | ${n.connected} of ${n.pads} | ${cell(n.reason)} |`);
      lines.push("");
    }
  } else lines.push("");
  if (!routing && report.unrouted.length > 0) {
    lines.push("| net | class | pads | ratsnest mm |", "| --- | --- | --- | --- |");
    for (const n of [...report.unrouted].sort(
      (x, y) => y.length - x.length || (x.net < y.net ? -1 : 1),
    ))
      lines.push(`| ${cell(n.net)} | ${n.kind} | ${n.pads} | ${mm(n.length)} |`);
    lines.push("");
  }
  lines.push("### To review", "");
  const review = report.findings.map((f) => `- ${f.severity} ${f.kind}: ${f.detail}`);
  if (routing && routing.unrouted.length > 0)
    review.push(
      `- ${routing.unrouted.length} net(s) the router could not finish (${routing.unrouted.map((n) => n.net).join(", ")}): route them by hand, or give the board room and lay it out again.`,
    );
  if (routing)
    review.push(
      "- Routing is automatic: check high-current and sensitive nets (widths, lengths, return paths) before ordering.",
    );
  review.push(
    "- Placement is automatic: check connector orientation and mechanical fit against the enclosure.",
  );
  lines.push(...review, "");
  return lines.join("\n");
}
