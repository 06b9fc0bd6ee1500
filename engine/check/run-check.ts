import { basename, join, relative } from "node:path";
import { addCounts, countViolations } from "../kicad/cli/count-violations.js";
import { type DrcResult, drc, ParityNotRunError } from "../kicad/cli/drc.js";
import type { ErcResult } from "../kicad/cli/erc.js";
import { ercAnnotated } from "../kicad/cli/erc-annotated.js";
import { checkDrift } from "../kicad/drift/check-drift.js";
import type { DriftDocument } from "../kicad/drift/drift-document.js";
import { captionVocabulary } from "../kicad/legibility/caption-vocabulary.js";
import { checkLegibility } from "../kicad/legibility/check-legibility.js";
import { renderLegibility } from "../kicad/legibility/render-legibility.js";
import type { PathFinding } from "../kicad/paths/path-finding.js";
import { readConfinedText } from "../kicad/paths/read-confined.js";
import { scopeWithEnv } from "../kicad/paths/trust-scope.js";
import { preflightDesign } from "../kicad/preflight/preflight-design.js";
import { ENGINE_GENERATOR } from "../kicad/schematic/engine-stamp.js";
import { loadSchematicHierarchy, type SchematicHierarchy } from "../kicad/schematic/hierarchy.js";
import { netlist } from "../kicad/schematic/netlist/netlist.js";
import { renderScore } from "../kicad/score/render-score.js";
import { scoreSchematic } from "../kicad/score/score-schematic.js";
import { pathExists } from "../repo/path-exists.js";
import type { CheckReport } from "./check-report.js";
import type { CheckTarget } from "./check-target.js";
import { driftDesignOf } from "./drift-design.js";

export interface RunCheckOptions {
  /** Aborting it (SIGINT/SIGTERM) kills the kicad-cli runs and rejects with its reason. */
  signal?: AbortSignal;
}

type Parity = { status: "ran" } | { status: "skipped"; reason: string };

/**
 * DRC, with schematic parity whenever the board has its schematic beside it under the same
 * name (how KiCad pairs them). When kicad-cli cannot compare (an unannotated sheet, which ERC's
 * annotation check reports), the board is still checked and the report says parity did not run.
 */
async function drcWithParity(
  board: string,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Promise<{ result: DrcResult; parity: Parity }> {
  const schematic = board.replace(/\.kicad_pcb$/, ".kicad_sch");
  if (!(await pathExists(schematic))) {
    const reason = `no ${basename(schematic)} beside the board to compare it with`;
    return { result: await drc(board, { env, signal }), parity: { status: "skipped", reason } };
  }
  try {
    return {
      result: await drc(board, { env, signal, schematicParity: true }),
      parity: { status: "ran" },
    };
  } catch (error) {
    if (!(error instanceof ParityNotRunError)) throw error;
    const reason = `kicad-cli could not compare the board with ${basename(schematic)}: ${error.fix}`;
    return { result: await drc(board, { env, signal }), parity: { status: "skipped", reason } };
  }
}

const NO_SCHEMATIC =
  "no schematic configured (set paths.schematic in .copperhead/config.json or pass a .kicad_sch)";

/** Docs are read by fixed names; a symlink out or a FIFO under such a name is refused. */
async function readDoc(
  target: CheckTarget,
  name: string,
  refused: PathFinding[],
): Promise<DriftDocument | undefined> {
  const path = join(target.docs, name);
  const read = await readConfinedText(target.scope, path, "document");
  if (read.status === "refused") refused.push(read.finding);
  return read.status === "read" ? { path, text: read.text } : undefined;
}

/**
 * The report of a design that names files outside the repository: nothing of it was read past
 * the pre-flight and kicad-cli never ran, so every check says so and the findings fail it.
 */
function refusedReport(
  target: CheckTarget,
  rel: (path: string) => string,
  findings: PathFinding[],
): CheckReport {
  const reason = `not run: the design names ${findings.length} file(s) copperhead will not read (see paths)`;
  const skipped = { status: "skipped" as const, reason };
  return {
    schema: 1,
    ok: false,
    failures: [
      `paths: ${findings.length} reference(s) lead outside the repository or to a file copperhead will not open`,
    ],
    target: targetOf(target, rel),
    paths: findings,
    erc: skipped,
    drc: skipped,
    legibility: skipped,
    score: skipped,
    drift: skipped,
  };
}

function targetOf(target: CheckTarget, rel: (path: string) => string): CheckReport["target"] {
  return {
    schematic: target.schematic ? rel(target.schematic) : null,
    board: target.board ? rel(target.board) : null,
    docs: rel(target.docs),
    origin: target.config.origin ?? null,
  };
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
export async function runCheck(
  target: CheckTarget,
  env: NodeJS.ProcessEnv,
  options: RunCheckOptions = {},
): Promise<CheckReport> {
  const rel = (path: string) => relative(target.dir, path) || ".";
  const scope = scopeWithEnv(target.scope, env);
  const preflight =
    target.schematic || target.board
      ? await preflightDesign({ schematic: target.schematic, board: target.board }, { scope })
      : undefined;
  const refused = [...(preflight?.findings ?? [])];
  const [bom, pinout, subsystems] = [
    await readDoc(target, "BOM.md", refused),
    await readDoc(target, "PINOUT.md", refused),
    await readDoc(target, "SUBSYSTEMS.md", refused),
  ];
  if (refused.length > 0) return refusedReport(target, rel, refused);
  const hierarchy = target.schematic
    ? await loadSchematicHierarchy(target.schematic, { scope })
    : undefined;

  // kicad-cli runs while the pure checks compute. If either fails, or the pure part throws,
  // the other is stopped too: no orphaned kicad-cli, no rejection nobody is listening to.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const kicadRuns = Promise.all([
    target.schematic ? ercAnnotated(target.schematic, { env, hierarchy, signal }) : undefined,
    target.board ? drcWithParity(target.board, env, signal) : undefined,
  ]);
  kicadRuns.catch(() => stop.abort());
  try {
    return await assemble(target, rel, hierarchy, { bom, pinout, subsystems }, kicadRuns);
  } finally {
    stop.abort();
  }
}

async function assemble(
  target: CheckTarget,
  rel: (path: string) => string,
  hierarchy: SchematicHierarchy | undefined,
  docs: Record<"bom" | "pinout" | "subsystems", DriftDocument | undefined>,
  kicadRuns: Promise<[ErcResult | undefined, { result: DrcResult; parity: Parity } | undefined]>,
): Promise<CheckReport> {
  let legibility: CheckReport["legibility"] = { status: "skipped", reason: NO_SCHEMATIC };
  let drift: CheckReport["drift"] = { status: "skipped", reason: NO_SCHEMATIC };
  let score: CheckReport["score"] = { status: "skipped", reason: NO_SCHEMATIC };
  const { bom, pinout, subsystems } = docs;
  if (hierarchy) {
    const vocabulary = captionVocabulary({ subsystems: subsystems?.text, bom: bom?.text });
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

  const [ercResult, drcRun] = await kicadRuns;
  const drcResult = drcRun?.result;
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
        schematicParity: drcRun.parity,
      }
    : { status: "skipped", reason: "no board (.kicad_pcb) beside the schematic or in the config" };

  const failures = failuresOf(erc, drcSection, legibility, drift);
  return {
    schema: 1,
    ok: failures.length === 0,
    failures,
    target: targetOf(target, rel),
    paths: [],
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
