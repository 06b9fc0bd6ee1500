import { maxOf, pushAll } from "../../../array-ops.js";
import { unitLetters } from "../../schematic/netlist/pin-net-name.js";
import type { Box } from "../../symbol/geometry.js";
import type { Direction } from "../drawing.js";
import { step } from "../drawing.js";
import { type Attachment, attachPin, type PinRole } from "../pin-attachments.js";
import type { RailSymbols } from "../rail-symbols.js";
import { pinKey, type ResolvedIntent } from "../resolved-intent.js";
import { type UnitPin, unitGeometry } from "../unit-geometry.js";
import { addItems, boxAround, type CellItems, emptyItems } from "./cell-items.js";
import { hangStacks } from "./hang-stacks.js";
import {
  FIELDS,
  fieldCandidates,
  fieldShapes,
  fieldsOnSide,
  type HostFields,
  placeHostFields,
  topLeftFields,
} from "./host-fields.js";
import { NoRoomError } from "./no-room-error.js";
import type { Obstacle } from "./obstacle.js";
import { type Measure, Occupancy, type Shape } from "./occupancy.js";
import { partSymbol } from "./part-symbol.js";
import { pinTextBoxes } from "./pin-texts.js";
import { placeAttachment } from "./place-attachment.js";
import { combDrawing, type RailComb, railCombs, tapHeadLine } from "./rail-combs.js";
import type { SatelliteStack } from "./satellite-plan.js";
import { stackDrawing } from "./satellite-stack.js";
import type { StubEnd } from "./stub-end.js";
import { drawingOrder, hostingOrder, type Spot, spotsOf } from "./unit-spots.js";

/** A unit with everything hung from its pins, before it is moved into place. */
export interface UnitDrawing {
  items: CellItems;
  box: Box;
  obstacles: Obstacle[];
  stubEnds: Map<string, StubEnd>;
  /**
   * Stacks planned for this unit that found no clear place on their pin: the group draws their
   * parts as cells of their own, joined by labels or power symbols (a label pair instead of a
   * hung part).
   */
  released: SatelliteStack[];
}

/**
 * How far a pin's line is kept free for it until it is drawn, when the short lane left a pin no
 * room: far enough that a port pushed out past every other lane still finds its place.
 */
const RAY = 400;
/**
 * A short lane keeps the pin's own port, drawn the usual way, free and this much more to move
 * out: a 400 mm lane on every pin pushed a connector's ground symbol, which crosses the lines of
 * the pins below it, 400 mm out (and the sheet to A2).
 */
const LANE_MARGIN = 4 * 2.54;
/** A pin's own label or power symbol goes at most this many grid steps out (a staircase of them). */
const MAX_STUB_STEPS = 160;

/** Nothing on the pin's net in its group but the pin and the parts hung right on its line. */
function aloneOnLine(
  resolved: ResolvedIntent,
  key: string,
  stacks: readonly SatelliteStack[],
): boolean {
  const net = resolved.nets.find((n) =>
    n.endpoints.some((e) => pinKey(e.ref, e.pin.number) === key),
  );
  if (net?.class.class !== "signal") return false;
  const group = resolved.parts.get(key.slice(0, key.lastIndexOf(".")))?.part.group;
  const onLine = new Set([key, ...stacks.map((s) => `${s.parts[0]?.ref}.${s.parts[0]?.near}`)]);
  return net.endpoints.every(
    (e) =>
      onLine.has(pinKey(e.ref, e.pin.number)) || resolved.parts.get(e.ref)?.part.group !== group,
  );
}

/** How much further out a stack goes to hang on its preferred side. */
const SIDE_DETOUR = 7.62;
const POWER_DETOUR = 25.4;

/**
 * Stacks on a side pin hang down (up when they end on a supply rail), so the power symbol at a
 * stack's end stands upright; on a top or bottom pin, to the right.
 */
function sidesFor(
  outward: Direction,
  endsOn: (stack: SatelliteStack) => "rail" | "ground" | undefined,
): (stack: SatelliteStack) => Direction[] {
  if (outward === "up" || outward === "down") return () => ["right", "left"];
  return (stack) => (endsOn(stack) === "rail" ? ["up", "down"] : ["down", "up"]);
}

