import type {
  BoardFootprint,
  BoardModel,
  BoardZone,
  PadConnection,
  PaperSize,
} from "../board/write/board-model.js";
import type { Point } from "../geometry/point.js";
import type { Rect } from "../geometry/rect.js";
import type { BoardSpec } from "./inputs/board-spec.js";
import type { LayoutFinding } from "./layout-finding.js";
import type { LayoutInput, LayoutNet } from "./layout-input.js";
import type { CatalogFootprint, FootprintCatalog } from "./library/footprint-catalog.js";
import type { AnnealOptions } from "./place/anneal.js";
import { buildProblem, type PlacerPart } from "./place/build-problem.js";
import { findDecoupling } from "./place/decoupling.js";
import { partShape } from "./place/part-shape.js";
import { placeParts } from "./place/place-parts.js";
import { courtyardAt, type PartPose, type PlacementProblem } from "./place/problem.js";
import { isConnectorPart } from "./place/roles.js";
import { seedOf } from "./place/seeded-random.js";
import {
  DEFAULT_RULES,
  type DesignRules,
  type NetClass,
  netClasses,
} from "./project/design-rules.js";
import type { LayoutReport } from "./report/layout-report.js";
import { netRatsnest } from "./report/ratsnest.js";
import { placeReferences } from "./silk/place-references.js";

export interface LayoutOptions {
  readonly spec: BoardSpec;
  readonly catalog: FootprintCatalog;
  readonly rules?: DesignRules;
  /** The annealer's seed; default: derived from the netlist, so the same input places the same. */
  readonly seed?: number;
  readonly anneal?: AnnealOptions;
}

export type LayoutResult =
  | {
      ok: true;
      model: BoardModel;
      report: LayoutReport;
      /** The library footprints the board uses, for vendoring. */
      footprints: readonly CatalogFootprint[];
      classes: readonly NetClass[];
      /** The placer's problem and where it put each part (board-local mm), for benches and tools. */
      placement: {
        problem: PlacementProblem;
        poses: readonly PartPose[];
        holes: ReadonlyMap<number, PartPose>;
      };
    }
  | { ok: false; findings: LayoutFinding[] };

/** A decoupling cap's pad should end this close to its IC pin (pad centre to pad centre), mm. */
export const DECOUPLING_REACH = 4;

const PAPERS: readonly (readonly [PaperSize, number, number])[] = [
  ["A4", 297, 210],
  ["A3", 420, 297],
  ["A2", 594, 420],
  ["A1", 841, 594],
  ["A0", 1189, 841],
];

/** The smallest landscape sheet with room around the board, and the board centred on it. */
function sheetFor(width: number, height: number): { paper: PaperSize; origin: Point } {
  const [paper, pw, ph] =
    PAPERS.find(([, w, h]) => width + 40 <= w && height + 40 <= h) ??
    (PAPERS[PAPERS.length - 1] as (typeof PAPERS)[number]);
  return { paper, origin: { x: Math.round((pw - width) / 2), y: Math.round((ph - height) / 2) } };
}

function holeRefs(count: number, taken: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let n = 1; out.length < count; n++) if (!taken.has(`H${n}`)) out.push(`H${n}`);
  return out;
}

/**
 * Places a netlist on a board: footprints resolved from the libraries, mounting holes at the
 * corners, connectors on their edges, decoupling caps at their pins, the rest pulled together by
 * their nets; references on the silkscreen; a ground pour on the bottom (unfilled: fillZones
 * fills it). Nothing is written; a missing footprint or a board too small is a finding.
 */
