import { basename, dirname, join } from "node:path";
import { UsageError } from "../../errors.js";
import { pathExists } from "../../repo/path-exists.js";
import { readOptional } from "../../repo/read-optional.js";
import type { BoardModel } from "../board/write/board-model.js";
import { BOARD_GENERATOR, boardText } from "../board/write/board-tree.js";
import { clearDesign } from "../cli/cleared-design.js";
import { writeAtomic } from "../draft/write-atomic.js";
import { type TrustScope, trustScopeFor } from "../paths/trust-scope.js";
import { fillZones } from "../pcbnew/fill-zones.js";
import type { PcbnewRunOptions } from "../pcbnew/run-pcbnew.js";
import { loadSchematicHierarchy } from "../schematic/hierarchy.js";
import { childText } from "../sexp/node.js";
import { parseSexp } from "../sexp/parse.js";
import { boardSpec } from "./inputs/board-spec.js";
import { layoutInputFromSchematic } from "./inputs/from-schematic.js";
import { intentGroups } from "./inputs/intent-groups.js";
import type { LayoutConfig } from "./inputs/layout-config.js";
import type { LayoutConstraint } from "./inputs/layout-constraints.js";
import { type LayoutOptions, type LayoutResult, layoutBoard } from "./layout-board.js";
import type { LayoutFinding } from "./layout-finding.js";
import { FootprintCatalog } from "./library/footprint-catalog.js";
import { type ProjectTable, readProjectTable } from "./library/project-libraries.js";
import { planVendoring, writeVendoring } from "./library/vendor-footprints.js";
import { DEFAULT_RULES } from "./project/design-rules.js";
import { mergeProjectFile } from "./project/project-file.js";
import type { LayoutReport } from "./report/layout-report.js";
import { withGroundPour } from "./route/ground-pour.js";
import { type RouteOptions, routeBoard } from "./route/route-board.js";
import { routingReport } from "./route/routing-report.js";

export interface LayoutProjectInput {
  /** The `.kicad_pcb` to write; its schematic is the `.kicad_sch` of the same name beside it. */
  readonly board: string;
  readonly constraints: readonly LayoutConstraint[];
  readonly config: LayoutConfig;
  /** Intent files to read subsystem groups from (first that exists); none: sub-sheets group. */
  readonly intentPaths?: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  readonly pcbnew?: PcbnewRunOptions;
  readonly anneal?: LayoutOptions["anneal"];
  /** Place only: leave every net unrouted (`copperhead layout --place-only`). */
  readonly placeOnly?: boolean;
  readonly routeOptions?: RouteOptions;
  /** A router in place of copperhead's own (tests, other routers); zones are filled after it. */
  readonly route?: (placed: BoardModel) => Promise<BoardModel>;
}

export type LayoutProjectResult =
  | { ok: true; board: string; report: LayoutReport; model: BoardModel; written: string[] }
  | { ok: false; board: string; findings: LayoutFinding[] };

/** Shoelace area of the filled copper, mm². */
function filledArea(model: BoardModel): number | undefined {
  const zone = model.zones.find((z) => z.keepout === undefined && z.fill !== undefined);
  if (!zone?.fill) return undefined;
  let area = 0;
  for (const f of zone.fill) {
    let a = 0;
    f.points.forEach((p, i) => {
      const q = f.points[(i + 1) % f.points.length] as (typeof f.points)[number];
      a += p.x * q.y - q.x * p.y;
    });
    area += Math.abs(a) / 2;
  }
  return Math.round(area * 100) / 100;
}

/**
 * `copperhead layout` for one project: reads the schematic beside the board, places it, fills
 * the ground pour through pcbnew, then writes — vendored footprints and the merged fp-lib-table,
 * the `.kicad_pro` with the design rules merged in, and the board last, each atomically. A
 * finding that stops the layout writes nothing. A board a person saved (another generator
 * stamp) or one open in KiCad (its lock file) is never overwritten. The project is
 * pre-flighted before anything of it is read (UnsafeDesignError for a path it names outside
 * the repository): the schematic's sheets, the board and `.kicad_pro` beside it, both library
 * tables.
 */
export async function layoutProject(input: LayoutProjectInput): Promise<LayoutProjectResult> {
  const env = input.env ?? process.env;
  const board = input.board;
  if (!board.endsWith(".kicad_pcb")) {
    throw new UsageError(`${board} is not a .kicad_pcb path`, "name the board <name>.kicad_pcb");
  }
  const dir = dirname(board);
  const stem = basename(board, ".kicad_pcb");
  const schematic = join(dir, `${stem}.kicad_sch`);
  if (!(await pathExists(schematic))) {
    throw new UsageError(
      `no schematic ${basename(schematic)} beside ${basename(board)}`,
      "the board is laid out from the schematic of the same name in the same folder (KiCad's project rule); draft or move it there",
    );
  }
  const { preflight } = await clearDesign({ schematic }, { env });
  await refuseToReplace(board);

  const hierarchy = await loadSchematicHierarchy(schematic);
  const groups = await intentGroups(input.intentPaths ?? [join(dir, `${stem}.intent.json`)]);
  const layoutInput = layoutInputFromSchematic(hierarchy, { groups });
  const projectTable = await readProjectTable(dir, env);
  const catalog = FootprintCatalog.fromEnv(env, projectTable.libraries);
  const spec = boardSpec(input.constraints, input.config);
  const laid = await layoutBoard(layoutInput, {
    spec,
    catalog,
    ...(input.anneal ? { anneal: input.anneal } : {}),
  });
  if (!laid.ok) return { ok: false, board, findings: laid.findings };

  return {
    board,
    ...(await writeLayout({
      board,
      laid,
      table: projectTable,
      env,
      scope: preflight.scope,
      ...(input.pcbnew ? { pcbnew: input.pcbnew } : {}),
      ...(input.placeOnly ? { placeOnly: true } : {}),
      ...(input.routeOptions ? { routeOptions: input.routeOptions } : {}),
      ...(input.route ? { route: input.route } : {}),
    })),
  };
}

