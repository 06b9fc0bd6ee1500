import { formatDuration, formatTokens } from "../../agent/progress.js";
import type { InterruptedError } from "../../errors.js";
import { EXIT, type Rendered } from "../report.js";
import { REPORT_MD, statusCounts } from "./create-report.js";
import type { CreateRun } from "./run-create.js";

/** The exit code of each way a create run ends (docs/create.md). */
export function createExitCode(run: CreateRun, interrupted?: InterruptedError): number {
  switch (run.result) {
    case "done":
      return EXIT.ok;
    case "paused":
      return EXIT.paused;
    case "interrupted":
      return interrupted?.exitCode ?? 130;
    default:
      return EXIT.failed;
  }
}

/**
 * What `copperhead create` prints when it ends: the summary line, and — when the run did
 * not finish — what stopped it, the exact command that resumes it and the stage it resumes
 * at. stdout gets HEAD's commit when every stage is valid.
 */
export function renderCreateEnd(
  run: CreateRun,
  resume: string,
  interrupted?: InterruptedError,
): Rendered {
  const stderr: string[] = [];
  const report = run.report?.report;
  const exitCode = createExitCode(run, interrupted);
  if (run.leftovers?.commit) {
    stderr.push(
      `committed copperhead's unfinished work before going on (${run.leftovers.paths.length} path(s)): ${run.leftovers.commit.slice(0, 12)}`,
    );
  }
  const summary = report
    ? `${report.stages.length} stages (${statusCounts(report)}) · ${formatDuration(report.wallMs)} · ${formatTokens(report.totals.tokensIn + report.totals.tokensOut)} tokens · report ${REPORT_MD}`
    : undefined;
  const valid =
    report?.stages
      .filter((s) => ["ran", "resumed", "adopted", "skipped"].includes(s.status))
      .map((s) => s.stage) ?? [];
  const resumeLines = () => {
    stderr.push(`resume with: ${resume}`);
    if (run.resumesAt) {
      stderr.push(
        `it resumes at ${run.resumesAt}${valid.length > 0 ? `; ${valid.join(", ")} ${valid.length === 1 ? "is" : "are"} valid and will be skipped` : ""}`,
      );
    }
  };
  switch (run.result) {
    case "done":
      stderr.push(
        summary
          ? `done · ${summary}`
          : "every stage is valid: nothing to do (no model was asked, nothing was written)",
      );
      return { stdout: [run.head], stderr, exitCode };
    case "paused":
      stderr.push(`paused: ${run.message}`);
      if (summary) stderr.push(summary);
      stderr.push("rerun after the limit resets: the finished turns replay from the cache");
      resumeLines();
      return { stdout: [], stderr, exitCode };
    case "interrupted":
      stderr.push(
        `interrupted${interrupted ? ` by ${interrupted.signalName}` : ""}: ${run.message}`,
      );
      if (summary) stderr.push(summary);
      resumeLines();
      return { stdout: [], stderr, exitCode };
    case "escalated":
      stderr.push(`a person must decide: ${run.message}`);
      if (summary) stderr.push(summary);
      stderr.push("then resume:");
      resumeLines();
      return { stdout: [], stderr, exitCode };
    default:
      stderr.push(`stopped: ${run.message}`);
      if (summary) stderr.push(summary);
      if (run.resumesAt) {
        stderr.push(
          `read .copperhead/runs/${run.resumesAt}/ (the last outcome.json says what failed), fix the cause, then resume:`,
        );
      }
      resumeLines();
      return { stdout: [], stderr, exitCode };
  }
}
