import type { CheckReport } from "../../check/check-report.js";
import { resolveCheckTarget } from "../../check/check-target.js";
import { runCheck } from "../../check/run-check.js";
import { CopperheadError, describeError } from "../../errors.js";
import { describePathFinding } from "../../kicad/paths/path-finding.js";
import type { Evidence } from "../evidence.js";
import type { GateFindings } from "../gate-findings.js";
import type { StageContext } from "../stage.js";

/** The checks a KiCad gate can ask of `copperhead check`'s report. */
export type KicadCheck = "erc-clean" | "drc-clean" | "legibility-clean" | "drift-clean";

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

/**
 * Gate evidence from the same run `copperhead check` makes (real kicad-cli ERC/DRC, our
 * legibility and drift), so a stage passes only on what a person's own check would accept.
 * A repo with no KiCad project, or an ambiguous one, is failed evidence naming the fix.
 */
export async function kicadEvidence(
  { repo, findings }: StageContext,
  checks: readonly KicadCheck[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<Evidence[]> {
  let report: CheckReport;
  try {
    const target = await resolveCheckTarget(repo, undefined);
    if (!target.schematic) {
      return checks.map((check) => ({
        check,
        ok: false,
        detail:
          "no KiCad project found (a .kicad_pro with its .kicad_sch in the repo root or hardware/, or paths.schematic in .copperhead/config.json)",
      }));
    }
    // Before the layout stage there is no board: leave DRC out unless it is asked for.
    const board = checks.includes("drc-clean") ? target.board : undefined;
    report = await runCheck({ ...target, board }, env);
  } catch (error) {
    if (!(error instanceof CopperheadError)) throw error;
    // An unloadable sheet or a failed kicad-cli run is failed evidence, not a crashed flow.
    return checks.map((check) => ({ check, ok: false, detail: describeError(error) }));
  }
  if (report.paths.length > 0) {
    // Nothing ran: each check says why, naming the refused paths (a few; check lists them all).
    const shown = report.paths.slice(0, 5).map(describePathFinding);
    const more = report.paths.length > 5 ? `; and ${report.paths.length - 5} more` : "";
    const detail = `not run: ${shown.join("; ")}${more}`;
    return checks.map((check) => ({ check, ok: false, detail }));
  }
  if (findings) recordFindings(findings, checks, report);
  return checks.map((check) => evidenceOf(check, report));
}

/** The findings behind the evidence, for the checks asked (the schematic's, or the board's). */
function recordFindings(into: GateFindings, checks: readonly KicadCheck[], report: CheckReport) {
  if (checks.includes("erc-clean") && report.erc.status === "ran")
    into.erc = [...report.erc.violations];
  if (checks.includes("drc-clean") && report.drc.status === "ran") {
    const { violations, unconnected, parity } = report.drc;
    into.drc = [...violations, ...unconnected, ...parity];
  }
  const section = report.legibility;
  if (checks.includes("legibility-clean") && section.status === "ran") {
    const engine = new Set(section.engineSheets);
    into.legibility = section.gated
      ? section.report.findings.filter((f) => f.severity === "error" && engine.has(f.sheet))
      : [];
    if (report.score.status === "ran") {
      const { composite, cap } = report.score.report;
      into.score = { composite, ...(cap ? { cap: cap.reason } : {}) };
    }
  }
}

function evidenceOf(check: KicadCheck, report: CheckReport): Evidence {
  switch (check) {
    case "erc-clean": {
      if (report.erc.status === "skipped") return { check, ok: false, detail: report.erc.reason };
      const { errors, warnings } = report.erc.counts;
      return {
        check,
        ok: errors + warnings === 0,
        detail: `ERC on ${report.target.schematic}: ${plural(errors, "error")}, ${plural(warnings, "warning")}`,
      };
    }
    case "drc-clean": {
      if (report.drc.status === "skipped") return { check, ok: false, detail: report.drc.reason };
      const { violations, unconnected, parity } = report.drc;
      return {
        check,
        ok: report.drc.counts.errors + report.drc.counts.warnings === 0,
        detail: `DRC on ${report.target.board}: ${plural(violations.length, "violation")}, ${plural(unconnected.length, "unconnected item")}, ${plural(parity.length, "schematic parity issue")}`,
      };
    }
    case "legibility-clean": {
      const section = report.legibility;
      if (section.status === "skipped") return { check, ok: false, detail: section.reason };
      const engine = new Set(section.engineSheets);
      const errors = section.report.findings.filter((f) => f.severity === "error");
      if (!section.gated) {
        // Hand-drawn sheets are the person's: their findings advise, they never block.
        return {
          check,
          ok: true,
          detail: `advisory (no copperhead-drafted sheet in a create repo): ${plural(errors.length, "error finding")}`,
        };
      }
      const blocking = errors.filter((f) => engine.has(f.sheet)).length;
      return {
        check,
        ok: blocking === 0,
        detail: `${plural(blocking, "error-severity finding")} on copperhead-drafted sheets`,
      };
    }
    case "drift-clean": {
      if (report.drift.status === "skipped")
        return { check, ok: false, detail: report.drift.reason };
      const n = report.drift.findings.length;
      return {
        check,
        ok: n === 0,
        detail: `${report.drift.documents.join(" and ")} against the schematic: ${plural(n, "mismatch", "mismatches")}`,
      };
    }
  }
}
