import { unitLetters } from "../../schematic/netlist/pin-net-name.js";
import type { Box, Point } from "../../symbol/geometry.js";
import type { Direction } from "../drawing.js";
import { snap, step } from "../drawing.js";
import { attachPin, type PinRole, textWidth } from "../pin-attachments.js";
import type { RailSymbols } from "../rail-symbols.js";
import type { ResolvedIntent } from "../resolved-intent.js";
import { unitGeometry } from "../unit-geometry.js";
import { addItems, boxAround, type CellItems, emptyItems, unionBox } from "./cell-items.js";
import { hangStacks, type Occupied } from "./hang-stacks.js";
import type { Obstacle } from "./obstacle.js";
import { partSymbol } from "./part-symbol.js";
import type { SatelliteStack } from "./satellite-plan.js";
import { stackDrawing } from "./satellite-stack.js";
import type { StubEnd } from "./stub-end.js";

/** A unit with everything hung from its pins, before it is moved into place. */
export interface UnitDrawing {
  items: CellItems;
  box: Box;
  obstacles: Obstacle[];
  stubEnds: Map<string, StubEnd>;
}

type Justify = "left" | "right" | undefined;

const RAY = 1000;

/** Reference and value on a side without pins, so they never sit on a wire or label. */
function hostFields(
  body: Box,
  sides: ReadonlySet<Direction>,
  ref: string,
  value: string,
): { refAt: Point; valueAt: Point; justify: Justify; boxes: [Box, Box] } {
  const side = !sides.has("up")
    ? "up"
    : !sides.has("right")
      ? "right"
      : !sides.has("down")
        ? "down"
        : "left";
  const cx = snap((body.minX + body.maxX) / 2, 1.27);
  const cy = snap((body.minY + body.maxY) / 2, 1.27);
  const at: Record<Direction, [Point, Point, Justify]> = {
    up: [
      { x: cx, y: snap(body.minY - 3.81, 1.27) },
      { x: cx, y: snap(body.minY - 1.27, 1.27) },
      undefined,
    ],
    down: [
      { x: cx, y: snap(body.maxY + 2.54, 1.27) },
      { x: cx, y: snap(body.maxY + 5.08, 1.27) },
      undefined,
    ],
    right: [
      { x: snap(body.maxX + 1.27, 1.27), y: cy - 1.27 },
      { x: snap(body.maxX + 1.27, 1.27), y: cy + 1.27 },
      "left",
    ],
    left: [
      { x: snap(body.minX - 1.27, 1.27), y: cy - 1.27 },
      { x: snap(body.minX - 1.27, 1.27), y: cy + 1.27 },
      "right",
    ],
  };
  const [refAt, valueAt, justify] = at[side];
  const boxes = [refAt, valueAt].map((p, i) => {
    const w = textWidth(i === 0 ? ref : value);
    const left = justify === "left" ? p.x : justify === "right" ? p.x - w : p.x - w / 2;
    return boxAround([
      { x: left, y: p.y - 1.27 },
      { x: left + w, y: p.y + 1.27 },
    ]);
  }) as [Box, Box];
  return { refAt, valueAt, justify, boxes };
}

