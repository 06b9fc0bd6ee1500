import type { Constraint } from "../../engine/agent/tools/constraints-file.js";

/** What a blank board needs from the constraints: its size and its mounting holes. */
export interface BoardShape {
  widthMm: number;
  heightMm: number;
  holes: { count: number; metric: string } | undefined;
  /** Which constraint gave each number ("default" when none did). */
  sources: { size: string; holes: string };
}

export const DEFAULT_BOARD = { widthMm: 30, heightMm: 20 } as const;

/** The screw sizes KiCad's MountingHole library has plain holes for. */
const SCREWS = new Set(["M2", "M2.5", "M3", "M4", "M5", "M6", "M8"]);

function numberOf(c: Constraint | undefined): number | undefined {
  if (!c) return undefined;
  if (typeof c.value === "number") return c.value;
  if (typeof c.value === "string" && /^\d+(\.\d+)?$/.test(c.value.trim())) return Number(c.value);
  return c.max;
}

/**
 * Board size and holes from `.copperhead/constraints.json` (docs/constraints.md):
 * `board.width_mm` / `board.height_mm` (value, else max), `board.mounting_holes` (a count, or
 * text like "2x M3"), `board.mounting_hole_screw` ("M3", default M3). Default 30 × 20 mm, no holes.
 */
export function boardShape(constraints: readonly Constraint[]): BoardShape {
  const byKey = new Map(constraints.map((c) => [c.key, c]));
  const width = numberOf(byKey.get("board.width_mm"));
  const height = numberOf(byKey.get("board.height_mm"));
  const holes = byKey.get("board.mounting_holes");
  const screw = byKey.get("board.mounting_hole_screw");
  let count: number | undefined;
  let metric = typeof screw?.value === "string" ? screw.value.trim().toUpperCase() : "M3";
  if (holes && typeof holes.value === "number") count = holes.value;
  else if (holes && typeof holes.value === "string") {
    const m = /^(\d+)\s*(?:x|×)?\s*(M\d+(?:\.\d+)?)?/i.exec(holes.value.trim());
    if (m) {
      count = Number(m[1]);
      if (m[2]) metric = m[2].toUpperCase();
    }
  }
  const sized = width !== undefined && height !== undefined && width > 0 && height > 0;
  return {
    widthMm: sized ? width : DEFAULT_BOARD.widthMm,
    heightMm: sized ? height : DEFAULT_BOARD.heightMm,
    holes:
      count && count > 0 && SCREWS.has(metric) ? { count: Math.min(count, 4), metric } : undefined,
    sources: {
      size: sized ? "board.width_mm, board.height_mm" : "default 30 × 20 mm",
      holes: holes ? "board.mounting_holes" : "none",
    },
  };
}