type Attempt = { ok: true; drawing: UnitDrawing } | { ok: false; pin: string; blockers: string[] };

/**
 * How carefully a unit is drawn: `estimate`, as the drafter always drew; `fields`, the same but
 * its Reference and Value then moved where their ink is clear of everything (the rest of the
 * cell unchanged); `exact`, everything measured as inked.
 */
export type Care = "estimate" | "fields" | "exact";

export interface UnitOptions {
  resolved: ResolvedIntent;
  ref: string;
  unit: number;
  roleOf: (pin: string) => PinRole;
  rails: RailSymbols;
  stacksOf: (pin: string) => readonly SatelliteStack[];
  /**
   * How carefully to start (the group raises it for a unit whose texts collide once wired);
   * default `estimate`. Below `exact`, a unit that finds no room is drawn `exact` anyway.
   */
  care?: Care;
}

/**
 * One unit drawn upright at the origin: fields on a free side, each pin's stub with its label,
 * power symbol or no-connect, and the two-pin parts planned to hang from its pins placed along
 * each pin's line, nearest first, clear of everything else.
 *
 * First under the estimate, as the drafter always drew (every pin's attachment where it falls,
 * stacks kept a quarter-grid from estimated boxes). If that finds no room, or `exact` asks, under
 * the exact measure: every text as KiCad inks it, each pin's attachment moved out or turned until
 * clear (`drawingOrder`), pins' lines kept free until drawn. A pin whose attachment still finds no
 * place gets hung parts released (drawn as parts of their own) until it does; with nothing hung
 * every pin has room by construction, so this never fails.
 */
export function unitDrawing(options: UnitOptions): UnitDrawing {
  const part = options.resolved.parts.get(options.ref);
  if (!part) throw new Error(`unreachable: unresolved part ${options.ref}`);
  const geometry = unitGeometry(part.symbol.symbol, options.unit);
  const spots = spotsOf(geometry.pins, options.ref, options.roleOf);
  if (options.care !== "exact") {
    const estimated = drawUnit(options, geometry, spots, new Set(), "estimate", "long");
    if (estimated.ok) return estimated.drawing;
  }
  // Under the exact measure a row of pins on one rail is drawn as a comb with one port, the
  // parts hung from any of its pins hung from the head's line.
  const combs = railCombs(spots);
  const teeth = new Set(combs.flatMap((c) => c.teeth.map((t) => t.key)));
  const rows = new Map(combs.map((c) => [c.head.key, [c.head, ...c.teeth]]));
  const combed: UnitOptions = {
    ...options,
    stacksOf: (key) =>
      teeth.has(key) ? [] : (rows.get(key) ?? [{ key }]).flatMap((s) => options.stacksOf(s.key)),
  };
  const released = new Set<string>();
  for (;;) {
    // Short lanes first; but a port they leave no upright room for is worth the long lanes'
    // drawing (the whole line kept free until drawn), when that one stands it up.
    const short = drawUnit(combed, geometry, spots, released, "exact", "short", combs);
    if (short.ok && sidewaysPorts(short.drawing) === 0) return short.drawing;
    const attempt = drawUnit(combed, geometry, spots, released, "exact", "long", combs);
    if (short.ok)
      return attempt.ok && sidewaysPorts(attempt.drawing) < sidewaysPorts(short.drawing)
        ? attempt.drawing
        : short.drawing;
    if (attempt.ok) return attempt.drawing;
    const hosts = spots.filter((s) => !released.has(s.key) && combed.stacksOf(s.key).length > 0);
    const release =
      hosts.find((h) => h.key === attempt.pin) ??
      hosts.find((h) => attempt.blockers.some((b) => b === h.key || b.startsWith(`${h.key}#`))) ??
      hosts[0];
    if (!release) throw new NoRoomError(`the label or power symbol of ${attempt.pin}`);
    released.add(release.key);
  }
}

