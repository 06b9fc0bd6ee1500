import { CopperheadError } from "../../../errors.js";
import type { Rect } from "../../geometry/rect.js";
import type { Edge, LayoutConfig } from "./layout-config.js";
import { EDGES } from "./layout-config.js";
import type { LayoutConstraint } from "./layout-constraints.js";

/** Where a setting came from, for the report. */
export type SettingSource = "constraints" | "config" | "default";

export interface MountingHoles {
  readonly count: number;
  /** e.g. `M3`. */
  readonly screw: string;
  /** The library footprint, e.g. `MountingHole:MountingHole_3.2mm_M3`. */
  readonly footprint: string;
}

export interface Keepout {
  readonly name: string;
  /** Relative to the board's top-left corner, mm. */
  readonly rect: Rect;
}

/** The board the placer fills, with every decision taken from constraints, config or defaults. */
export interface BoardSpec {
  readonly width: number;
  readonly height: number;
  readonly holes: MountingHoles | undefined;
  readonly edges: ReadonlyMap<string, Edge>;
  readonly keepouts: readonly Keepout[];
  readonly grid: number;
  readonly spacing: number;
  readonly edgeMargin: number;
  readonly groundPour: boolean;
  readonly sources: Readonly<Record<"width" | "height" | "holes", SettingSource>>;
}

/** A constraint or config value the layout cannot use: named, with what to write instead. */
export class BoardSpecError extends CopperheadError {}

export const DEFAULT_WIDTH = 30;
export const DEFAULT_HEIGHT = 20;

/** KiCad's plain mounting holes (MountingHole.pretty), by the metric screw they take. */
const SCREWS: Record<string, string> = {
  M2: "MountingHole:MountingHole_2.2mm_M2",
  "M2.5": "MountingHole:MountingHole_2.7mm_M2.5",
  M3: "MountingHole:MountingHole_3.2mm_M3",
  M4: "MountingHole:MountingHole_4.3mm_M4",
  M5: "MountingHole:MountingHole_5.3mm_M5",
  M6: "MountingHole:MountingHole_6.4mm_M6",
  M8: "MountingHole:MountingHole_8.4mm_M8",
};

export const DEFAULT_SCREW = "M3";

/** The corners: more holes than that is a spec to correct, not one to cut short silently. */
const MAX_HOLES = 4;

/**
 * A mounting-hole spec as docs/constraints.md defines it: a count (`2`, or the number 2) with
 * the screw from `screw` (`board.mounting_hole_screw`, default M3), or a count and a screw
 * together (`"2x M3"`, `"2xM3"`, `"2 × M2.5"`); `0`, `"none"` or `"no"` for none.
 */
export function parseMountingHoles(
  value: string | number,
  where: string,
  screw?: { readonly value: string; readonly where: string },
): MountingHoles | undefined {
  const t = String(value).trim();
  if (/^(0|none|no)$/i.test(t)) return undefined;
  const m = /^(\d+)\s*(?:[x×*]\s*(M[0-9.]+))?$/i.exec(t);
  const count = m ? Number(m[1]) : Number.NaN;
  if (!m || !(count >= 1 && count <= MAX_HOLES)) {
    throw new BoardSpecError(
      `${where}: "${value}" is not a mounting-hole spec`,
      `write a count of 1 to ${MAX_HOLES} (the board's corners) and a metric screw, e.g. "2xM3", a bare count (the screw from board.mounting_hole_screw, default ${DEFAULT_SCREW}), or "none"`,
    );
  }
  const size = (m[2] ?? screw?.value ?? DEFAULT_SCREW).trim().toUpperCase();
  const footprint = SCREWS[size];
  if (!footprint) {
    const [at, said] = m[2] || !screw ? [where, String(value)] : [screw.where, screw.value];
    throw new BoardSpecError(
      `${at}: "${said}" is not a mounting-hole spec (KiCad's MountingHole library has no plain hole for ${size})`,
      `write a count and one of ${Object.keys(SCREWS).join(", ")}, e.g. "2xM3"`,
    );
  }
  return { count, screw: size, footprint };
}

