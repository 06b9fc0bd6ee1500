import type { Point } from "../../symbol/geometry.js";

/** KiCad's schematic internal unit: 100 nm. Points are compared on this grid. */
const IU_PER_MM = 10_000;
const OFFSET = 2 ** 25;

export function toIu(mm: number): number {
  return Math.round(mm * IU_PER_MM);
}

/** A single number naming a point on the 100 nm grid (exact for sheets up to ±3.3 m). */
export function pointKey(p: Point): number {
  return (toIu(p.x) + OFFSET) * 2 ** 26 + (toIu(p.y) + OFFSET);
}

/** A wire or bus segment in internal units, for on-segment tests. */
export interface IuSegment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export function iuSegment(a: Point, b: Point): IuSegment {
  return { x1: toIu(a.x), y1: toIu(a.y), x2: toIu(b.x), y2: toIu(b.y) };
}

/** True when (x, y) lies on the segment, ends included, within `tolerance` IU. */
export function onSegment(s: IuSegment, x: number, y: number, tolerance = 1): boolean {
  const minX = Math.min(s.x1, s.x2) - tolerance;
  const maxX = Math.max(s.x1, s.x2) + tolerance;
  const minY = Math.min(s.y1, s.y2) - tolerance;
  const maxY = Math.max(s.y1, s.y2) + tolerance;
  if (x < minX || x > maxX || y < minY || y > maxY) return false;
  const dx = s.x2 - s.x1;
  const dy = s.y2 - s.y1;
  const length = Math.hypot(dx, dy);
  if (length === 0) return Math.hypot(x - s.x1, y - s.y1) <= tolerance;
  const distance = Math.abs(dy * (x - s.x1) - dx * (y - s.y1)) / length;
  return distance <= tolerance;
}

export function isEndpoint(s: IuSegment, x: number, y: number): boolean {
  return (s.x1 === x && s.y1 === y) || (s.x2 === x && s.y2 === y);
}

/**
 * Finds the segments passing through a point without scanning them all: horizontal segments
 * are bucketed by y, vertical ones by x, and the rare diagonal ones kept in a short list.
 */
export class SegmentIndex<T> {
  private byY = new Map<number, { segment: IuSegment; value: T }[]>();
  private byX = new Map<number, { segment: IuSegment; value: T }[]>();
  private diagonal: { segment: IuSegment; value: T }[] = [];

  add(segment: IuSegment, value: T): void {
    const entry = { segment, value };
    if (segment.y1 === segment.y2) push(this.byY, segment.y1, entry);
    else if (segment.x1 === segment.x2) push(this.byX, segment.x1, entry);
    else this.diagonal.push(entry);
  }

  /** Every value whose segment contains (x, y), ends included. */
  at(x: number, y: number): T[] {
    const out: T[] = [];
    // ±1 IU rows catch points a rounding step off an axis-aligned segment, as KiCad's accuracy of 1 does.
    for (let dy = -1; dy <= 1; dy++) {
      for (const e of this.byY.get(y + dy) ?? []) if (onSegment(e.segment, x, y)) out.push(e.value);
    }
    for (let dx = -1; dx <= 1; dx++) {
      for (const e of this.byX.get(x + dx) ?? []) if (onSegment(e.segment, x, y)) out.push(e.value);
    }
    for (const e of this.diagonal) if (onSegment(e.segment, x, y)) out.push(e.value);
    return out;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
