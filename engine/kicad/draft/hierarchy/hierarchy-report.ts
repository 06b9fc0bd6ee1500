import { pushAll } from "../../../array-ops.js";
import type { DraftReport } from "../draft-report.js";

/** A hierarchy's draft report before its sheets are added. */
export function emptyReport(sheet: string): DraftReport {
  return {
    sheet,
    paper: "",
    groups: [],
    wireCount: 0,
    labelCount: 0,
    netClasses: [],
    pwrFlags: [],
    noConnects: 0,
    openPins: [],
    joinedPins: [],
    notes: [],
  };
}

/**
 * Adds one sub-sheet's draft report to the hierarchy's: its groups without the port parts
 * (they are labels now), its counts, and the net classes and PWR_FLAGs not already listed.
 */
export function addSheetReport(
  report: DraftReport,
  sheet: DraftReport,
  ports: ReadonlyMap<string, string>,
): void {
  pushAll(
    report.groups,
    sheet.groups
      .filter((g) => g.members.length > 0)
      .map((g) => ({
        name: g.name,
        members: g.members.filter((m) => !ports.has(m)),
      })),
  );
  report.wireCount += sheet.wireCount;
  report.labelCount += sheet.labelCount;
  report.noConnects += sheet.noConnects;
  pushAll(
    report.netClasses,
    sheet.netClasses.filter((c) => !report.netClasses.some((o) => o.name === c.name)),
  );
  for (const f of sheet.pwrFlags) if (!report.pwrFlags.includes(f)) report.pwrFlags.push(f);
  pushAll(report.openPins, sheet.openPins);
  pushAll(report.joinedPins, sheet.joinedPins);
}
