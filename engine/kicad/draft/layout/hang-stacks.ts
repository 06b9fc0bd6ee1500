import type { Rect } from "../../geometry/rect.js";
import type { Point } from "../../symbol/geometry.js";
import type { Direction } from "../drawing.js";
import { step } from "../drawing.js";
import { labelShapes, type PinRole, roleNet, STUB, textWidth } from "../pin-attachments.js";
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
import type { Occupancy, Shape } from "./occupancy.js";
import { placeAttachment } from "./place-attachment.js";
import type { SatelliteStack } from "./satellite-plan.js";
import type { StackDrawing } from "./satellite-stack.js";
import type { StubEnd } from "./stub-end.js";

/** Satellites start this far out along the pin's line, leaving the pin's own stub free. */
const FIRST = 5.08;
const PITCH = 2.54;
/**
 * A stack goes at most this many grid steps out along its pin's line: further out it reads as a
 * stray part, so it is drawn on its own instead (named by labels or power symbols).
 */
const MAX_STACK_STEPS = 80;
/** The pin's own name goes at most this many steps past its last stack. */
const MAX_END_STEPS = 40;
/** The legibility checker's long-wire limit: a longer run along a pin's line is a label pair. */
const MAX_RUN = 50.8;

const gridUp = (mm: number) => Math.ceil(mm / PITCH - 1e-9) * PITCH;

export interface HungPin {
  items: CellItems;
  stubEnds: Map<string, StubEnd>;
  /** Stacks with no clear place along the line within reach: their parts are drawn on their own. */
  released: SatelliteStack[];
  /** False when the pin's own label or power symbol found no place past its stacks. */
  ok: boolean;
  /** What stood in the way when `ok` is false (owners of the shapes). */
  blockers: string[];
}