export function parseKeepout(name: string, text: string, where: string): Keepout {
  const parts = text
    .split(/[,\s]+/)
    .filter(Boolean)
    .map(Number);
  const [x, y, w, h] = parts;
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n)) || !(w! > 0) || !(h! > 0)) {
    throw new BoardSpecError(
      `${where}: keep-out "${name}" is "${text}"`,
      'write "x,y,w,h" in mm from the board\'s top-left corner, width and height above 0, e.g. "0,0,8,5"',
    );
  }
  return { name, rect: { minX: x!, minY: y!, maxX: x! + w!, maxY: y! + h! } };
}

function sizeOf(c: LayoutConstraint, where: string): number {
  const n = typeof c.value === "number" ? c.value : c.value !== undefined ? Number(c.value) : c.max;
  if (n === undefined || !Number.isFinite(n) || n <= 0) {
    throw new BoardSpecError(
      `${where}: ${c.key} has no usable size (value ${JSON.stringify(c.value)}, max ${c.max})`,
      `record a positive number of mm as its value (or its max), e.g. {"key": "${c.key}", "value": 30, "unit": "mm"}`,
    );
  }
  return n;
}

const FILE = ".copperhead/constraints.json";

/**
 * The board spec, key by key: `.copperhead/constraints.json` (`board.width_mm`, `board.height_mm`
 * — the value, or the max when only a bound was recorded — `board.mounting_holes` with
 * `board.mounting_hole_screw`, `board.edge.<REF>`, `board.keepout.<name>`; the keys of
 * docs/constraints.md), then the config's `layout` section, then the defaults (30 × 20 mm, no
 * holes). A value that cannot be used is a BoardSpecError.
 */
export function boardSpec(
  constraints: readonly LayoutConstraint[],
  config: LayoutConfig,
): BoardSpec {
  const byKey = new Map(constraints.map((c) => [c.key, c]));
  const width = byKey.get("board.width_mm");
  const height = byKey.get("board.height_mm");
  const holes = byKey.get("board.mounting_holes");
  const edges = new Map<string, Edge>(Object.entries(config.edges));
  const keepouts = new Map<string, Keepout>();
  for (const [name, text] of Object.entries(config.keepouts))
    keepouts.set(name, parseKeepout(name, text, "config.json layout.keepouts"));
  for (const c of constraints) {
    const edge = /^board\.edge\.(.+)$/.exec(c.key)?.[1];
    if (edge !== undefined) {
      const side = String(c.value ?? "").toLowerCase();
      if (!(EDGES as readonly string[]).includes(side)) {
        throw new BoardSpecError(
          `${FILE}: ${c.key} is ${JSON.stringify(c.value)}`,
          `set its value to one of ${EDGES.join(", ")}`,
        );
      }
      edges.set(edge, side as Edge);
    }
    const keepout = /^board\.keepout\.(.+)$/.exec(c.key)?.[1];
    if (keepout !== undefined)
      keepouts.set(keepout, parseKeepout(keepout, String(c.value ?? ""), FILE));
  }
  const screw = byKey.get("board.mounting_hole_screw");
  const holesValue = holes ? (holes.value ?? "") : config.mounting_holes;
  return {
    width: width ? sizeOf(width, FILE) : (config.width_mm ?? DEFAULT_WIDTH),
    height: height ? sizeOf(height, FILE) : (config.height_mm ?? DEFAULT_HEIGHT),
    holes:
      holesValue === undefined
        ? undefined
        : parseMountingHoles(
            holesValue,
            holes ? `${FILE} board.mounting_holes` : "config.json layout.mounting_holes",
            screw?.value !== undefined
              ? { value: String(screw.value), where: `${FILE} board.mounting_hole_screw` }
              : undefined,
          ),
    edges,
    keepouts: [...keepouts.values()].sort((a, b) => (a.name < b.name ? -1 : 1)),
    grid: config.grid_mm,
    spacing: config.spacing_mm,
    edgeMargin: config.edge_margin_mm,
    groundPour: config.ground_pour,
    sources: {
      width: width ? "constraints" : config.width_mm !== undefined ? "config" : "default",
      height: height ? "constraints" : config.height_mm !== undefined ? "config" : "default",
      holes: holes ? "constraints" : config.mounting_holes !== undefined ? "config" : "default",
    },
  };
}
