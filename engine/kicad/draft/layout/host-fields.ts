import { maxOf, minOf } from "../../../array-ops.js";
import { type Rect, rectsOverlap } from "../../geometry/rect.js";
import type { Box, Point } from "../../symbol/geometry.js";
import type { Direction } from "../drawing.js";
import { snap } from "../drawing.js";
import { textWidth } from "../pin-attachments.js";
import type { Occupancy, Shape } from "./occupancy.js";
import { fieldTextBox } from "./text-boxes.js";

type Justify = "left" | "right" | undefined;

/** The owner of a unit's own Reference and Value shapes. */
export const FIELDS = "fields";

/** Where a unit's Reference and Value go, and the space they take. */
export interface HostFields {
  refAt: Point;
  valueAt: Point;
  justify: Justify;
  boxes: [Rect, Rect];
}

const grid = (v: number) => snap(v, 1.27);

function fields(
  ref: string,
  value: string,
  refAt: Point,
  valueAt: Point,
  justify: Justify,
): HostFields {
  const options = justify ? { justify } : {};
  return {
    refAt,
    valueAt,
    justify,
    boxes: [fieldTextBox(ref, refAt, options), fieldTextBox(value, valueAt, options)],
  };
}

/** Centred on a side of the body: the way a part with no pins on that side is labelled. */
export function fieldsOnSide(body: Box, side: Direction, ref: string, value: string): HostFields {
  const cx = grid((body.minX + body.maxX) / 2);
  const cy = grid((body.minY + body.maxY) / 2);
  switch (side) {
    // One line apart, whatever grid the body's edge is on.
    case "up": {
      const y = grid(body.minY - 1.27);
      return fields(ref, value, { x: cx, y: y - 2.54 }, { x: cx, y }, undefined);
    }
    case "down": {
      const y = grid(body.maxY + 2.54);
      return fields(ref, value, { x: cx, y }, { x: cx, y: y + 2.54 }, undefined);
    }
    case "right":
      return fields(
        ref,
        value,
        { x: grid(body.maxX + 1.27), y: cy - 1.27 },
        { x: grid(body.maxX + 1.27), y: cy + 1.27 },
        "left",
      );
    default:
      return fields(
        ref,
        value,
        { x: grid(body.minX - 1.27), y: cy - 1.27 },
        { x: grid(body.minX - 1.27), y: cy + 1.27 },
        "right",
      );
  }
}

/**
 * Beside a corner of the body, outside the lines of every pin: left of the leftmost up or down
 * pin (or right of the rightmost), above the body (or below). No pin's line reaches there, so
 * the top-left corner is always free of wires.
 */
function atCorner(
  body: Box,
  lanesX: { up: number[]; down: number[] },
  corner: "top-left" | "top-right" | "bottom-left" | "bottom-right",
  ref: string,
  value: string,
): HostFields {
  const top = corner.startsWith("top");
  const left = corner.endsWith("left");
  const xs = top ? lanesX.up : lanesX.down;
  const x = left
    ? grid(Math.min(body.minX, minOf(xs)) - 1.27)
    : grid(Math.max(body.maxX, maxOf(xs)) + 1.27);
  const near = top ? grid(body.minY - 2.54) : grid(body.maxY + 2.54);
  const [first, second] = top ? [near - 2.54, near] : [near, near + 2.54];
  return fields(ref, value, { x, y: first }, { x, y: second }, left ? "right" : "left");
}

/**
 * Beside the body's top-left corner, left of every up pin's line and above the body: free of
 * every pin's line whatever sides the pins are on (a part with pins all round).
 */
export function topLeftFields(
  body: Box,
  pins: readonly { offset: Point; outward: Direction }[],
  ref: string,
  value: string,
): HostFields {
  const lanesX = {
    up: pins.filter((p) => p.outward === "up").map((p) => p.offset.x),
    down: pins.filter((p) => p.outward === "down").map((p) => p.offset.x),
  };
  return atCorner(body, lanesX, "top-left", ref, value);
}

/**
 * A free place for a unit's Reference and Value, tried in order: centred on a side without
 * pins (above, right, below, left), then beside each corner; the first whose texts (as inked)
 * clear the body, the pins' lines and the pin texts. The top-left corner is free of pins' lines
 * by construction, so it is the last resort whatever `occ` holds.
 */
export function placeHostFields(
  body: Box,
  pins: readonly { offset: Point; outward: Direction }[],
  ref: string,
  value: string,
  occ: Occupancy,
): HostFields {
  return (
    fieldCandidates(body, pins, ref, value).find((f) =>
      occ.clear(fieldShapes(f, ref, value), "exact"),
    ) ?? topLeftFields(body, pins, ref, value)
  );
}

/** Every place `placeHostFields` tries, in its order. */
export function fieldCandidates(
  body: Box,
  pins: readonly { offset: Point; outward: Direction }[],
  ref: string,
  value: string,
): HostFields[] {
  const sides = new Set(pins.map((p) => p.outward));
  const lanesX = {
    up: pins.filter((p) => p.outward === "up").map((p) => p.offset.x),
    down: pins.filter((p) => p.outward === "down").map((p) => p.offset.x),
  };
  return [
    ...(["up", "right", "down", "left"] as const)
      .filter((side) => !sides.has(side))
      .map((side) => fieldsOnSide(body, side, ref, value)),
    ...(["top-left", "top-right", "bottom-left", "bottom-right"] as const).map((c) =>
      atCorner(body, lanesX, c, ref, value),
    ),
    // The two texts never sit on each other (a tall value's descenders, a grid off the body).
  ].filter((f) => !rectsOverlap(f.boxes[0], f.boxes[1], -0.1));
}

/**
 * The fields' space in both measures: as inked, and estimated (one grid either side of the
 * anchor, the width from the character count), which the router keeps out of.
 */
export function fieldShapes(f: HostFields, ref: string, value: string): Shape[] {
  const estimate = (at: Point, text: string): Shape => {
    const w = textWidth(text);
    const left = f.justify === "left" ? at.x : f.justify === "right" ? at.x - w : at.x - w / 2;
    return {
      kind: "body",
      measure: "estimate",
      owner: FIELDS,
      box: { minX: left, minY: at.y - 1.27, maxX: left + w, maxY: at.y + 1.27 },
    };
  };
  return [
    ...f.boxes.map((box): Shape => ({ kind: "text", measure: "exact", box, owner: FIELDS })),
    estimate(f.refAt, ref),
    estimate(f.valueAt, value),
  ];
}
