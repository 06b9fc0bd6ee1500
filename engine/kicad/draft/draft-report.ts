import type { NetClassDecision } from "./net-class.js";
import type { JoinedPin } from "./resolved-intent.js";

/** What a draft produced, for the person or model that asked for it. */
export interface DraftReport {
  sheet: string;
  paper: string;
  groups: { name: string; members: string[] }[];
  wireCount: number;
  labelCount: number;
  netClasses: ({ name: string } & NetClassDecision)[];
  pwrFlags: string[];
  noConnects: number;
  /** Pins the intent left out of every net and of noConnect: drawn with no-connect markers. */
  openPins: string[];
  /** Pins the intent left out that KiCad connects anyway, joined to the net they end up on. */
  joinedPins: JoinedPin[];
  notes: string[];
}

export function renderDraftReport(report: DraftReport): string {
  const lines = [
    `drafted ${report.sheet}: ${report.groups.length} group(s), ${report.wireCount} wire segment(s), ${report.labelCount} label(s), ${report.noConnects} no-connect(s) on ${report.paper}`,
  ];
  for (const g of report.groups) lines.push(`  group "${g.name}": ${g.members.join(", ")}`);
  lines.push(
    `  net classes: ${report.netClasses.map((n) => `${n.name}=${n.class}${n.basis === "kind" ? "" : ` (by ${n.basis})`}`).join(", ")}`,
  );
  if (report.pwrFlags.length > 0) lines.push(`  PWR_FLAG added on: ${report.pwrFlags.join(", ")}`);
  if (report.openPins.length > 0)
    lines.push(`  pins in no net, marked no-connect: ${report.openPins.join(", ")}`);
  const joined = (why: JoinedPin["why"]) =>
    report.joinedPins.filter((j) => j.why === why).map((j) => `${j.pin} (${j.net})`);
  if (joined("stacked").length > 0)
    lines.push(
      `  stacked pins left out of the intent, joined to their stack's net (KiCad connects them): ${joined("stacked").join(", ")}`,
    );
  if (joined("hidden-power").length > 0)
    lines.push(
      `  hidden power inputs, joined to the net of their name (KiCad connects them): ${joined("hidden-power").join(", ")}`,
    );
  for (const note of report.notes) lines.push(`  note: ${note}`);
  return lines.join("\n");
}
