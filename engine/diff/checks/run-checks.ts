import { join } from "node:path";
import type { Board } from "../../kicad/board/board.js";
import { countViolations } from "../../kicad/cli/count-violations.js";
import { type DrcResult, drc } from "../../kicad/cli/drc.js";
import { type ErcResult, erc } from "../../kicad/cli/erc.js";
import { withFindings } from "../../kicad/cli/with-findings.js";
import { captionVocabulary } from "../../kicad/legibility/caption-vocabulary.js";
import { checkLegibility } from "../../kicad/legibility/check-legibility.js";
import type { LegibilityReport } from "../../kicad/legibility/report.js";
import { checkAnnotation } from "../../kicad/schematic/annotation.js";
import type { SchematicHierarchy } from "../../kicad/schematic/hierarchy.js";
import { scoreSchematic } from "../../kicad/score/score-schematic.js";
import type { Violation } from "../../kicad/violation.js";
import type { CopperheadConfig } from "../../repo/config.js";
import type { DiffChecks } from "../diff-report.js";
import { round } from "../round.js";
import type { DesignSource } from "../source/design-source.js";
import { countByKind } from "./count-by-kind.js";

/** One side as the checks see it. */
export interface CheckSide {
  source: DesignSource;
  config: CopperheadConfig;
  /** Repository path of the root schematic, when this side has one. */
  schematic: string | undefined;
  hierarchy: SchematicHierarchy | undefined;
  /** Repository path of the board, when this side has one. */
  board: string | undefined;
  boardView: () => Promise<Board | undefined>;
}

export interface CheckOptions {
  env: NodeJS.ProcessEnv;
  /** The two sides' kicad-cli inputs are the same files: run each check once and use it twice. */
  sameInputs: boolean;
}

const counted = (v: Violation) => !(v.excluded || v.severity === "exclusion");

async function ercOf(side: CheckSide, env: NodeJS.ProcessEnv): Promise<ErcResult | undefined> {
  if (!side.schematic || !side.hierarchy) return undefined;
  const result = await erc(join(await side.source.folder(), side.schematic), { env });
  return withFindings(result, checkAnnotation(side.hierarchy));
}

async function drcOf(side: CheckSide, env: NodeJS.ProcessEnv): Promise<DrcResult | undefined> {
  if (!side.board) return undefined;
  return drc(join(await side.source.folder(), side.board), { env });
}

async function legibilityOf(side: CheckSide): Promise<LegibilityReport | undefined> {
  if (!side.hierarchy) return undefined;
  const docs = side.config.paths.docs.replace(/\/+$/, "");
  const vocabulary = captionVocabulary({
    subsystems: await side.source.read(`${docs}/SUBSYSTEMS.md`),
    bom: await side.source.read(`${docs}/BOM.md`),
  });
  return checkLegibility(side.hierarchy, { config: side.config.legibility, vocabulary });
}

/** Pad-to-pad connections a fully routed board makes: per net, its pads less one. */
function connections(board: Board): number {
  const pads = new Map<string, number>();
  for (const fp of board.footprints) {
    for (const pad of fp.pads) {
      if (pad.net && pad.type !== "np_thru_hole")
        pads.set(pad.net.name, (pads.get(pad.net.name) ?? 0) + 1);
    }
  }
  let total = 0;
  for (const n of pads.values()) total += Math.max(0, n - 1);
  return total;
}

function routedShare(board: Board | undefined, result: DrcResult | undefined): number | null {
  if (!board || !result) return null;
  const total = connections(board);
  if (total === 0) return null;
  const open = result.unconnected.filter(counted).length;
  return round(Math.max(0, 1 - open / total), 4);
}

function severities(list: readonly Violation[] | undefined) {
  if (!list) return { errors: null, warnings: null };
  const c = countViolations(list);
  return { errors: c.errors, warnings: c.warnings };
}

/**
 * ERC and DRC (kicad-cli, hermetic), legibility and score of both sides, each counted by kind.
 * kicad-cli runs in parallel within the wrapper's process limit; when both sides feed kicad-cli
 * the same files, each check runs once.
 */
export async function runChecks(
  before: CheckSide,
  after: CheckSide,
  options: CheckOptions,
): Promise<DiffChecks> {
  const ercA = ercOf(before, options.env);
  const ercB = options.sameInputs ? ercA : ercOf(after, options.env);
  const drcA = drcOf(before, options.env);
  const drcB = options.sameInputs ? drcA : drcOf(after, options.env);
  const [legA, legB] = [await legibilityOf(before), await legibilityOf(after)];
  const scoreOf = (side: CheckSide, report: LegibilityReport | undefined) =>
    side.hierarchy && report
      ? scoreSchematic(side.hierarchy, { ...side.config.score, legibility: report }).composite
      : null;
  const [ea, eb, da, db, boardA, boardB] = await Promise.all([
    ercA,
    ercB,
    drcA,
    drcB,
    before.boardView(),
    after.boardView(),
  ]);

  const ercPart = (r: ErcResult | undefined) => r?.violations.filter(counted);
  const drcPart = (r: DrcResult | undefined) =>
    r
      ? [
          ...r.violations,
          ...r.unconnected.map((v) => ({ ...v, type: "unconnected_items" })),
        ].filter(counted)
      : undefined;
  const rule = (a: Violation[] | undefined, b: Violation[] | undefined) => {
    if (!a && !b) return null;
    const sa = severities(a);
    const sb = severities(b);
    return {
      errors: { before: sa.errors, after: sb.errors },
      warnings: { before: sa.warnings, after: sb.warnings },
      byKind: countByKind(a, b, (v) => v.type),
    };
  };
  return {
    erc: rule(ercPart(ea), ercPart(eb)),
    drc: rule(drcPart(da), drcPart(db)),
    legibility:
      legA || legB
        ? {
            errors: { before: legA?.counts.error ?? null, after: legB?.counts.error ?? null },
            advisories: {
              before: legA?.counts.advisory ?? null,
              after: legB?.counts.advisory ?? null,
            },
            byKind: countByKind(legA?.findings, legB?.findings, (f) => f.kind),
          }
        : null,
    score: legA || legB ? { before: scoreOf(before, legA), after: scoreOf(after, legB) } : null,
    routed: da || db ? { before: routedShare(boardA, da), after: routedShare(boardB, db) } : null,
  };
}
