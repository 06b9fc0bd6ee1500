/**
 * An axis-aligned rectangle in sheet mm (y grows down), always normalized. Structurally the same
 * as the geometry module's `Rect`, so the checkers can use these boxes directly.
 */
export interface TextRect {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

export function unionRect(a: TextRect | undefined, b: TextRect | undefined): TextRect | undefined {
  if (!a) return b;
  if (!b) return a;
  return {
    minX: Math.min(a.minX, b.minX),
    minY: Math.min(a.minY, b.minY),
    maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY),
  };
}

export function inflateRect(r: TextRect, by: number): TextRect {
  return { minX: r.minX - by, minY: r.minY - by, maxX: r.maxX + by, maxY: r.maxY + by };
}

export function translateRect(r: TextRect, dx: number, dy: number): TextRect {
  return { minX: r.minX + dx, minY: r.minY + dy, maxX: r.maxX + dx, maxY: r.maxY + dy };
}

/**
 * Rotates a rectangle about the origin by a multiple of 90°, counter-clockwise as seen on the
 * sheet (KiCad's sense; with y down, (x, y) → (y, −x) for 90°).
 */
export function rotateRect90(r: TextRect, angle: number): TextRect {
  switch (quarterTurns(angle)) {
    case 1:
      return { minX: r.minY, minY: -r.maxX, maxX: r.maxY, maxY: -r.minX };
    case 2:
      return { minX: -r.maxX, minY: -r.maxY, maxX: -r.minX, maxY: -r.minY };
    case 3:
      return { minX: -r.maxY, minY: r.minX, maxX: -r.minY, maxY: r.maxX };
    default:
      return r;
  }
}

/** 0..3 quarter turns for an angle in degrees, rounding to the nearest multiple of 90°. */
export function quarterTurns(angle: number): 0 | 1 | 2 | 3 {
  const turns = (((Math.round(angle / 90) % 4) + 4) % 4) as 0 | 1 | 2 | 3;
  return turns;
}
