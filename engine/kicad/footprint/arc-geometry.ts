import { type BBox, boxOfPoints } from "./bbox.js";
import type { Point } from "./point.js";

/** An arc as KiCad stores it (start, a point on the arc, end), solved for centre and sweep. */
export interface SolvedArc {
  readonly center: Point;
  readonly radius: number;
  /** Angle of `start` around the centre, radians, in raw file coordinates (atan2(y, x)). */
  readonly startAngle: number;
  /** Signed sweep from start through mid to end, radians; |sweep| < 2π. */
  readonly sweep: number;
}

/** Default chord error when arcs are turned into polylines: KiCad's own 0.005 mm. */
export const DEFAULT_MAX_ERROR = 0.005;

const TWO_PI = 2 * Math.PI;

function positiveAngle(a: number): number {
  const r = a % TWO_PI;
  return r < 0 ? r + TWO_PI : r;
}

/** Undefined when the three points are (nearly) collinear: such an "arc" is a straight line. */
export function solveArc(start: Point, mid: Point, end: Point): SolvedArc | undefined {
  const ax = start.x;
  const ay = start.y;
  const bx = mid.x;
  const by = mid.y;
  const cx = end.x;
  const cy = end.y;
  const d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by));
  if (Math.abs(d) < 1e-12) return undefined;
  const a2 = ax * ax + ay * ay;
  const b2 = bx * bx + by * by;
  const c2 = cx * cx + cy * cy;
  const center = {
    x: (a2 * (by - cy) + b2 * (cy - ay) + c2 * (ay - by)) / d,
    y: (a2 * (cx - bx) + b2 * (ax - cx) + c2 * (bx - ax)) / d,
  };
  const radius = Math.hypot(ax - center.x, ay - center.y);
  const startAngle = Math.atan2(ay - center.y, ax - center.x);
  const toMid = positiveAngle(Math.atan2(by - center.y, bx - center.x) - startAngle);
  const toEnd = positiveAngle(Math.atan2(cy - center.y, cx - center.x) - startAngle);
  // Going the positive way from start, reaching mid before end means the arc turns positively.
  const sweep = toMid <= toEnd ? toEnd : -(TWO_PI - toEnd);
  return { center, radius, startAngle, sweep };
}

function pointAt(arc: SolvedArc, angle: number): Point {
  return {
    x: arc.center.x + arc.radius * Math.cos(angle),
    y: arc.center.y + arc.radius * Math.sin(angle),
  };
}

/** How many chords keep a circle of `radius` within `maxError` over `sweep` radians. */
export function chordCount(radius: number, sweep: number, maxError = DEFAULT_MAX_ERROR): number {
  if (radius <= maxError) return Math.max(1, Math.ceil(Math.abs(sweep) / (Math.PI / 2)));
  const step = 2 * Math.acos(1 - maxError / radius);
  return Math.max(1, Math.ceil(Math.abs(sweep) / step));
}

/** The arc as a polyline from exactly `start` to exactly `end`. */
export function arcPolyline(
  start: Point,
  mid: Point,
  end: Point,
  maxError = DEFAULT_MAX_ERROR,
): Point[] {
  const arc = solveArc(start, mid, end);
  if (!arc) return [start, end];
  const n = chordCount(arc.radius, arc.sweep, maxError);
  const points: Point[] = [start];
  for (let i = 1; i < n; i++) points.push(pointAt(arc, arc.startAngle + (arc.sweep * i) / n));
  points.push(end);
  return points;
}

/** A full circle as a closed polygon (first point not repeated at the end). */
export function circlePolygon(
  center: Point,
  radius: number,
  maxError = DEFAULT_MAX_ERROR,
): Point[] {
  const n = Math.max(8, chordCount(radius, TWO_PI, maxError));
  const points: Point[] = [];
  for (let i = 0; i < n; i++) {
    const a = (TWO_PI * i) / n;
    points.push({ x: center.x + radius * Math.cos(a), y: center.y + radius * Math.sin(a) });
  }
  return points;
}

/** The exact bounding box of an arc: its ends plus every axis extreme the sweep passes. */
export function arcBox(start: Point, mid: Point, end: Point): BBox {
  const arc = solveArc(start, mid, end);
  const points: Point[] = [start, mid, end];
  if (arc) {
    const from = Math.min(arc.startAngle, arc.startAngle + arc.sweep);
    const to = Math.max(arc.startAngle, arc.startAngle + arc.sweep);
    // Extremes strictly inside the sweep only: one at (or, after the file's 6-decimal rounding
    // of `mid`, a hair past) an end is that end, already exact. 1e-6 rad of slack moves an
    // extreme by at most r·5e-13 mm.
    const slack = 1e-6;
    const first = Math.ceil((from + slack) / (Math.PI / 2));
    for (let k = first; k * (Math.PI / 2) < to - slack; k++) {
      points.push(pointAt(arc, k * (Math.PI / 2)));
    }
  }
  return boxOfPoints(points) as BBox;
}

export function circleBox(center: Point, radius: number): BBox {
  return {
    minX: center.x - radius,
    minY: center.y - radius,
    maxX: center.x + radius,
    maxY: center.y + radius,
  };
}

/** A cubic Bézier (KiCad's `curve`) as a polyline; the curve lies inside its control hull. */
export function bezierPolyline(
  p0: Point,
  p1: Point,
  p2: Point,
  p3: Point,
  maxError = DEFAULT_MAX_ERROR,
): Point[] {
  const hull = Math.hypot(p1.x - p0.x, p1.y - p0.y) + Math.hypot(p2.x - p1.x, p2.y - p1.y);
  const span = hull + Math.hypot(p3.x - p2.x, p3.y - p2.y);
  // Chord error of a cubic shrinks with the square of the step; this keeps it near maxError.
  const n = Math.min(512, Math.max(4, Math.ceil(Math.sqrt(span / (8 * maxError)))));
  const points: Point[] = [p0];
  for (let i = 1; i < n; i++) {
    const t = i / n;
    const u = 1 - t;
    const a = u * u * u;
    const b = 3 * u * u * t;
    const c = 3 * u * t * t;
    const d = t * t * t;
    points.push({
      x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
      y: a * p0.y + b * p1.y + c * p2.y + d * p3.y,
    });
  }
  points.push(p3);
  return points;
}
