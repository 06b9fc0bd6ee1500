import { pushAll } from "../../../array-ops.js";
import { rectsOverlap } from "../../geometry/rect.js";
import type { Rotation } from "../../schematic/placed-symbol.js";
import type { Box, Point } from "../../symbol/geometry.js";
import type { Direction } from "../drawing.js";
import { snap, step } from "../drawing.js";
import { attachPin, labelShapes, type PinRole, roleNet, textWidth } from "../pin-attachments.js";
import type { RailSymbols } from "../rail-symbols.js";
import { pinKey, type ResolvedPart } from "../resolved-intent.js";
import { unitGeometry } from "../unit-geometry.js";
import { boxAround, type CellItems, emptyItems, shift, shiftBox, unionBox } from "./cell-items.js";
import type { Obstacle } from "./obstacle.js";
import { partSymbol } from "./part-symbol.js";
import type { SatelliteStack } from "./satellite-plan.js";
import type { StubEnd } from "./stub-end.js";
import { fieldTextBox } from "./text-boxes.js";

/** A stack drawn with its first near pin at the origin, hanging towards `hang`. */
export interface StackDrawing {
  items: CellItems;
  /** What the router keeps clear of: bodies, estimated texts, wires (the end's, by its pin). */
  obstacles: Obstacle[];
  stubEnds: Map<string, StubEnd>;
  /** The whole stack as inked (the exact measure). */
  box: Box;
  /** The whole stack with text widths estimated (the estimate). */
  estimate: Box;
}

export const OPPOSITE: Record<Direction, Direction> = {
  left: "right",
  right: "left",
  up: "down",
  down: "up",
};
const ROTATIONS: Rotation[] = [0, 90, 180, 270];

/**
 * Where a hung part's Reference and Value may go, preferred first: right of a part hung up or
 * down (else left), below a part hung sideways (else above), centred, and clear of the line the
 * stack hangs from (x = 0).
 */
function fieldSpots(hang: Direction, body: Box, ref: string, value: string): [Point, Point][] {
  const cx = (body.minX + body.maxX) / 2;
  const cy = (body.minY + body.maxY) / 2;
  if (vertical(hang)) {
    const right = body.maxX + 1.27;
    const left = body.minX - 1.27;
    return [
      [
        { x: snap(right + textWidth(ref) / 2, 0.01), y: snap(cy - 1.27, 0.01) },
        { x: snap(right + textWidth(value) / 2, 0.01), y: snap(cy + 1.27, 0.01) },
      ],
      [
        { x: snap(left - textWidth(ref) / 2, 0.01), y: snap(cy - 1.27, 0.01) },
        { x: snap(left - textWidth(value) / 2, 0.01), y: snap(cy + 1.27, 0.01) },
      ],
    ];
  }
  const centre = (text: string) => {
    const half = textWidth(text) / 2 + 0.635;
    return snap(hang === "right" ? Math.max(cx, half) : Math.min(cx, -half), 0.01);
  };
  return [
    [
      { x: centre(ref), y: snap(body.maxY + 2.54, 0.01) },
      { x: centre(value), y: snap(body.maxY + 5.08, 0.01) },
    ],
    [
      { x: centre(ref), y: snap(body.minY - 5.08, 0.01) },
      { x: centre(value), y: snap(body.minY - 2.54, 0.01) },
    ],
  ];
}

/** A field's estimated box: centred text one grid tall either side. */
const estimatedField = (at: Point, text: string): Box => {
  const w = textWidth(text);
  return { minX: at.x - w / 2, minY: at.y - 1.27, maxX: at.x + w / 2, maxY: at.y + 1.27 };
};
const vertical = (d: Direction) => d === "up" || d === "down";

/**
 * The parts of a stack one after another along `hang`, each turned so its near pin faces back
 * up the line and its far pin faces on; joined by short wires, each named by a label at its
 * middle; the last far pin gets its usual stub and label, power symbol or no-connect.
 * Reference and value sit centred beside each body (right of a vertical part, below a
 * horizontal one), so a turned part's text stays horizontal and clear of the line.
 */