/** Nothing on the pin's net in its group but the pin and the parts hung right on its line. */
function aloneOnLine(
  resolved: ResolvedIntent,
  key: string,
  stacks: readonly SatelliteStack[],
): boolean {
  const net = resolved.nets.find((n) =>
    n.endpoints.some((e) => `${e.ref}.${e.pin.number}` === key),
  );
  if (net?.class.class !== "signal") return false;
  const group = resolved.parts.get(key.slice(0, key.lastIndexOf(".")))?.part.group;
  const onLine = new Set([key, ...stacks.map((s) => `${s.parts[0]?.ref}.${s.parts[0]?.near}`)]);
  return net.endpoints.every(
    (e) =>
      onLine.has(`${e.ref}.${e.pin.number}`) || resolved.parts.get(e.ref)?.part.group !== group,
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

/**
 * One unit drawn upright at the origin: fields on a free side, each pin's stub with its label,
 * power symbol or no-connect, and the two-pin parts planned to hang from its pins placed along
 * each pin's line, nearest first, clear of everything else.
 */
export function unitDrawing(options: {
  resolved: ResolvedIntent;
  ref: string;
  unit: number;
  roleOf: (pin: string) => PinRole;
  rails: RailSymbols;
  stacksOf: (pin: string) => readonly SatelliteStack[];
}): UnitDrawing {
  const { resolved, ref, unit, roleOf, rails } = options;
  const part = resolved.parts.get(ref);
  if (!part) throw new Error(`unreachable: unresolved part ${ref}`);
  const geometry = unitGeometry(part.symbol.symbol, unit);
  const shownRef = part.symbol.symbol.unitCount > 1 ? `${ref}${unitLetters(unit)}` : ref;
  const sides = new Set(geometry.pins.map((p) => p.outward));
  const fields = hostFields(geometry.body, sides, shownRef, part.part.value);
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
  const obstacles: Obstacle[] = [
    { box: geometry.body },
    { box: fields.boxes[0] },
    { box: fields.boxes[1] },
  ];
  const occupied: Occupied[] = obstacles.map((o, i) => ({ box: o.box, body: i === 0 }));
  const stubEnds = new Map<string, StubEnd>();
  const hosting = geometry.pins.filter((p) => options.stacksOf(`${ref}.${p.pin.number}`).length);
  const drawnAt = new Map<string, string>();
  for (const { pin, offset, outward } of geometry.pins) {
    const key = `${ref}.${pin.number}`;
    // Stacked pins (USB-C's A9/B9) on one net already touch at the pin: one stub draws them both.
    const role = roleOf(key);
    const spot = `${offset.x},${offset.y}`;
    const net = role.kind === "no-connect" ? undefined : role.net;
    if (net !== undefined && drawnAt.get(spot) === net) continue;
    if (net !== undefined && !drawnAt.has(spot)) drawnAt.set(spot, net);
    if (hosting.some((h) => h.pin.number === pin.number)) {
      // Its whole line out stays free until its own stacks are hung (then it ends where they end).
      occupied.push({ box: boxAround([offset, step(offset, outward, RAY)]), owner: `ray/${key}` });
      continue;
    }
    const attachment = attachPin(offset, outward, role, rails, `power/${key}`);
    items.attachments.push({ pin: key, attachment });
    const extent = boxAround(attachment.extent);
    obstacles.push({ pin: key, box: extent });
    occupied.push({ box: extent, owner: key });
    const stub = attachment.wires[0];
    if (stub && attachment.labels.length > 0) stubEnds.set(key, { at: stub.b, from: stub.a });
  }
  const endsOn = (stack: SatelliteStack) => {
    const last = stack.parts[stack.parts.length - 1];
    const role = last ? roleOf(`${last.ref}.${last.far}`) : undefined;
    if (role?.kind !== "power") return undefined;
    return role.ground ? ("ground" as const) : ("rail" as const);
  };
  // Innermost first: the pin furthest along the way its stacks hang leaves the most room.
  const order = [...hosting].sort((a, b) =>
    a.outward === "up" || a.outward === "down" ? b.offset.x - a.offset.x : b.offset.y - a.offset.y,
  );
  for (const { pin, offset, outward } of order) {
    const key = `${ref}.${pin.number}`;
    const ray = occupied.findIndex((o) => o.owner === `ray/${key}`);
    if (ray >= 0) occupied.splice(ray, 1);
    const hung = hangStacks({
      pinKey: key,
      pin: offset,
      outward,
      stacks: options.stacksOf(key),
      role: roleOf(key),
      rails,
      sides: sidesFor(outward, endsOn),
      labelOnRun: aloneOnLine(resolved, key, options.stacksOf(key)),
      // A stack ending on power hangs the wrong way (its symbol turned sideways) only to save a
      // long way round: forced to its side, one capacitor went 130 mm out and cost a paper size.
      detour: (stack) => (endsOn(stack) ? POWER_DETOUR : SIDE_DETOUR),
      draw: (stack, hang) => stackDrawing(stack, hang, resolved.parts, roleOf, rails),
      occupied,
    });
    addItems(items, hung.items);
    obstacles.push(...hung.obstacles);
    for (const [k, p] of hung.stubEnds) stubEnds.set(k, p);
  }
  return { items, box: unionBox(occupied.map((o) => o.box)), obstacles, stubEnds };
}
