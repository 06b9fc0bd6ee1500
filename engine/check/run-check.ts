import { join, relative } from "node:path";
import { addCounts, countViolations } from "../kicad/cli/count-violations.js";
import { drc } from "../kicad/cli/drc.js";
import { ercAnnotated } from "../kicad/cli/erc-annotated.js";
import { checkDrift } from "../kicad/drift/check-drift.js";
import type { DriftDocument } from "../kicad/drift/drift-document.js";
import { loadCaptionVocabulary } from "../kicad/legibility/caption-vocabulary.js";
import { checkLegibility } from "../kicad/legibility/check-legibility.js";
import { renderLegibility } from "../kicad/legibility/render-legibility.js";
import { ENGINE_GENERATOR } from "../kicad/schematic/engine-stamp.js";
import { loadSchematicHierarchy, type SchematicHierarchy } from "../kicad/schematic/hierarchy.js";
import { netlist } from "../kicad/schematic/netlist/netlist.js";
import { renderScore } from "../kicad/score/render-score.js";
import { scoreSchematic } from "../kicad/score/score-schematic.js";
import { readOptional } from "../repo/read-optional.js";
import type { CheckReport } from "./check-report.js";
import type { CheckTarget } from "./check-target.js";
import { driftDesignOf } from "./drift-design.js";

const NO_SCHEMATIC =
  "no schematic configured (set paths.schematic in .copperhead/config.json or pass a .kicad_sch)";

async function readDoc(path: string): Promise<DriftDocument | undefined> {
  const text = await readOptional(path);
  return text === undefined ? undefined : { path, text };
}

function engineSheetsOf(hierarchy: SchematicHierarchy): string[] {
  return hierarchy.instances
    .filter((i) => i.schematic.stamp.generator === ENGINE_GENERATOR)
    .map((i) => i.path);
}

/**
 * Everything `copperhead check` verifies, without a model or the network: ERC (with our
 * annotation check) and DRC from kicad-cli, run in parallel; legibility, drift against the
 * netlister, computed from one load of the hierarchy. Unreadable input throws a typed error.
 */
export async function runCheck(target: CheckTarget, env: NodeJS.ProcessEnv): Promise<CheckReport> {
  const rel = (path: string) => relative(target.dir, path) || ".";
  const hierarchy = target.schematic ? await loadSchematicHierarchy(target.schematic) : undefined;

  const ercRun = target.schematic
    ? ercAnnotated(target.schematic, { env, hierarchy })
    : Promise.resolve(undefined);
  const drcRun = target.board ? drc(target.board, { env }) : Promise.resolve(undefined);

  let legibility: CheckReport["legibility"] = { status: "skipped", reason: NO_SCHEMATIC };
  let drift: CheckReport["drift"] = { status: "skipped", reason: NO_SCHEMATIC };
  let score: CheckReport["score"] = { status: "skipped", reason: NO_SCHEMATIC };
  if (hierarchy) {
    const vocabulary = await loadCaptionVocabulary(target.docs);
    const report = checkLegibility(hierarchy, { config: target.config.legibility, vocabulary });
    const engineSheets = engineSheetsOf(hierarchy);
    legibility = {
      status: "ran",
      gated: target.config.origin === "create" && engineSheets.length > 0,
      engineSheets,
      report,
      text: renderLegibility(report),
    };
    const scored = scoreSchematic(hierarchy, { ...target.config.score, legibility: report });
    score = { status: "ran", report: scored, text: renderScore(scored) };
    const bom = await readDoc(join(target.docs, "BOM.md"));
    const pinout = await readDoc(join(target.docs, "PINOUT.md"));
    if (bom || pinout) {
      const findings = checkDrift({
        ...(bom ? { bom: { ...bom, path: rel(bom.path) } } : {}),
        ...(pinout ? { pinout: { ...pinout, path: rel(pinout.path) } } : {}),
        design: driftDesignOf(hierarchy, netlist(hierarchy)),
      });
      drift = {
        status: "ran",
        documents: [bom, pinout].filter((d) => d !== undefined).map((d) => rel(d.path)),
        findings,
      };
    } else {
      drift = { status: "skipped", reason: `no BOM.md or PINOUT.md in ${rel(target.docs)}` };
    }
  }

  const [ercResult, drcResult] = await Promise.all([ercRun, drcRun]);
  const erc: CheckReport["erc"] = ercResult
    ? {
        status: "ran",
        counts: countViolations(ercResult.violations),
        sheets: ercResult.sheets,
        violations: ercResult.violations,
      }
    : { status: "skipped", reason: NO_SCHEMATIC };
  const drcSection: CheckReport["drc"] = drcResult
    ? {
        status: "ran",
        counts: addCounts(
          countViolations(drcResult.violations),
          countViolations(drcResult.unconnected),
          countViolations(drcResult.parity),
        ),
        violations: drcResult.violations,
        unconnected: drcResult.unconnected,
        parity: drcResult.parity,
      }
    : { status: "skipped", reason: "no board (.kicad_pcb) beside the schematic or in the config" };

  const failures = failuresOf(erc, drcSection, legibility, drift);
  return {
    schema: 1,
    ok: failures.length === 0,
    failures,
    target: {
      schematic: target.schematic ? rel(target.schematic) : null,
      board: target.board ? rel(target.board) : null,
      docs: rel(target.docs),
      origin: target.config.origin ?? null,
    },
    erc,
    drc: drcSection,
    legibility,
    score,
    drift,
  };
}

function failuresOf(
  erc: CheckReport["erc"],
  drcSection: CheckReport["drc"],
  legibility: CheckReport["legibility"],
  drift: CheckReport["drift"],
): string[] {
  const failures: string[] = [];
  if (erc.status === "ran" && erc.counts.errors + erc.counts.warnings > 0) {
    failures.push(`ERC: ${erc.counts.errors} error(s), ${erc.counts.warnings} warning(s)`);
  }
  if (drcSection.status === "ran" && drcSection.counts.errors + drcSection.counts.warnings > 0) {
    failures.push(
      `DRC: ${drcSection.counts.errors} error(s), ${drcSection.counts.warnings} warning(s)`,
    );
  }
  if (legibility.status === "ran" && legibility.gated) {
    const engine = new Set(legibility.engineSheets);
    const errors = legibility.report.findings.filter(
      (f) => f.severity === "error" && engine.has(f.sheet),
    ).length;
    if (errors > 0) {
      failures.push(`legibility: ${errors} error-severity finding(s) on copperhead-drafted sheets`);
    }
  }
  if (drift.status === "ran" && drift.findings.length > 0) {
    failures.push(
      `drift: ${drift.findings.length} mismatch(es) between the docs and the schematic`,
    );
  }
  return failures;
}
