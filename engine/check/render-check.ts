import { pushAll } from "../array-ops.js";
import { formatViolations } from "../kicad/cli/format-violations.js";
import { renderDrift } from "../kicad/drift/render-drift.js";
import { renderPathFindings } from "../kicad/paths/path-finding.js";
import type { CheckReport } from "./check-report.js";

type Counts = { errors: number; warnings: number; excluded: number };

function tally(counts: Counts): string {
  const excluded = counts.excluded > 0 ? `, ${counts.excluded} excluded` : "";
  return `${counts.errors} error(s), ${counts.warnings} warning(s)${excluded}`;
}

/** `copperhead check` for a person: a section per check, numbered findings, then the verdict. */
export function renderCheck(report: CheckReport): string {
  const t = report.target;
  const out: string[] = [
    `schematic: ${t.schematic ?? "(none configured)"} · board: ${t.board ?? "(none)"} · docs: ${t.docs} · origin: ${t.origin ?? "not set"}`,
    "",
  ];

  if (report.paths.length > 0) {
    out.push(
      `paths: ${report.paths.length} refused — nothing they name was read, and kicad-cli did not run:`,
    );
    pushAll(out, renderPathFindings(report.paths));
    out.push("");
  }

  const { erc, drc, legibility, score, drift } = report;
  if (erc.status === "skipped") out.push(`ERC: skipped — ${erc.reason}`);
  else {
    const clean = erc.counts.errors + erc.counts.warnings === 0;
    out.push(
      `ERC: ${clean ? "clean" : "violations"} (${tally(erc.counts)}) over ${erc.sheets.length} sheet(s)`,
    );
    pushAll(out, formatViolations(erc.violations));
  }
  out.push("");

  if (drc.status === "skipped") out.push(`DRC: skipped — ${drc.reason}`);
  else {
    const clean = drc.counts.errors + drc.counts.warnings === 0;
    const parity = drc.schematicParity;
    const against =
      parity === undefined
        ? ""
        : parity.status === "ran"
          ? " · schematic parity checked"
          : ` · schematic parity not checked: ${parity.reason}`;
    out.push(`DRC: ${clean ? "clean" : "violations"} (${tally(drc.counts)})${against}`);
    const lists = [
      ["violations", drc.violations],
      ["unconnected items", drc.unconnected],
      ["schematic parity", drc.parity],
    ] as const;
    let next = 1;
    for (const [name, list] of lists) {
      if (list.length === 0) continue;
      out.push(` ${name}:`);
      pushAll(out, formatViolations(list, next));
      next += list.length;
    }
  }
  out.push("");

  if (legibility.status === "skipped") out.push(`legibility: skipped — ${legibility.reason}`);
  else {
    const mode = legibility.gated
      ? "gated: errors on copperhead-drafted sheets fail the check"
      : "advisory: hand-drawn sheets, findings never fail the check";
    out.push(`(${mode})`, legibility.text);
  }
  out.push("");

  if (score.status === "skipped") out.push(`score: skipped — ${score.reason}`);
  else out.push("(advisory: the score never fails the check)", score.text);
  out.push("");

  if (drift.status === "skipped") out.push(`drift: skipped — ${drift.reason}`);
  else out.push(`(documents: ${drift.documents.join(", ")})`, renderDrift(drift.findings));
  out.push("");

  out.push(
    report.ok ? "check: ok" : `check: FAILED\n${report.failures.map((f) => `  - ${f}`).join("\n")}`,
  );
  return `${out.join("\n")}\n`;
}
