import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drc } from "../engine/kicad/cli/drc.js";
import { boardSpec } from "../engine/kicad/layout/inputs/board-spec.js";
import { layoutConfigSchema } from "../engine/kicad/layout/inputs/layout-config.js";
import { layoutBoard } from "../engine/kicad/layout/layout-board.js";
import type { LayoutInput } from "../engine/kicad/layout/layout-input.js";
import { clearLayoutProject, writeLayout } from "../engine/kicad/layout/layout-project.js";
import type { FootprintCatalog } from "../engine/kicad/layout/library/footprint-catalog.js";
import { partShape } from "../engine/kicad/layout/place/part-shape.js";
import { seeded } from "../engine/kicad/layout/place/seeded-random.js";
import type { Violation } from "../engine/kicad/violation.js";
import {
  bareLayoutPart,
  footprintPicks,
  randomLayoutInput,
  sizedSpec,
} from "./layout-synthetic.js";

/** One case of the sweep: which footprints, which of them fail DRC on their own, and the verdict. */
export interface SweepCase {
  readonly seed: number;
  readonly footprints: readonly string[];
  /** Footprints whose own geometry breaks the board's rules (alone on a board), and how. */
  readonly intrinsic: readonly { readonly libId: string; readonly types: readonly string[] }[];
  /** Parts on the random board built from the rest. */
  readonly parts: number;
  /** What kicad-cli DRC found on the routed board besides unconnected items, that the placed board did not have: should be nothing. */
  readonly violations: readonly Violation[];
  /** Violations the board had before routing already (placement's, not the router's). */
  readonly placementViolations?: readonly Violation[];
  readonly unconnected: number;
  /** Whether the router called the board fully routed, and the nets it named as not routed. */
  readonly routed?: boolean;
  readonly unroutedNets?: readonly string[];
  /** Why each of those is not routed, as the router says. */
  readonly unroutedReasons?: readonly string[];
  /** Why no board was made (every footprint intrinsic, or the layout refused), if none was. */
  readonly skipped?: string;
}

const PER_CASE = 6;

/** The footprints a case draws: any from the whole library with 1–48 pads and a courtyard ≤ 25 mm. */
async function drawFootprints(
  catalog: FootprintCatalog,
  ids: readonly string[],
  seed: number,
): Promise<string[]> {
  const rnd = seeded(seed * 7919 + 1);
  const out: string[] = [];
  for (let tries = 0; out.length < PER_CASE && tries < 200; tries++) {
    const id = ids[Math.floor(rnd() * ids.length)] as string;
    if (out.includes(id)) continue;
    const found = await catalog.resolve(id);
    if (!found.ok) continue;
    const shape = partShape(found.footprint.node);
    const c = shape.courtyard;
    if (shape.pads.length < 1 || shape.pads.length > 48) continue;
    if (c.maxX - c.minX > 25 || c.maxY - c.minY > 25) continue;
    out.push(id);
  }
  return out;
}

async function boardDrc(
  input: LayoutInput,
  spec: ReturnType<typeof boardSpec>,
  catalog: FootprintCatalog,
  dir: string,
  placeOnly = false,
) {
  const laid = await layoutBoard(input, { spec, catalog });
  if (!laid.ok) return { refused: laid.findings.map((f) => f.detail).join("; ") };
  const board = join(dir, placeOnly ? "placed.kicad_pcb" : "sweep.kicad_pcb");
  const written = await writeLayout({
    board,
    laid,
    env: process.env,
    scope: await clearLayoutProject(board, process.env),
    placeOnly,
  });
  return { report: await drc(board), routing: written.report.routing };
}

/**
 * One seeded case: draw footprints from the whole library, put each alone on a roomy board to
 * learn which ones break the default rules by themselves (a 0.35 mm-pitch connector's pads are
 * closer than 0.2 mm; a BGA's ball labels are smaller than 0.8 mm text), then lay out a random
 * netlist over the others and let kicad-cli DRC judge it. A violation there is the layout's.
 */
export async function sweepCase(
  catalog: FootprintCatalog,
  ids: readonly string[],
  seed: number,
): Promise<SweepCase> {
  const footprints = await drawFootprints(catalog, ids, seed);
  const dir = await mkdtemp(join(tmpdir(), "copperhead-sweep-"));
  try {
    const refs = footprints.map((_, i) => `X${i + 1}`);
    const soloSpec = boardSpec(
      [
        { key: "board.width_mm", value: 150 },
        { key: "board.height_mm", value: 150 },
      ],
      layoutConfigSchema.parse({ spacing_mm: 4, edge_margin_mm: 5 }),
    );
    const solo = await boardDrc(
      {
        title: "solo",
        parts: footprints.map((f, i) => bareLayoutPart(refs[i] as string, f)),
        nets: [],
      },
      soloSpec,
      catalog,
      join(dir),
    );
    const intrinsic = new Map<string, Set<string>>();
    for (const v of solo.report?.violations ?? []) {
      const owners = new Set(v.items.map((item) => / of (X\d+)/.exec(item.description)?.[1]));
      const [owner] = [...owners];
      if (owners.size !== 1 || owner === undefined) continue;
      const libId = footprints[refs.indexOf(owner)] as string;
      const types = intrinsic.get(libId) ?? new Set<string>();
      types.add(v.type);
      intrinsic.set(libId, types);
    }
    const usable = footprints.filter((f) => !intrinsic.has(f));
    const base = {
      seed,
      footprints,
      intrinsic: [...intrinsic].map(([libId, types]) => ({ libId, types: [...types].sort() })),
    };
    // Cross-footprint or edge problems on the roomy board are the layout's, not the parts'.
    const soloFaults = (solo.report?.violations ?? []).filter(
      (v) => new Set(v.items.map((i) => / of (X\d+)/.exec(i.description)?.[1])).size !== 1,
    );
    if (soloFaults.length > 0 || solo.refused) {
      return {
        ...base,
        parts: footprints.length,
        violations: soloFaults,
        unconnected: 0,
        ...(solo.refused ? { skipped: solo.refused } : {}),
      };
    }
    if (usable.length === 0)
      return {
        ...base,
        parts: 0,
        violations: [],
        unconnected: 0,
        skipped: "every footprint drawn breaks the rules by itself",
      };
    const picks = await footprintPicks(catalog, usable);
    const input = randomLayoutInput(picks, 8, seed);
    const spec = sizedSpec(picks, input, 0.3);
    const real = await boardDrc(input, spec, catalog, dir);
    if (!real.report)
      return {
        ...base,
        parts: input.parts.length,
        violations: [],
        unconnected: 0,
        skipped: real.refused,
      };
    // Anything found is checked against the same board placed only: what that has too is the
    // placement's (part 1), the rest is the router's.
    const placed =
      real.report.violations.length > 0
        ? await boardDrc(input, spec, catalog, dir, true)
        : undefined;
    const key = (v: Violation) =>
      `${v.type}|${v.description}|${v.items.map((i) => i.description).join("/")}`;
    const before = new Set((placed?.report?.violations ?? []).map(key));
    return {
      ...base,
      parts: input.parts.length,
      violations: real.report.violations.filter((v) => !before.has(key(v))),
      placementViolations: real.report.violations.filter((v) => before.has(key(v))),
      unconnected: real.report.unconnected.length,
      routed: real.routing?.unrouted.length === 0,
      unroutedNets: real.routing?.unrouted.map((n) => n.net) ?? [],
      unroutedReasons: real.routing?.unrouted.map((n) => `${n.net}: ${n.reason}`) ?? [],
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
