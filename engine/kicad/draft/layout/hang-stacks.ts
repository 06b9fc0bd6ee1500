import type { Box, Point } from "../../symbol/geometry.js";
import type { Direction } from "../drawing.js";
import { step } from "../drawing.js";
import { type Attachment, attachPin, type PinRole, STUB, textWidth } from "../pin-attachments.js";
import type { RailSymbols } from "../rail-symbols.js";
import {
  addItems,
  boxAround,
  type CellItems,
  emptyItems,
  shift,
  shiftBox,
  shiftItems,
} from "./cell-items.js";
import { NoRoomError } from "./no-room-error.js";
import type { Obstacle } from "./obstacle.js";
import type { SatelliteStack } from "./satellite-plan.js";
import type { StackDrawing } from "./satellite-stack.js";
import type { StubEnd } from "./stub-end.js";

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
/** The legibility checker's long-wire limit: a longer run along a pin's line is a label pair. */
const MAX_RUN = 50.8;

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
  stubEnds: Map<string, StubEnd>;
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
  /**
   * The pin's net has nothing in the group but this line: its label may sit on the line's first
   * run instead of on a stub past the last stack (no local wire will need that stub).
   */
  labelOnRun?: boolean;
  /** How much further out (mm) a stack goes to hang on its preferred side. */
  detour: (stack: SatelliteStack) => number;
  occupied: Occupied[];
}): HungPin {
  const { pinKey, pin, outward, occupied } = options;
  const out: HungPin = { items: emptyItems(), obstacles: [], stubEnds: new Map() };
  const net = options.role.kind === "no-connect" ? "" : options.role.net;
  let s = FIRST;
  let last = pin;
  const wireBox = (to: Point) => boxAround([pin, to]);
  // The first step along the line where a stack hanging to `side` and the wire to it are clear.
  const firstClear = (drawing: StackDrawing, from: number): number | undefined => {
    for (let i = 0, t = from; i < MAX_STEPS; i++, t += PITCH) {
      const at = step(pin, outward, t);
      if (wireClear(wireBox(at), occupied, pinKey) && clearOf(shiftBox(drawing.box, at), occupied))
        return t;
    }
    return undefined;
  };
  const horizontal = outward === "left" || outward === "right";
  const back: Direction = outward === "left" ? "right" : "left";
  /**
   * The run from `a` to `b` along the line: one wire, or, when a signal's run would be longer
   * than the checker's limit, a label on a short stub at each end (`b` keeps none when its own
   * attachment labels it). Labels read along the free line between, so only horizontal lines.
   */
  const run = (a: Point, b: Point, labelAtB: boolean) => {
    const length = Math.abs(a.x - b.x) + Math.abs(a.y - b.y);
    const w = textWidth(net);
    if (
      options.role.kind !== "label" ||
      !horizontal ||
      length <= MAX_RUN ||
      length < 2 * (STUB + w) + PITCH
    ) {
      out.items.wires.push({ net, a, b });
      return;
    }
    const ends: [Point, Point, Direction][] = [[a, step(a, outward, STUB), outward]];
    if (labelAtB) ends.push([b, step(b, back, STUB), back]);
    for (const [from, end, reads] of ends) {
      const angle = reads === "left" ? 180 : 0;
      out.items.wires.push({ net, a: from, b: end });
      out.items.labels.push({ text: net, at: end, angle });
      const box = boxAround([from, end, { x: end.x + (angle === 0 ? w : -w), y: end.y - 1.5 }]);
      out.obstacles.push({ box });
      occupied.push({ box, owner: pinKey });
    }
  };
  let firstRun: number | undefined;
  /**
   * The label on the wire from the pin to the first stack, one stub's length out and reading
   * along it (the wire split there), when its text fits before the stack and is clear.
   */
  const labelOnFirstRun = (index: number): boolean => {
    const wire = out.items.wires[index];
    if (!wire || options.role.kind !== "label" || !horizontal) return false;
    const w = textWidth(net);
    const length = Math.abs(wire.b.x - wire.a.x);
    if (length < STUB + w + PITCH) return false;
    const at = step(pin, outward, STUB);
    const angle = outward === "left" ? 180 : 0;
    const text = boxAround([at, { x: at.x + (angle === 0 ? w : -w), y: at.y - 1.5 }]);
    if (!clearOf(text, occupied)) return false;
    out.items.wires.splice(index, 1, { net, a: wire.a, b: at }, { net, a: at, b: wire.b });
    out.items.labels.push({ text: net, at, angle });
    out.obstacles.push({ pin: pinKey, box: text }, { pin: pinKey, box: boxAround([pin, last]) });
    occupied.push({ box: text, owner: pinKey }, { box: boxAround([pin, last]), owner: pinKey });
    return true;
  };
  for (const stack of options.stacks) {
    // The preferred side (ground below, rails above) unless the other is much closer.
    let best: { s: number; drawing: StackDrawing } | undefined;
    for (const side of options.sides(stack)) {
      const drawing = options.draw(stack, side);
      const found = firstClear(drawing, s);
      if (found === undefined) continue;
      if (!best || found + options.detour(stack) < best.s) best = { s: found, drawing };
    }
    if (!best) throw new NoRoomError(`the parts hung from ${pinKey}`);
    const at = step(pin, outward, best.s);
    const { drawing } = best;
    addItems(out.items, shiftItems(drawing.items, at));
    for (const o of drawing.obstacles) out.obstacles.push({ ...o, box: shiftBox(o.box, at) });
    for (const [k, p] of drawing.stubEnds)
      out.stubEnds.set(k, { at: shift(p.at, at), from: shift(p.from, at) });
    occupied.push({ box: shiftBox(drawing.box, at), owner: pinKey });
    const before = out.items.wires.length;
    run(last, at, true);
    if (last === pin && out.items.wires.length === before + 1) firstRun = before;
    if (last !== pin) out.items.junctions.push(last);
    last = at;
    s = best.s + PITCH;
  }
  if (options.labelOnRun && firstRun !== undefined && labelOnFirstRun(firstRun)) return out;
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
      run(last, at, false);
      out.items.junctions.push(last);
    }
    out.items.attachments.push({ pin: pinKey, attachment });
    out.obstacles.push({ pin: pinKey, box: extent }, { pin: pinKey, box: wireBox(at) });
    occupied.push({ box: extent, owner: pinKey }, { box: wireBox(at), owner: pinKey });
    const stub = attachment.wires[0];
    if (stub && attachment.labels.length > 0)
      out.stubEnds.set(pinKey, { at: stub.b, from: stub.a });
    return out;
  }
  throw new NoRoomError(`the label or power symbol of ${pinKey}`);
}
