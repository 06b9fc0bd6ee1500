import { maxOf, minOf } from "../../array-ops.js";
import type { Rect } from "../geometry/rect.js";
import type { Point } from "../symbol/geometry.js";
import type { Direction, DrawnLabel, DrawnSymbol, DrawnWire } from "./drawing.js";
import { snap, step } from "./drawing.js";
import type { Shape } from "./layout/occupancy.js";
import { fieldTextBox, labelTextBox } from "./layout/text-boxes.js";
import type { RailSymbols } from "./rail-symbols.js";

/**
 * What one pin gets: a label, a power symbol, a no-connect marker, or nothing at all (a hidden
 * power input KiCad connects by name, a pin of type no_connect).
 */
export type PinRole =
  | { kind: "label"; net: string }
  | { kind: "power"; net: string; ground: boolean }
  | { kind: "no-connect" }
  | { kind: "none" };

/** The net a role names, or "" for a pin on none. */
export function roleNet(role: PinRole): string {
  return role.kind === "label" || role.kind === "power" ? role.net : "";
}

export const STUB = 2.54;
const CHAR = 1.27 * 0.9;

/**
 * Rough drawn width of a label or field: where texts are anchored (centred values, label
 * pairs). What they reserve is measured exactly (text-boxes.ts).
 */
export function textWidth(text: string): number {
  return text.length * CHAR + 1.27;
}

export interface Attachment {
  wires: DrawnWire[];
  labels: DrawnLabel[];
  symbols: Omit<DrawnSymbol, "ref" | "fields">[];
  /** Power symbols need a reference and a value field: filled in by the caller. */
  powerValues: { index: number; value: string; valueAt: Point; justify?: "left" | "right" }[];
  noConnects: Point[];
  /**
   * The space it takes: each wire, graphic and text as KiCad inks it (the exact measure), and one
   * box around it all with text widths estimated (the estimate, which the router also keeps out of).
   */
  shapes: Shape[];
  /** A power port laid on its side (a `sideways-…` turn): the checker's power-orientation. */
  sideways?: true;
}

/**
 * Which way a power symbol points: `along` the stub (a sideways stub's symbol lying along it),
 * `upright` (rails up, grounds down, whichever way the stub runs), or turned `right` or `left`
 * (its value reading away on that side: a row of pins 2.54 mm apart has no room for centred
 * text). A label on an up or down stub reads right, or left when turned `left`. The
 * `sideways-…` turns lay the port on its side, reading away right or left: the last resort of a
 * pin row with no room for an upright port, which the checker then reports (power-orientation).
 */
export type Turn = "along" | "upright" | "right" | "left" | "sideways-right" | "sideways-left";

export interface AttachOptions {
  /** Stub length (default 2.54 mm). */
  stub?: number;
  turn?: Turn;
}

const RAIL_ROTATION: Record<Direction, 0 | 90 | 180 | 270> = {
  up: 0,
  left: 90,
  down: 180,
  right: 270,
};
const GROUND_ROTATION: Record<Direction, 0 | 90 | 180 | 270> = {
  down: 0,
  right: 90,
  up: 180,
  left: 270,
};

const NC_HALF = 0.7;
const shift = (b: Rect, p: Point): Rect => ({
  minX: b.minX + p.x,
  minY: b.minY + p.y,
  maxX: b.maxX + p.x,
  maxY: b.maxY + p.y,
});
const around = (points: readonly Point[]): Rect => ({
  minX: minOf(points.map((p) => p.x)),
  minY: minOf(points.map((p) => p.y)),
  maxX: maxOf(points.map((p) => p.x)),
  maxY: maxOf(points.map((p) => p.y)),
});

/**
 * Where a power symbol points: always the way its library draws it — a ground down, a rail up —
 * whatever side its pin faces (a reviewer reads a sideways or turned port as the wrong rail;
 * issue 21). A stub that runs against that direction (a ground pin on top of its part) jogs
 * sideways first (JOG), so the port hangs beside the stub instead of back over it.
 */
function pointing(ground: boolean, turn: Turn): Direction {
  if (turn === "sideways-right") return "right";
  if (turn === "sideways-left") return "left";
  return ground ? "down" : "up";
}

/** The sideways jog that carries a port clear of a stub running against its direction. */
export const JOG = 5.08;

/**
 * The drawing for one pin at sheet point `pin`, facing `outward`: a stub wire then a horizontal
 * label or a power symbol; or a no-connect marker on the pin; or nothing.
 */
