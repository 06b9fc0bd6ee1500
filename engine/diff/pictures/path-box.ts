import type { Rect } from "../../kicad/geometry/rect.js";

/** How many numbers each SVG path command takes. */
const ARITY: Record<string, number> = {
  m: 2,
  l: 2,
  h: 1,
  v: 1,
  c: 6,
  s: 4,
  q: 4,
  t: 2,
  a: 7,
  z: 0,
};

/**
 * The extent of an SVG path's points (end and control points; an arc's bulge is not traced, the
 * crops' margin covers it). Handles absolute and relative commands and implicit repeats.
 */
export function pathBox(d: string): Rect | undefined {
  // Numbers first, so the exponent of 1e1 is not read as a command letter.
  const tokens = d.match(/[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[a-zA-Z]/g) ?? [];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const add = (x: number, y: number) => {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  };
  let cx = 0;
  let cy = 0;
  let startX = 0;
  let startY = 0;
  let command = "M";
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i]!;
    if (/^[a-zA-Z]$/.test(token)) {
      command = token;
      i++;
      if (command === "z" || command === "Z") {
        cx = startX;
        cy = startY;
      }
      continue;
    }
    const lower = command.toLowerCase();
    const arity = ARITY[lower] ?? 2;
    if (arity === 0 || i + arity > tokens.length) break;
    const n = tokens.slice(i, i + arity).map(Number);
    i += arity;
    const relative = command !== command.toUpperCase();
    const ox = relative ? cx : 0;
    const oy = relative ? cy : 0;
    switch (lower) {
      case "h":
        cx = ox + n[0]!;
        break;
      case "v":
        cy = oy + n[0]!;
        break;
      case "a":
        cx = ox + n[5]!;
        cy = oy + n[6]!;
        break;
      default:
        for (let k = 0; k + 1 < arity; k += 2) add(ox + n[k]!, oy + n[k + 1]!);
        cx = ox + n[arity - 2]!;
        cy = oy + n[arity - 1]!;
    }
    add(cx, cy);
    if (lower === "m") {
      startX = cx;
      startY = cy;
      // Numbers after a moveto are implicit linetos.
      command = relative ? "l" : "L";
    }
  }
  return minX === Infinity ? undefined : { minX, minY, maxX, maxY };
}
