/** A position in sheet millimetres: x grows to the right, y grows DOWN (KiCad's sheet frame). */
export interface Point {
  readonly x: number;
  readonly y: number;
}

export function point(x: number, y: number): Point {
  return { x, y };
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function samePoint(a: Point, b: Point, tolerance: number): boolean {
  return Math.abs(a.x - b.x) <= tolerance && Math.abs(a.y - b.y) <= tolerance;
}

/**
 * Rounds to `decimals` places for reporting, never producing -0 (so "(-0, 5)" cannot appear in
 * a finding and two runs print identical text).
 */
export function roundPoint(p: Point, decimals = 2): Point {
  return { x: roundTo(p.x, decimals), y: roundTo(p.y, decimals) };
}

export function roundTo(value: number, decimals = 2): number {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

/** "(12.7, 30.48)": the one way coordinates are written in messages. */
export function formatPoint(p: Point): string {
  const r = roundPoint(p);
  return `(${r.x}, ${r.y})`;
}