export interface WriteLayoutInput {
  readonly board: string;
  readonly laid: Extract<LayoutResult, { ok: true }>;
  /** The project's fp-lib-table as read (merged, never replaced); read from beside the board when left out. */
  readonly table?: ProjectTable;
  readonly env: NodeJS.ProcessEnv;
  /**
   * The project's trust scope from its pre-flight (clearLayoutProject or clearDesign): the
   * board pcbnew fills is cleared against it.
   */
  readonly scope: TrustScope;
  readonly pcbnew?: PcbnewRunOptions;
  /** Place only: the board is written with no tracks (part 1's board). */
  readonly placeOnly?: boolean;
  readonly routeOptions?: RouteOptions;
  /**
   * A router in place of copperhead's own: given the placed board, return it with tracks and
   * vias. Zones are filled after it, so the pour sees the routed copper.
   */
  readonly route?: (placed: BoardModel) => Promise<BoardModel>;
}

/**
 * The writing half of a layout: the `.kicad_pro` with the design rules merged in, the ground
 * pour filled through pcbnew (under those rules), then the files — vendored footprints and the
 * merged fp-lib-table, the project file, and the board last, each atomically.
 */
export async function writeLayout(
  input: WriteLayoutInput,
): Promise<{ ok: true; report: LayoutReport; model: BoardModel; written: string[] }> {
  const { board, laid, env } = input;
  const dir = dirname(board);
  const projectFile = join(dir, `${basename(board, ".kicad_pcb")}.kicad_pro`);
  const projectText = mergeProjectFile(
    await readOptional(projectFile),
    projectFile,
    DEFAULT_RULES,
    laid.classes,
  );
  const routing =
    input.placeOnly || input.route
      ? undefined
      : routeBoard(laid.model, { classes: laid.classes, ...input.routeOptions });
  const routed = input.placeOnly
    ? laid.model
    : input.route
      ? await input.route(laid.model)
      : withGroundPour((routing as NonNullable<typeof routing>).model, laid.report);
  const filled = await fillZones(routed, {
    ...input.pcbnew,
    env,
    project: projectText,
    scope: input.scope,
  });
  const table = input.table ?? (await readProjectTable(dir, env));
  const vendoring = await planVendoring(dir, laid.footprints, table);
  const text = boardText(filled);

  const written = await writeVendoring(vendoring);
  if ((await readOptional(projectFile)) !== projectText) {
    await writeAtomic(projectFile, projectText);
    written.push(projectFile);
  }
  await writeAtomic(board, text);
  written.push(board);
  const report: LayoutReport = {
    ...laid.report,
    ...(routing ? { routing: routingReport(routing) } : {}),
    groundPour: laid.report.groundPour
      ? {
          ...laid.report.groundPour,
          deferred: !filled.zones.some((z) => z.net === laid.report.groundPour?.net),
          filledArea: filledArea(filled),
        }
      : undefined,
  };
  return { ok: true, report, model: filled, written };
}

/**
 * The pre-flight of the project a board belongs to, before a layout reads any of it: through
 * the board when there is one, else its schematic (either clears every file of the project);
 * a project with neither holds nothing to clear yet beyond the library tables, which are read
 * through the resolver. Returns the trust scope writeLayout fills under.
 */
export async function clearLayoutProject(
  board: string,
  env: NodeJS.ProcessEnv,
): Promise<TrustScope> {
  const schematic = board.replace(/\.kicad_pcb$/, ".kicad_sch");
  if (await pathExists(board)) return (await clearDesign({ board }, { env })).preflight.scope;
  if (await pathExists(schematic))
    return (await clearDesign({ schematic }, { env })).preflight.scope;
  return trustScopeFor(board, env);
}

async function refuseToReplace(board: string): Promise<void> {
  const lock = join(dirname(board), `~${basename(board)}.lck`);
  if (await pathExists(lock)) {
    throw new UsageError(
      `${basename(board)} is open in KiCad (${basename(lock)} exists)`,
      "close it in KiCad first (or delete the stale lock file if KiCad is not running)",
    );
  }
  const text = await readOptional(board);
  if (text === undefined) return;
  let generator: string | undefined;
  try {
    generator = childText(parseSexp(text, { file: board }), "generator");
  } catch {
    generator = undefined;
  }
  if (generator !== BOARD_GENERATOR) {
    throw new UsageError(
      `${basename(board)} was not written by copperhead (generator ${generator === undefined ? "unreadable" : `"${generator}"`}): it is a person's layout`,
      "copperhead layout never replaces a board someone edited; move it aside (or delete it) to lay the board out afresh",
    );
  }
}
