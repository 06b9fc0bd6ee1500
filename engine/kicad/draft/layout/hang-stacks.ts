import type { Box, Point } from "../../symbol/geometry.js";
import type { Direction } from "../drawing.js";
import { step } from "../drawing.js";
import { type Attachment, attachPin, type PinRole } from "../pin-attachments.js";
import type { RailSymbols } from "../rail-symbols.js";
import type { Obstacle } from "../route-local-nets.js";
import {
  addItems,
  boxAround,
  type CellItems,
  emptyItems,
  shift,
  shiftBox,
  shiftItems,
} from "./cell-items.js";
import type { SatelliteStack } from "./satellite-plan.js";
import type { StackDrawing } from "./satellite-stack.js";

/** Something already drawn in a cell; `owner` is the host pin whose own wire may touch it. */
export interface Occupied {
  box: Box;
  owner?: string;
  /** The host's own body: a pin's line may start inside it (some bodies reach past their pins). */
  body?: boolean;
}

const EPS = 0.01;
const CLEARANCE = 0.635;
/** Satellites start this far out along the pin's line, leaving the pin's own stub free. */
const FIRST = 5.08;
const PITCH = 2.54;
const MAX_STEPS = 400;

function overlaps(a: Box, b: Box, margin: number): boolean {
  return (
    a.minX < b.maxX + margin - EPS &&
    b.minX - margin + EPS < a.maxX &&
    a.minY < b.maxY + margin - EPS &&
    b.minY - margin + EPS < a.maxY
  );
}

const clearOf = (box: Box, occupied: readonly Occupied[], skip?: string) =>
  occupied.every(
    (o) => (skip !== undefined && o.owner === skip) || !overlaps(box, o.box, CLEARANCE),
  );
/** A wire starts on its pin at the body's edge: it may touch, never cross. */
const wireClear = (box: Box, occupied: readonly Occupied[], skip: string) =>
  occupied.every((o) => o.owner === skip || o.body === true || !overlaps(box, o.box, 0));

export interface HungPin {
  items: CellItems;
  obstacles: Obstacle[];
  stubEnds: Map<string, Point>;
}

/**
 * Hangs a pin's stacks along the line out of the pin: each at the first grid step (and side of
 * the line) where it and the wire reaching it clear everything drawn so far, then the pin's own
 * name (label or power symbol) past the last one. Wires are split at every stack (a junction
 * marks each tee), since KiCad joins only at wire ends.
 */
export function hangStacks(options: {
  pinKey: string;
  pin: Point;
  outward: Direction;
  stacks: readonly SatelliteStack[];
  role: PinRole;
  rails: RailSymbols;
  /** The sides a stack may hang to, preferred first, per stack. */
  sides: (stack: SatelliteStack) => Direction[];
  draw: (stack: SatelliteStack, hang: Direction) => StackDrawing;
  occupied: Occupied[];
}): HungPin {
  const { pinKey, pin, outward, occupied } = options;
  const out: HungPin = { items: emptyItems(), obstacles: [], stubEnds: new Map() };
  const net = options.role.kind === "no-connect" ? "" : options.role.net;
  let s = FIRST;
  let last = pin;
  const wireBox = (to: Point) => boxAround([pin, to]);
  for (const stack of options.stacks) {
    const drawings = new Map<Direction, StackDrawing>();
    let placed = false;
    for (let i = 0; i < MAX_STEPS && !placed; i++, s += PITCH) {
      const at = step(pin, outward, s);
      if (!wireClear(wireBox(at), occupied, pinKey)) continue;
      for (const side of options.sides(stack)) {
        let drawing = drawings.get(side);
        if (!drawing) {
          drawing = options.draw(stack, side);
          drawings.set(side, drawing);
        }
        const box = shiftBox(drawing.box, at);
        if (!clearOf(box, occupied)) continue;
        addItems(out.items, shiftItems(drawing.items, at));
        for (const o of drawing.obstacles) out.obstacles.push({ ...o, box: shiftBox(o.box, at) });
        for (const [k, p] of drawing.stubEnds) out.stubEnds.set(k, shift(p, at));
        occupied.push({ box, owner: pinKey });
        out.items.wires.push({ net, a: last, b: at });
        if (last !== pin) out.items.junctions.push(last);
        last = at;
        placed = true;
        break;
      }
    }
    if (!placed) throw new Error(`unreachable: no room to hang a part from ${pinKey}`);
  }
  // The pin's own name past the last stack: a label or a power symbol on a stub.
  for (let i = 0; i < MAX_STEPS; i++, s += PITCH) {
    const at = step(pin, outward, s);
    const attachment: Attachment = attachPin(
      at,
      outward,
      options.role,
      options.rails,
      `power/${pinKey}`,
    );
    const extent = boxAround(attachment.extent);
    if (!wireClear(wireBox(at), occupied, pinKey) || !clearOf(extent, occupied)) continue;
    if (at.x !== last.x || at.y !== last.y) {
      out.items.wires.push({ net, a: last, b: at });
      out.items.junctions.push(last);
    }
    out.items.attachments.push({ pin: pinKey, attachment });
    out.obstacles.push({ pin: pinKey, box: extent }, { pin: pinKey, box: wireBox(at) });
    occupied.push({ box: extent, owner: pinKey }, { box: wireBox(at), owner: pinKey });
    const end = attachment.wires[0]?.b;
    if (end && attachment.labels.length > 0) out.stubEnds.set(pinKey, end);
    return out;
  }
  throw new Error(`unreachable: no room for the name of ${pinKey}`);
}