export async function layoutBoard(
  input: LayoutInput,
  options: LayoutOptions,
): Promise<LayoutResult> {
  const { spec, catalog } = options;
  const rules = options.rules ?? DEFAULT_RULES;
  const findings: LayoutFinding[] = [];
  const resolved = new Map<string, CatalogFootprint>();
  for (const part of input.parts) {
    const found = await catalog.resolve(part.footprint);
    if (found.ok) resolved.set(part.ref, found.footprint);
    else
      findings.push({
        kind: found.problem === "no-footprint" ? "footprint-missing" : "footprint-unknown",
        severity: "error",
        refs: [part.ref],
        detail: `${part.ref}: ${found.message}`,
        ...(found.suggestions.length > 0 ? { suggestions: found.suggestions } : {}),
      });
  }
  const holes: { ref: string; footprint: CatalogFootprint }[] = [];
  if (spec.holes) {
    const found = await catalog.resolve(spec.holes.footprint);
    if (!found.ok) {
      findings.push({
        kind: "footprint-unknown",
        severity: "error",
        refs: [],
        detail: `mounting holes: ${found.message}`,
      });
    } else {
      const refs = holeRefs(spec.holes.count, new Set(input.parts.map((p) => p.ref)));
      for (const ref of refs) holes.push({ ref, footprint: found.footprint });
    }
  }
  if (findings.some((f) => f.severity === "error")) return { ok: false, findings };

  const placerParts: PlacerPart[] = [];
  for (const part of input.parts) {
    const fp = resolved.get(part.ref) as CatalogFootprint;
    placerParts.push({
      ref: part.ref,
      footprint: part.footprint,
      node: fp.node,
      shape: partShape(fp.node),
      role: isConnectorPart(part.ref, part.footprint) ? "connector" : "part",
      group: part.group,
    });
  }
  for (const hole of holes)
    placerParts.push({
      ref: hole.ref,
      footprint: hole.footprint.libId,
      node: hole.footprint.node,
      shape: partShape(hole.footprint.node),
      role: "hole",
      group: undefined,
    });

  // Pins the footprint has no pad for: KiCad's "Update PCB" would drop their connection too.
  const padNumbers = new Map(
    placerParts.map((p) => [p.ref, new Set(p.shape.pads.map((pad) => pad.number))]),
  );
  for (const net of input.nets) {
    for (const pin of net.pins) {
      if (padNumbers.get(pin.ref)?.has(pin.pin)) continue;
      findings.push({
        kind: "pin-without-pad",
        severity: "warning",
        refs: [pin.ref],
        detail: `${pin.ref} pin ${pin.pin} (net ${net.name}) has no pad ${pin.pin} in ${resolved.get(pin.ref)?.libId ?? "its footprint"}; the connection is lost on the board — pick a footprint whose pad numbers match the symbol's pins`,
      });
    }
  }

  const decoupling = findDecoupling(input.nets);
  const { problem, holes: holePoses } = buildProblem(
    placerParts,
    input.nets,
    spec,
    decoupling,
    rules.edgeClearance,
    DECOUPLING_REACH,
  );
  const seed =
    options.seed ??
    seedOf(
      JSON.stringify([
        input.parts.map((p) => [p.ref, p.footprint]),
        input.nets.map((n) => [n.name, n.pins.map((p) => `${p.ref}.${p.pin}`)]),
        spec.width,
        spec.height,
      ]),
    );
  const placed = placeParts(problem, holePoses, seed, options.anneal);
  if (placed.unplaced.length > 0) {
    const area = problem.parts.reduce((sum, p) => {
      const c = p.turned[0].courtyard;
      return sum + (c.maxX - c.minX + spec.spacing) * (c.maxY - c.minY + spec.spacing);
    }, 0);
    const side = Math.ceil(Math.sqrt(area / 0.55));
    findings.push({
      kind: "does-not-fit",
      severity: "error",
      refs: [...placed.unplaced],
      detail: `no legal spot left for ${placed.unplaced.join(", ")} on the ${spec.width} x ${spec.height} mm board: the ${problem.parts.length} courtyards with ${spec.spacing} mm spacing need about ${Math.round(area)} mm² of its ${Math.round(spec.width * spec.height)} mm²; make the board larger (e.g. board.width_mm and board.height_mm of about ${side} mm each in .copperhead/constraints.json), or move parts off the board`,
    });
    return { ok: false, findings };
  }

  const poses = placed.poses as PartPose[];
  const texts = problem.parts.map((p) => p.ref);
  const refsPlaced = placeReferences(problem, poses, texts);
  const { paper, origin } = sheetFor(spec.width, spec.height);
  const abs = (p: Point): Point => ({ x: round(p.x + origin.x), y: round(p.y + origin.y) });

  const pads = new Map<string, Map<string, PadConnection>>();
  for (const net of input.nets) {
    for (const pin of net.pins) {
      const byPad = pads.get(pin.ref) ?? new Map<string, PadConnection>();
      if (!byPad.has(pin.pin))
        byPad.set(pin.pin, {
          net: net.name,
          ...(pin.pinName ? { pinFunction: pin.pinName } : {}),
          ...(pin.pinType ? { pinType: pin.pinType } : {}),
        });
      pads.set(pin.ref, byPad);
    }
  }
  const partsByRef = new Map(input.parts.map((p) => [p.ref, p]));
  const footprints: BoardFootprint[] = problem.parts.map((part, i) => {
    const pose = poses[i] as PartPose;
    const source = partsByRef.get(part.ref);
    const lib = placerParts[i] as PlacerPart;
    const ref = refsPlaced[i];
    return {
      reference: part.ref,
      libId: lib.footprint,
      value: source?.value ?? (part.role === "hole" ? (spec.holes?.screw ?? "hole") : ""),
      library: lib.node,
      at: abs(pose),
      rotation: pose.rotation,
      pads: pads.get(part.ref) ?? new Map(),
      ...(source
        ? {
            path: source.path,
            sheetName: source.sheetName,
            sheetFile: source.sheetFile,
            datasheet: source.datasheet,
            description: source.description,
            excludeFromBom: !source.inBom,
            dnp: source.dnp,
          }
        : { boardOnly: true }),
      ...(ref
        ? {
            referenceText: {
              at: abs(ref.at),
              angle: ref.angle,
              size: ref.size,
              thickness: ref.thickness,
              visible: ref.visible,
            },
          }
        : {}),
    };
  });

  const outline = {
    minX: origin.x,
    minY: origin.y,
    maxX: origin.x + spec.width,
    maxY: origin.y + spec.height,
  };
  const ground = groundNet(input.nets);
  // A pour nothing connects to is one isolated island (DRC warns): it waits for the router's
  // ground vias when no pad of the net reaches the bottom layer.
  const pourReach = ground
    ? ground.pins.some((pin) => {
        const part = problem.parts.find((p) => p.ref === pin.ref);
        return (part?.padsOf.get(pin.pin) ?? []).some((i) => part?.shape.pads[i]?.copperBack);
      })
    : false;
  const pour = spec.groundPour && ground !== undefined && pourReach;
  const zones: BoardZone[] = [];
  if (pour && ground) zones.push(groundPourZone(ground.name, outline, rules));
  for (const k of spec.keepouts) {
    const r = {
      minX: k.rect.minX + origin.x,
      minY: k.rect.minY + origin.y,
      maxX: k.rect.maxX + origin.x,
      maxY: k.rect.maxY + origin.y,
    };
    zones.push({
      net: undefined,
      name: `keepout ${k.name}`,
      layers: ["F.Cu", "B.Cu"],
      outline: rectPolygon(r),
      priority: 0,
      clearance: 0,
      minThickness: 0.25,
      thermalGap: 0.5,
      thermalBridgeWidth: 0.5,
      keepout: { tracks: true, vias: true, pads: true, copperpour: true, footprints: true },
    });
  }
  const classes = netClasses(input.nets, rules);
  const model: BoardModel = {
    title: input.title,
    outline,
    paper,
    nets: input.nets.map((n) => n.name),
    footprints,
    tracks: [],
    vias: [],
    zones,
  };

  // The report: where things went and what is left to route.
  const lengths = netRatsnest(problem, poses);
  const kinds = new Map(input.nets.map((n) => [n.name, n.kind]));
  const unrouted = problem.nets.map((net, i) => ({
    net: net.name,
    kind: kinds.get(net.name) ?? "signal",
    pads: net.pins.length,
    length: round3(lengths[i] ?? 0),
  }));
  const ratsnest = lengths.reduce((a, b) => a + b, 0);
  const decouplingReport = problem.decoupling.map((pair, k) => ({
    cap: problem.parts[pair.cap]!.ref,
    ic: problem.parts[pair.ic]!.ref,
    pin: pair.icPin,
    net: pair.net,
    distance: round3(placed.decouplingDistances[k] ?? Infinity),
  }));
  for (const d of decouplingReport) {
    if (d.distance <= DECOUPLING_REACH) continue;
    findings.push({
      kind: "decoupling-far",
      severity: "warning",
      refs: [d.cap, d.ic],
      detail: `${d.cap} ends ${d.distance} mm from ${d.ic} pin ${d.pin} (${d.net}), more than ${DECOUPLING_REACH} mm: the board is crowded there; give it more room or move the cap by hand`,
    });
  }
  const inside = problem.parts
    .filter((p) => p.role === "connector" && placed.edges[p.index] === undefined)
    .map((p) => p.ref);
  if (inside.length > 0)
    findings.push({
      kind: "connector-off-edge",
      severity: "warning",
      refs: inside,
      detail: `no board edge had room left for ${inside.join(", ")}, so they sit inside the board; make the board longer, or declare which connectors matter at an edge (board.edge.<REF>)`,
    });
  const hidden = problem.parts
    .filter((_, i) => refsPlaced[i] && !refsPlaced[i]!.visible)
    .map((p) => p.ref);
  if (hidden.length > 0)
    findings.push({
      kind: "reference-hidden",
      severity: "advisory",
      refs: hidden,
      detail: `no free silkscreen spot for ${hidden.join(", ")}: their references show on the fabrication layer only (F.Fab); spread the parts or accept it`,
    });
  const courtyardArea = problem.parts.reduce((sum, p, i) => {
    const c = courtyardAt(p, poses[i] as PartPose);
    return sum + (c.maxX - c.minX) * (c.maxY - c.minY);
  }, 0);
  const report: LayoutReport = {
    board: {
      width: spec.width,
      height: spec.height,
      widthSource: spec.sources.width,
      heightSource: spec.sources.height,
      holes: spec.holes ? `${spec.holes.count}x${spec.holes.screw}` : undefined,
      holesSource: spec.sources.holes,
    },
    parts: input.parts.length,
    density: round3(courtyardArea / (spec.width * spec.height)),
    connectors: problem.parts
      .filter((p) => p.role === "connector")
      .map((p) => ({
        ref: p.ref,
        edge: placed.edges[p.index] ?? "inside",
        declared: p.edgeDeclared === true,
      })),
    decoupling: decouplingReport,
    references: {
      onSilk: refsPlaced.filter((r) => r?.visible).length,
      hidden,
      overOtherParts: problem.parts
        .filter((_, i) => refsPlaced[i]?.overOtherPart)
        .map((p) => p.ref),
    },
    ratsnest: round3(ratsnest),
    unrouted,
    groundPour:
      spec.groundPour && ground
        ? { net: ground.name, layer: "B.Cu", filledArea: undefined, deferred: !pour }
        : undefined,
    netClasses: classes.map((c) => ({
      name: c.name,
      trackWidth: c.trackWidth,
      nets:
        c.name === "Default"
          ? input.nets.length - classes.reduce((s, k) => s + k.nets.length, 0)
          : c.nets.length,
    })),
    findings,
  };
  const used = new Map<string, CatalogFootprint>();
  for (const fp of [...resolved.values(), ...holes.map((h) => h.footprint)]) used.set(fp.libId, fp);
  return {
    ok: true,
    model,
    report,
    footprints: [...used.values()].sort((a, b) => (a.libId < b.libId ? -1 : 1)),
    classes,
    placement: { problem, poses, holes: holePoses },
  };
}

/** The bottom ground pour over the whole board (unfilled). */
export function groundPourZone(net: string, outline: Rect, rules: DesignRules): BoardZone {
  return {
    net,
    name: `${net} pour`,
    layers: ["B.Cu"],
    outline: rectPolygon(outline),
    priority: 0,
    clearance: Math.max(rules.clearance, 0.3),
    minThickness: 0.25,
    thermalGap: 0.5,
    thermalBridgeWidth: 0.5,
  };
}

/** A rectangle as a zone outline, clockwise from its top-left corner. */
function rectPolygon(r: Rect): Point[] {
  return [
    { x: r.minX, y: r.minY },
    { x: r.maxX, y: r.minY },
    { x: r.maxX, y: r.maxY },
    { x: r.minX, y: r.maxY },
  ];
}

/** The ground net the pour belongs to: the ground net with the most pins. */
function groundNet(nets: readonly LayoutNet[]): LayoutNet | undefined {
  let best: LayoutNet | undefined;
  for (const n of nets)
    if (n.kind === "ground" && (!best || n.pins.length > best.pins.length)) best = n;
  return best;
}

function round(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

function round3(v: number): number {
  return Number.isFinite(v) ? Math.round(v * 1000) / 1000 : v;
}