/** How many of a drawing's power ports lie on their side. */
function sidewaysPorts(drawing: UnitDrawing): number {
  return drawing.items.attachments.filter((a) => a.attachment.sideways).length;
}

/** The first pinless side (above, right, below, left), or the top-left corner: where the estimate puts fields. */
function estimatedFields(
  body: Box,
  pins: readonly UnitPin[],
  ref: string,
  value: string,
): HostFields {
  const sides = new Set(pins.map((p) => p.outward));
  const side = (["up", "right", "down", "left"] as const).find((d) => !sides.has(d));
  // Pins all round: centred on a side the fields would sit on its pins' lines (MCP73832's value
  // over its PROG wire, where neither the label nor a pull-up could go).
  return side ? fieldsOnSide(body, side, ref, value) : topLeftFields(body, pins, ref, value);
}

/** How far out along its line the pin's port reaches, drawn the usual way. */
function portReach(spot: Spot, rails: RailSymbols): number {
  const { offset: p, outward } = spot;
  const drawn = attachPin(p, outward, spot.role, rails, spot.key);
  return maxOf(
    drawn.shapes.map(({ box: b }) =>
      outward === "right"
        ? b.maxX - p.x
        : outward === "left"
          ? p.x - b.minX
          : outward === "down"
            ? b.maxY - p.y
            : p.y - b.minY,
    ),
  );
}