export function attachPin(
  pin: Point,
  outward: Direction,
  role: PinRole,
  rails: RailSymbols,
  /** The pin (`REF.PIN`) the attachment is drawn for; its power symbol is named after it. */
  owner: string,
  options: AttachOptions = {},
): Attachment {
  const out: Attachment = {
    wires: [],
    labels: [],
    symbols: [],
    powerValues: [],
    noConnects: [],
    shapes: [],
  };
  if (role.kind === "none") return out;
  const estimate = (points: Point[]) =>
    out.shapes.push({ kind: "body", measure: "estimate", owner, pin: owner, box: around(points) });
  const exact = (kind: Shape["kind"], box: Rect) =>
    out.shapes.push({ kind, measure: "exact", owner, pin: owner, box });
  if (role.kind === "no-connect") {
    out.noConnects.push(pin);
    exact("mark", shift({ minX: -NC_HALF, minY: -NC_HALF, maxX: NC_HALF, maxY: NC_HALF }, pin));
    estimate([pin]);
    return out;
  }
  const end = step(pin, outward, options.stub ?? STUB);
  out.wires.push({ net: role.net, a: pin, b: end });
  exact("wire", around([pin, end]));
  const turn = options.turn ?? "along";
  if (role.kind === "label") {
    const angle =
      outward === "left" || ((outward === "up" || outward === "down") && turn === "left") ? 180 : 0;
    out.labels.push({ text: role.net, at: end, angle });
    exact("text", labelTextBox(role.net, end, angle));
    const w = textWidth(role.net);
    estimate([pin, end, { x: end.x + (angle === 180 ? -w : w), y: snap(end.y - 1.27, 0.01) }]);
    return out;
  }
  const points = pointing(role.ground, turn);
  const rotation = role.ground ? GROUND_ROTATION[points] : RAIL_ROTATION[points];
  const libId = role.ground ? rails.ground(role.net) : rails.rail(role.net);
  let at = end;
  if (outward === (points === "down" ? "up" : "down")) {
    // Far enough that the port's centred value clears the pin's own body beside it.
    const jog = Math.max(JOG, Math.ceil((textWidth(role.net) / 2 + 2.54) / 2.54) * 2.54);
    at = step(end, turn === "left" ? "left" : "right", snap(jog, 0.01));
    out.wires.push({ net: role.net, a: end, b: at });
    exact("wire", around([end, at]));
  }
  if (turn.startsWith("sideways")) out.sideways = true;
  out.symbols.push({
    key: `power/${owner}`,
    libId,
    unit: 1,
    at,
    rotation,
    inBom: false,
    onBoard: true,
    pinNumbers: ["1"],
  });
  const far = step(at, points, 5.08);
  const w = textWidth(role.net);
  const graphic = shift(rails.graphic(libId, rotation), at);
  // Turned right or left, an upright port on its own stub reads beside its graphic, level with
  // its tip: in a row of pins 2.54 mm apart a centred value would run over the neighbours' lines.
  const beside =
    at === end && (points === "up" || points === "down") && (turn === "right" || turn === "left")
      ? turn
      : undefined;
  const valueAt = beside
    ? {
        x: snap(beside === "right" ? graphic.maxX + 0.635 : graphic.minX - 0.635, 0.01),
        y: snap(points === "up" ? graphic.minY + 0.635 : graphic.maxY - 0.635, 0.01),
      }
    : points === "up" || points === "down"
      ? far
      : step(far, points, w / 2);
  const justify = beside === "right" ? "left" : beside === "left" ? "right" : undefined;
  out.powerValues.push({ index: 0, value: role.net, valueAt, ...(justify ? { justify } : {}) });
  exact("mark", graphic);
  exact(
    "text",
    fieldTextBox(role.net, valueAt, {
      rotation,
      fieldAngle: rotation === 90 || rotation === 270 ? 90 : 0,
      ...(justify ? { justify } : {}),
    }),
  );
  estimate([
    pin,
    end,
    at,
    far,
    { x: valueAt.x - w / 2 - 1, y: valueAt.y - 1.5 },
    { x: valueAt.x + w / 2 + 1, y: valueAt.y + 1.5 },
  ]);
  return out;
}

/**
 * A label of `text` at `at` that a caller places itself (a label pair's end, a label on a run):
 * its exact ink, and its estimate from `from` (the stub's start) to the text's far corner.
 */
export function labelShapes(
  text: string,
  from: Point,
  at: Point,
  angle: 0 | 180,
  owner?: string,
): Shape[] {
  const w = textWidth(text);
  const who = owner ? { owner, pin: owner } : {};
  return [
    { kind: "text", measure: "exact", box: labelTextBox(text, at, angle), ...who },
    {
      kind: "body",
      measure: "estimate",
      box: around([from, at, { x: at.x + (angle === 0 ? w : -w), y: at.y - 1.5 }]),
      ...who,
    },
  ];
}
