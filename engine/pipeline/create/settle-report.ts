import { join } from "node:path";
import { formatDuration, formatTokens } from "../../agent/progress.js";
import { atomicWrite } from "../../agent/tools/atomic-write.js";
import { commitMessage, commitPaths, commitTrailer } from "../../repo/commit.js";
import { KEPT_TRAILER } from "../kept-work.js";
import { rowPath, writeRow } from "../stage-row.js";
import {
  buildCreateReport,
  type CreateReport,
  REPORT_JSON,
  REPORT_MD,
  type ReportFacts,
  renderReportMarkdown,
  statusCounts,
} from "./create-report.js";

export interface SettledReport {
  report: CreateReport;
  /** The commit holding REPORT.md, report.json and any row updated after its stage's commit. */
  commit: string;
}

/**
 * Writes the run's report — `.copperhead/runs/REPORT.md` and `report.json`, built from the
 * stages' rows — and commits it, with the rows a diagnosis changed after their stage's own
 * commit (an abort's), so the tree is clean when create ends — but for work a failed attempt
 * kept for its retry, which the report commit names as the trail commit below it did.
 */
export async function settleReport(
  repo: string,
  facts: ReportFacts & { stale: ReadonlySet<string> },
): Promise<SettledReport> {
  const report = buildCreateReport(facts);
  const paths = [REPORT_MD, REPORT_JSON];
  for (const stage of facts.stale) {
    const row = facts.rows.get(stage);
    if (!row) continue;
    await writeRow(repo, row);
    paths.push(rowPath(stage));
  }
  await atomicWrite(join(repo, REPORT_MD), renderReportMarkdown(report));
  await atomicWrite(join(repo, REPORT_JSON), `${JSON.stringify(report, null, 2)}\n`);
  const tokens = report.totals.tokensIn + report.totals.tokensOut;
  // Work a failed attempt kept in the tree is named by the commit on top: say it again here.
  const kept = await commitTrailer(repo, "HEAD", KEPT_TRAILER);
  const commit = await commitPaths(
    repo,
    paths,
    commitMessage({
      scope: "create",
      subject: `report: ${report.result}, ${statusCounts(report)}, ${formatDuration(report.wallMs)}, ${formatTokens(tokens)} tokens`,
      paragraphs: [
        `${report.message}.`,
        report.resume
          ? `Resume with: ${report.resume}${report.resumesAt ? ` (at ${report.resumesAt})` : ""}`
          : "",
      ],
      trailers: [
        ["Copperhead-Report", report.result],
        ...(kept ? ([[KEPT_TRAILER, kept]] as const) : []),
      ],
    }),
  );
  return { report, commit };
}