export function stackDrawing(
  stack: SatelliteStack,
  hang: Direction,
  parts: ReadonlyMap<string, ResolvedPart>,
  roleOf: (pin: string) => PinRole,
  rails: RailSymbols,
): StackDrawing {
  const items = emptyItems();
  const obstacles: Obstacle[] = [];
  const stubEnds = new Map<string, StubEnd>();
  const boxes: Box[] = [];
  const estimates: Box[] = [];
  let cursor: Point = { x: 0, y: 0 };
  stack.parts.forEach((sat, i) => {
    const resolved = parts.get(sat.ref);
    if (!resolved) throw new Error(`unreachable: unresolved part ${sat.ref}`);
    const symbol = resolved.symbol.symbol;
    const rotation =
      ROTATIONS.find((r) => {
        const pins = unitGeometry(symbol, 1, r).pins;
        return (
          pins.find((p) => p.pin.number === sat.near)?.outward === OPPOSITE[hang] &&
          pins.find((p) => p.pin.number === sat.far)?.outward === hang
        );
      }) ?? 0;
    const geometry = unitGeometry(symbol, 1, rotation);
    const nearPin = geometry.pins.find((p) => p.pin.number === sat.near);
    const farPin = geometry.pins.find((p) => p.pin.number === sat.far);
    if (!nearPin || !farPin) throw new Error(`unreachable: ${sat.ref} lost a pin`);
    const origin = {
      x: snap(cursor.x - nearPin.offset.x, 0.0001),
      y: snap(cursor.y - nearPin.offset.y, 0.0001),
    };
    const far = shift(farPin.offset, origin);
    const body = shiftBox(geometry.body, origin);
    const ref = resolved.part.ref;
    const value = resolved.part.value;
    const last = i === stack.parts.length - 1;
    const endKey = pinKey(ref, sat.far);
    // A stack's end has room around it (it is placed clear by its box): its power symbol stands
    // upright even when the stack hangs sideways.
    const attachment = last
      ? attachPin(far, hang, roleOf(endKey), rails, endKey, { turn: "upright" })
      : undefined;
    const fieldAngle = rotation === 90 || rotation === 270 ? 90 : 0;
    const inked = ([refAt, valueAt]: [Point, Point]) => [
      fieldTextBox(ref, refAt, { rotation, fieldAngle }),
      fieldTextBox(value, valueAt, { rotation, fieldAngle }),
    ];
    // Beside the body as usual, unless the end's own symbol or label is there (a ground symbol
    // under a part hung sideways, with its value text): then on the other side.
    const options = fieldSpots(hang, body, ref, value);
    const taken = (attachment?.shapes ?? [])
      .filter((x) => x.measure === "exact" && x.kind !== "wire")
      .map((x) => x.box);
    const [refAt, valueAt] =
      options.find((o) => inked(o).every((b) => taken.every((t) => !rectsOverlap(b, t, -0.1)))) ??
      (options[0] as [Point, Point]);
    items.symbols.push(
      partSymbol(resolved, 1, rotation, origin, { refAt, valueAt }, [
        ...geometry.pins.map((p) => p.pin.number),
      ]),
    );
    pushAll(boxes, [body, ...inked([refAt, valueAt])]);
    const guess = [body, estimatedField(refAt, ref), estimatedField(valueAt, value)];
    pushAll(
      obstacles,
      guess.map((box) => ({ box })),
    );
    pushAll(estimates, guess);

    const next = stack.parts[i + 1];
    if (next) {
      // Name the joining net at the middle of the short wire between the two parts.
      const net = roleOf(pinKey(ref, sat.far));
      const name = roleNet(net);
      const w = textWidth(name);
      const mid = step(far, hang, 2.54);
      const gap = vertical(hang) ? 2.54 : snap(w + 2.54, 2.54);
      cursor = step(mid, hang, gap);
      items.wires.push({ net: name, a: far, b: mid }, { net: name, a: mid, b: cursor });
      const angle = hang === "right" ? 0 : 180;
      items.labels.push({ text: name, at: mid, angle });
      const [exact, guess] = labelShapes(name, mid, mid, angle).map((x) => x.box) as [Box, Box];
      const wire = boxAround([far, cursor]);
      obstacles.push({ box: guess }, { box: wire });
      boxes.push(exact, wire);
      estimates.push(guess, wire);
      return;
    }
    if (!attachment) return;
    const key = endKey;
    items.attachments.push({ pin: key, attachment });
    for (const shape of attachment.shapes) {
      if (shape.measure === "estimate") {
        obstacles.push({ pin: key, box: shape.box });
        estimates.push(shape.box);
      } else boxes.push(shape.box);
    }
    boxes.push(boxAround([far]));
    const stub = attachment.wires[0];
    if (stub && attachment.labels.length > 0) stubEnds.set(key, { at: stub.b, from: stub.a });
  });
  return { items, obstacles, stubEnds, box: unionBox(boxes), estimate: unionBox(estimates) };
}
