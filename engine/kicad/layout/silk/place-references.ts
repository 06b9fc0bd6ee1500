import type { Rect } from "../../geometry/rect.js";
import { textExtent } from "../../text/text-extent.js";
import { Occupancy } from "../place/occupancy.js";
import { turnRect } from "../place/part-shape.js";
import { courtyardAt, type PartPose, type PlacementProblem, padBoxesAt } from "../place/problem.js";

/** Where a reference went (board-local), or why it could not go on the silkscreen. */
export interface PlacedReference {
  readonly at: { x: number; y: number };
  readonly angle: 0 | 90;
  readonly size: number;
  readonly thickness: number;
  readonly visible: boolean;
  /** Whether the text lies over another part's courtyard (legal, but covered once assembled). */
  readonly overOtherPart: boolean;
}

/** Text sizes tried, largest first: KiCad's default, then the smallest a cheap fab prints well. */
const SIZES = [
  { size: 1, thickness: 0.15 },
  { size: 0.8, thickness: 0.12 },
] as const;
/** Silk keeps this far off copper (the mask opening) and other silk. */
const SILK_CLEARANCE = 0.15;
/** And this far inside the board edge. */
const SILK_EDGE = 0.5;

/**
 * A spot for every part's reference designator on the silkscreen that overlaps no pad, no
 * silkscreen drawing, no other reference and stays off the board edge: beside the courtyard
 * (above, below, right, left, then corners, then turned upright at the sides) or inside it
 * (large parts), preferring spots clear of other parts' courtyards and the larger size. A part
 * with no free spot keeps its reference on the fabrication layer only (the library's
 * `${REFERENCE}` text) and is reported.
 */
export function placeReferences(
  problem: PlacementProblem,
  poses: readonly (PartPose | undefined)[],
  texts: readonly (string | undefined)[],
): (PlacedReference | undefined)[] {
  // One index per kind of obstacle; ids are unique across them.
  const index = {
    pad: new Occupancy(2),
    silk: new Occupancy(2),
    text: new Occupancy(2),
    courtyard: new Occupancy(4),
  };
  let next = 0;
  const ownCourtyard: number[] = [];
  problem.parts.forEach((part, i) => {
    const pose = poses[i];
    ownCourtyard.push(-1);
    if (!pose) return;
    for (const box of padBoxesAt(part, pose)) index.pad.set(next++, box);
    for (const s of part.shape.silk) {
      const t = turnRect(s, pose.rotation);
      index.silk.set(next++, {
        minX: t.minX + pose.x,
        minY: t.minY + pose.y,
        maxX: t.maxX + pose.x,
        maxY: t.maxY + pose.y,
      });
    }
    index.courtyard.set(next, courtyardAt(part, pose));
    ownCourtyard[i] = next++;
  });

  const out: (PlacedReference | undefined)[] = [];
  problem.parts.forEach((part, i) => {
    const pose = poses[i];
    const text = texts[i];
    if (!pose || text === undefined || text === "") {
      out.push(undefined);
      return;
    }
    // Text goes outside the part's courtyard and its own silk outline (some outlines lie outside).
    let c = courtyardAt(part, pose);
    for (const s of part.shape.silk) {
      const t = turnRect(s, pose.rotation);
      c = {
        minX: Math.min(c.minX, t.minX + pose.x),
        minY: Math.min(c.minY, t.minY + pose.y),
        maxX: Math.max(c.maxX, t.maxX + pose.x),
        maxY: Math.max(c.maxY, t.maxY + pose.y),
      };
    }
    const fits = (box: Rect, avoidCourtyards: boolean): boolean => {
      if (box.minX < SILK_EDGE || box.minY < SILK_EDGE) return false;
      if (box.maxX > problem.width - SILK_EDGE || box.maxY > problem.height - SILK_EDGE)
        return false;
      if (index.pad.collides(box, SILK_CLEARANCE)) return false;
      if (index.silk.collides(box, SILK_CLEARANCE)) return false;
      if (index.text.collides(box, SILK_CLEARANCE)) return false;
      return !avoidCourtyards || !index.courtyard.collides(box, 0, ownCourtyard[i]);
    };
    const candidates = (w: number, h: number) => referenceSpots(c, w, h, SILK_CLEARANCE + 0.05);
    const box = (x: number, y: number, angle: 0 | 90, w: number, h: number): Rect => {
      const hw = (angle === 0 ? w : h) / 2;
      const hh = (angle === 0 ? h : w) / 2;
      return { minX: x - hw, minY: y - hh, maxX: x + hw, maxY: y + hh };
    };
    let chosen: PlacedReference | undefined;
    let chosenBox: Rect | undefined;
    for (const avoid of [true, false]) {
      for (const { size, thickness } of SIZES) {
        if (chosen) break;
        const ink = textExtent(text, { size: [size, size], thickness });
        // The ink box plus the stroke font's overshoot (KiCad centres on the glyph cell).
        const w = ink.width + 0.1;
        const h = Math.max(ink.height, size) + 0.1;
        for (const spot of candidates(w, h)) {
          const b = box(spot.x, spot.y, spot.angle, w, h);
          if (!fits(b, avoid)) continue;
          chosen = {
            at: { x: spot.x, y: spot.y },
            angle: spot.angle,
            size,
            thickness,
            visible: true,
            overOtherPart: !avoid,
          };
          chosenBox = b;
          break;
        }
      }
      if (chosen) break;
    }
    if (chosen && chosenBox) {
      index.text.set(next++, chosenBox);
      out.push(chosen);
    } else {
      const at = { x: (c.minX + c.maxX) / 2, y: (c.minY + c.maxY) / 2 };
      out.push({ at, angle: 0, size: 0.8, thickness: 0.12, visible: false, overOtherPart: false });
    }
  });
  return out;
}

/**
 * Candidate text centres around an outline `c` for a `w` × `h` text, best first: beside each
 * side (above, below, right, left) centred, then slid along the side, then a step further out;
 * upright at the sides; finally inside the outline (large parts have room on their body).
 */
export function referenceSpots(
  c: Rect,
  w: number,
  h: number,
  gap: number,
): { x: number; y: number; angle: 0 | 90 }[] {
  const cx = (c.minX + c.maxX) / 2;
  const cy = (c.minY + c.maxY) / 2;
  const out: { x: number; y: number; angle: 0 | 90 }[] = [];
  for (const extra of [-gap, 0, 0.5, 1.2]) {
    const d = gap + extra;
    for (const slide of [0, -0.5, 0.5, -1, 1]) {
      const sx = slide * Math.max(0, (c.maxX - c.minX) / 2 + w / 2 - 0.2);
      const sy = slide * Math.max(0, (c.maxY - c.minY) / 2 + h / 2 - 0.2);
      out.push({ x: cx + sx, y: c.minY - d - h / 2, angle: 0 });
      out.push({ x: cx + sx, y: c.maxY + d + h / 2, angle: 0 });
      out.push({ x: c.maxX + d + w / 2, y: cy + sy, angle: 0 });
      out.push({ x: c.minX - d - w / 2, y: cy + sy, angle: 0 });
    }
    for (const slide of [0, -0.5, 0.5]) {
      const sy = slide * Math.max(0, (c.maxY - c.minY) / 2 + w / 2 - 0.2);
      out.push({ x: c.maxX + d + h / 2, y: cy + sy, angle: 90 });
      out.push({ x: c.minX - d - h / 2, y: cy + sy, angle: 90 });
    }
  }
  out.push({ x: cx, y: cy, angle: 0 }, { x: cx, y: cy, angle: 90 });
  return out;
}