/**
 * Hangs a pin's stacks along the line out of the pin: each at the first grid step (and side of
 * the line) where it and the wire reaching it clear everything drawn so far, then the pin's own
 * name (label or power symbol) past the last one. Wires are split at every stack (a junction
 * marks each tee), since KiCad joins only at wire ends. Everything drawn goes into `occ`, in
 * both measures (stacks owned as `REF.PIN#n`, the rest by the pin).
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
  occ: Occupancy;
}): HungPin {
  const { pinKey, pin, outward, occ } = options;
  const out: HungPin = {
    items: emptyItems(),
    stubEnds: new Map(),
    released: [],
    ok: true,
    blockers: [],
  };
  const net = roleNet(options.role);
  const exact = occ.measure === "exact";
  // The wire along the line, exactly; it runs through the pin's own stacks' near pins.
  const lineWire = (a: Point, b: Point): Shape => ({
    kind: "wire",
    measure: "exact",
    box: boxAround([a, b]),
    owner: pinKey,
    pin: pinKey,
    passes: pinKey,
  });
  // The estimate of what the pin itself draws: also what the router keeps out of.
  const estimate = (box: Rect, pin?: string): Shape => ({
    kind: "body",
    measure: "estimate",
    box,
    owner: pinKey,
    ...(pin ? { pin } : {}),
  });
  const horizontal = outward === "left" || outward === "right";
  // A net with nothing else in the group is named on the run to the first stack
  // (labelOnFirstRun) when the name fits before it. A first stack hanging up (a pull-up to its
  // rail) moves far enough out for that, on the side it chose anyway: its lead and body stand
  // over the tee, where a name past it would otherwise have to move to (lone-labels.ts), and a
  // name left at the end of a stub past it leads nowhere. Hanging down, it leaves the tee free.
  const nameRoom =
    options.labelOnRun === true && options.role.kind === "label" && horizontal
      ? gridUp(STUB + textWidth(net) + PITCH)
      : FIRST;
  let s = FIRST;
  let last = pin;
  // The first step along the line where the stack and the wire reaching it are clear.
  const firstClear = (drawing: StackDrawing, from: number): number | undefined => {
    for (let i = 0, t = from; i < MAX_STACK_STEPS; i++, t += PITCH) {
      const at = step(pin, outward, t);
      const area: Shape = exact
        ? { kind: "body", measure: "exact", box: shiftBox(drawing.box, at) }
        : { kind: "body", measure: "estimate", box: shiftBox(drawing.estimate, at) };
      if (occ.clear([lineWire(pin, at), area])) return t;
    }
    return undefined;
  };
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
      occ.add(lineWire(a, b));
      return;
    }
    const ends: [Point, Point, Direction][] = [[a, step(a, outward, STUB), outward]];
    if (labelAtB) ends.push([b, step(b, back, STUB), back]);
    for (const [from, end, reads] of ends) {
      const angle = reads === "left" ? 180 : 0;
      out.items.wires.push({ net, a: from, b: end });
      out.items.labels.push({ text: net, at: end, angle });
      const [text, guess] = labelShapes(net, from, end, angle) as [Shape, Shape];
      occ.add(lineWire(from, end), { ...text, owner: pinKey }, { ...guess, owner: pinKey });
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
    const length = Math.abs(wire.b.x - wire.a.x);
    if (length < STUB + textWidth(net) + PITCH) return false;
    const at = step(pin, outward, STUB);
    const angle = outward === "left" ? 180 : 0;
    const [text, guess] = labelShapes(net, at, at, angle, pinKey) as [Shape, Shape];
    if (!occ.clear([text, guess])) return false;
    out.items.wires.splice(index, 1, { net, a: wire.a, b: at }, { net, a: at, b: wire.b });
    out.items.labels.push({ text: net, at, angle });
    occ.add(text, guess, estimate(boxAround([pin, last]), pinKey));
    return true;
  };
  options.stacks.forEach((stack, n) => {
    // The preferred side (ground below, rails above) unless the other is much closer.
    let best: { s: number; drawing: StackDrawing; side: Direction } | undefined;
    for (const side of options.sides(stack)) {
      const drawing = options.draw(stack, side);
      const found = firstClear(drawing, s);
      if (found === undefined) continue;
      if (!best || found + options.detour(stack) < best.s) best = { s: found, drawing, side };
    }
    if (!best) {
      out.released.push(stack);
      return;
    }
    if (last === pin && best.side === "up" && nameRoom > FIRST) {
      // The name must also end short of what the stack draws toward the pin (its fields, read
      // beside the resistor on that side).
      const { box, estimate: guess } = best.drawing;
      const towardPin =
        outward === "right" ? -Math.min(box.minX, guess.minX) : Math.max(box.maxX, guess.maxX);
      const room = gridUp(nameRoom - PITCH + Math.max(PITCH, towardPin + PITCH / 2));
      const further = best.s < room ? firstClear(best.drawing, room) : undefined;
      if (further !== undefined) best.s = further;
    }
    const at = step(pin, outward, best.s);
    const { drawing } = best;
    const owner = `${pinKey}#${n}`;
    addItems(out.items, shiftItems(drawing.items, at));
    occ.add(
      { kind: "body", measure: "estimate", box: shiftBox(drawing.estimate, at), owner, area: true },
      { kind: "body", measure: "exact", box: shiftBox(drawing.box, at), owner, area: true },
    );
    occ.addAll(
      drawing.obstacles.map(
        (o): Shape => ({
          kind: "body",
          measure: "estimate",
          box: shiftBox(o.box, at),
          owner,
          detail: true,
          ...(o.pin ? { pin: o.pin } : {}),
        }),
      ),
    );
    for (const [k, p] of drawing.stubEnds)
      out.stubEnds.set(k, { at: shift(p.at, at), from: shift(p.from, at) });
    const before = out.items.wires.length;
    run(last, at, true);
    if (last === pin && out.items.wires.length === before + 1) firstRun = before;
    if (last !== pin) out.items.junctions.push(last);
    last = at;
    s = best.s + PITCH;
  });
  if (options.labelOnRun && firstRun !== undefined && labelOnFirstRun(firstRun)) return out;
  // The pin's own name past the last stack: a label or a power symbol on a stub.
  const placed = placeAttachment({
    key: pinKey,
    pin,
    outward,
    role: options.role,
    rails: options.rails,
    occ,
    mode: "line",
    from: last === pin ? 0 : s,
    steps: MAX_END_STEPS,
  });
  if (!placed.ok) return { ...out, ok: false, blockers: placed.blockers };
  const { attachment, base } = placed;
  if (base.x !== last.x || base.y !== last.y) {
    run(last, base, false);
    if (last !== pin) out.items.junctions.push(last);
  }
  out.items.attachments.push({ pin: pinKey, attachment });
  occ.addAll(attachment.shapes);
  occ.add(estimate(boxAround([pin, base]), pinKey));
  const stub = attachment.wires[0];
  if (stub && attachment.labels.length > 0) out.stubEnds.set(pinKey, { at: stub.b, from: stub.a });
  return out;
}
