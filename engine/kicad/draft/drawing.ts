import { snapToGrid } from "../geometry/grid.js";
import type { Point } from "../symbol/geometry.js";

export type Direction = "left" | "right" | "up" | "down";

/** A property of a placed symbol, positioned on the sheet. */
export interface DrawnField {
  name: string;
  value: string;
  at: Point;
  hidden: boolean;
  justify?: "left" | "right";
  /** KiCad stores a field's angle relative to its symbol: 90 keeps text horizontal on a turned symbol. */
  angle?: 0 | 90;
}

/** One placed symbol instance: a part unit, a power symbol or a PWR_FLAG. */
export interface DrawnSymbol {
  /** Stable identity for UUIDs: `part/U1/2`, `power/+5V/3`, `flag/+5V`. */
  key: string;
  libId: string;
  ref: string;
  unit: number;
  at: Point;
  rotation: 0 | 90 | 180 | 270;
  inBom: boolean;
  onBoard: boolean;
  fields: DrawnField[];
  pinNumbers: string[];
}

export interface DrawnWire {
  net: string;
  a: Point;
  b: Point;
}

export interface DrawnLabel {
  text: string;
  at: Point;
  /** 0: text runs right of the anchor; 180: left of it. Always horizontal. */
  angle: 0 | 180;
}

export interface DrawnText {
  key: string;
  text: string;
  at: Point;
  size: number;
}

export interface DrawnRect {
  name: string;
  start: Point;
  end: Point;
}

/** Everything the emitter writes, in sheet millimetres. */
export interface Drawing {
  paper: string;
  symbols: DrawnSymbol[];
  wires: DrawnWire[];
  junctions: Point[];
  labels: DrawnLabel[];
  noConnects: Point[];
  rects: DrawnRect[];
  texts: DrawnText[];
}

export const GRID = 1.27;

/** The drafter's name for geometry/grid.ts's snapToGrid, on KiCad's connection grid by default. */
export function snap(value: number, step = GRID): number {
  return snapToGrid(value, step);
}

export function step(p: Point, d: Direction, length: number): Point {
  const x = d === "left" ? -length : d === "right" ? length : 0;
  const y = d === "up" ? -length : d === "down" ? length : 0;
  return { x: snap(p.x + x, 0.0001), y: snap(p.y + y, 0.0001) };
}