function drawUnit(
  options: UnitOptions,
  geometry: ReturnType<typeof unitGeometry>,
  spots: readonly Spot[],
  released: ReadonlySet<string>,
  measure: Measure,
  lanes: "short" | "long",
  combs: readonly RailComb[] = [],
): Attempt {
  const { resolved, ref, unit, roleOf, rails } = options;
  const part = resolved.parts.get(ref);
  if (!part) throw new Error(`unreachable: unresolved part ${ref}`);
  const exact = measure === "exact";
  const stacksOf = (key: string) => (released.has(key) ? [] : options.stacksOf(key));
  const occ = new Occupancy(measure);
  occ.add({ kind: "host", box: geometry.body });
  // The pins' own names and numbers: fields and texts keep off them (each pin's stub may not).
  occ.addAll(
    pinTextBoxes(part.symbol, unit).map(
      ({ pin, box }): Shape => ({ kind: "text", measure: "exact", box, owner: pinKey(ref, pin) }),
    ),
  );
  const teeth = new Set(combs.flatMap((c) => c.teeth.map((t) => t.key)));
  for (const s of spots)
    if (!teeth.has(s.key) && (s.role.kind === "label" || s.role.kind === "power"))
      occ.add({
        kind: "lane",
        owner: s.key,
        box: boxAround([
          s.offset,
          step(s.offset, s.outward, lanes === "long" ? RAY : portReach(s, rails) + LANE_MARGIN),
        ]),
      });
  const shownRef = part.symbol.symbol.unitCount > 1 ? `${ref}${unitLetters(unit)}` : ref;
  const fields = exact
    ? placeHostFields(geometry.body, geometry.pins, shownRef, part.part.value, occ)
    : estimatedFields(geometry.body, geometry.pins, shownRef, part.part.value);
  occ.addAll(fieldShapes(fields, shownRef, part.part.value));
  const items = emptyItems();
  items.symbols.push(
    partSymbol(
      part,
      unit,
      0,
      { x: 0, y: 0 },
      fields,
      geometry.pins.map((p) => p.pin.number),
    ),
  );
  const stubEnds = new Map<string, StubEnd>();
  for (const comb of combs) {
    const drawn = combDrawing(comb);
    pushAll(items.wires, drawn.wires);
    pushAll(items.junctions, drawn.junctions);
    occ.addAll(drawn.shapes);
  }
  const hosting = spots.filter((s) => stacksOf(s.key).length > 0);
  const plain = spots.filter((s) => !hosting.includes(s) && !teeth.has(s.key));
  // Under the exact measure markers go first (they sit on their pins and never move), then the
  // rest in an order that leaves each room; the estimate draws them as they come.
  const order = exact
    ? [
        ...plain.filter((s) => s.role.kind === "no-connect" || s.role.kind === "none"),
        ...plain
          .filter((s) => s.role.kind === "label" || s.role.kind === "power")
          .sort(drawingOrder),
      ]
    : plain;
  const attachments = new Map<string, Attachment>();
  for (const spot of order) {
    occ.remove(spot.key, "lane");
    const placed = exact
      ? placeAttachment({
          key: spot.key,
          pin: spot.offset,
          outward: spot.outward,
          role: spot.role,
          rails,
          occ,
          mode: "stub",
          steps: MAX_STUB_STEPS,
        })
      : ({
          ok: true,
          attachment: attachPin(spot.offset, spot.outward, spot.role, rails, spot.key),
        } as const);
    if (!placed.ok) return { ok: false, pin: spot.key, blockers: placed.blockers };
    attachments.set(spot.key, placed.attachment);
    occ.addAll(placed.attachment.shapes);
    const stub = placed.attachment.wires[0];
    if (stub && placed.attachment.labels.length > 0)
      stubEnds.set(spot.key, { at: stub.b, from: stub.a });
  }
  // In pin order, whatever order they were placed in: the sheet lists them the same either way.
  for (const spot of plain) {
    const attachment = attachments.get(spot.key);
    if (attachment) items.attachments.push({ pin: spot.key, attachment });
  }

  const endsOn = (stack: SatelliteStack) => {
    const last = stack.parts[stack.parts.length - 1];
    const role = last ? roleOf(pinKey(last.ref, last.far)) : undefined;
    if (role?.kind !== "power") return undefined;
    return role.ground ? ("ground" as const) : ("rail" as const);
  };
  const inner = hostingOrder(hosting);
  const dropped: SatelliteStack[] = [];
  for (const spot of inner) {
    occ.remove(spot.key, "lane");
    const hung = hangStacks({
      pinKey: spot.key,
      pin: spot.offset,
      outward: spot.outward,
      stacks: stacksOf(spot.key),
      role: spot.role,
      rails,
      sides: sidesFor(spot.outward, endsOn),
      labelOnRun: aloneOnLine(resolved, spot.key, stacksOf(spot.key)),
      // A stack ending on power hangs the wrong way (its symbol turned sideways) only to save a
      // long way round: forced to its side, one capacitor went 130 mm out and cost a paper size.
      detour: (stack) => (endsOn(stack) ? POWER_DETOUR : SIDE_DETOUR),
      draw: (stack, hang) => stackDrawing(stack, hang, resolved.parts, roleOf, rails),
      occ,
    });
    if (!hung.ok) return { ok: false, pin: spot.key, blockers: hung.blockers };
    addItems(items, hung.items);
    pushAll(dropped, hung.released);
    for (const [k, p] of hung.stubEnds) stubEnds.set(k, p);
  }
  for (const key of released) pushAll(dropped, options.stacksOf(key));
  for (const comb of combs) tapHeadLine(items, comb);
  if (options.care === "fields") {
    // The estimated boxes stay (the cell keeps its extent, so nothing else moves); the texts go
    // to the first place where their ink is clear.
    occ.remove(FIELDS, "text");
    const inked = (f: HostFields) =>
      fieldShapes(f, shownRef, part.part.value).filter((x) => x.measure === "exact");
    const moved = [
      fields,
      ...fieldCandidates(geometry.body, geometry.pins, shownRef, part.part.value),
    ].find((f) => occ.clear(inked(f), "exact"));
    const chosen = moved ?? fields;
    occ.addAll(fieldShapes(chosen, shownRef, part.part.value));
    items.symbols[0] = partSymbol(
      part,
      unit,
      0,
      { x: 0, y: 0 },
      chosen,
      geometry.pins.map((p) => p.pin.number),
    );
  }
  return {
    ok: true,
    drawing: {
      items,
      box: occ.bounds() ?? geometry.body,
      obstacles: occ.obstacles(),
      stubEnds,
      released: dropped,
    },
  };
}
