import { pushAll } from "../../../array-ops.js";
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
import type { SatelliteStack } from "./satellite-plan.js";
import { stackDrawing } from "./satellite-stack.js";
import type { StubEnd } from "./stub-end.js";
import { drawingOrder, type Spot, spotsOf } from "./unit-spots.js";

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

/** How far a pin's line is kept free for it until it is drawn. */
const RAY = 400;
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
    const estimated = drawUnit(options, geometry, spots, new Set(), "estimate");
    if (estimated.ok) return estimated.drawing;
  }
  const released = new Set<string>();
  for (;;) {
    const attempt = drawUnit(options, geometry, spots, released, "exact");
    if (attempt.ok) return attempt.drawing;
    const hosts = spots.filter((s) => !released.has(s.key) && options.stacksOf(s.key).length > 0);
    const release =
      hosts.find((h) => h.key === attempt.pin) ??
      hosts.find((h) => attempt.blockers.some((b) => b === h.key || b.startsWith(`${h.key}#`))) ??
      hosts[0];
    if (!release) throw new NoRoomError(`the label or power symbol of ${attempt.pin}`);
    released.add(release.key);
  }
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

function drawUnit(
  options: UnitOptions,
  geometry: ReturnType<typeof unitGeometry>,
  spots: readonly Spot[],
  released: ReadonlySet<string>,
  measure: Measure,
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
  for (const s of spots)
    if (s.role.kind === "label" || s.role.kind === "power")
      occ.add({
        kind: "lane",
        owner: s.key,
        box: boxAround([s.offset, step(s.offset, s.outward, RAY)]),
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
  const hosting = spots.filter((s) => stacksOf(s.key).length > 0);
  const plain = spots.filter((s) => !hosting.includes(s));
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
  // Innermost first: the pin furthest along the way its stacks hang leaves the most room.
  const inner = [...hosting].sort((a, b) =>
    a.outward === "up" || a.outward === "down" ? b.offset.x - a.offset.x : b.offset.y - a.offset.y,
  );
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
