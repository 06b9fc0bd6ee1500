import { ISO_PAPERS } from "../geometry/paper.js";
import { unitLetters } from "../schematic/netlist/pin-net-name.js";
import type { Box, Point } from "../symbol/geometry.js";
import { propertyValue } from "../symbol/property.js";
import type { Drawing, DrawnField, DrawnSymbol, DrawnText } from "./drawing.js";
import { snap } from "./drawing.js";
import { localWires, signalFlowOrder } from "./local-wiring.js";
import { type Attachment, attachPin, type PinRole, textWidth } from "./pin-attachments.js";
import { hiddenField, PowerSymbols } from "./power-symbols.js";
import type { RailSymbols } from "./rail-symbols.js";
import type { ResolvedIntent } from "./resolved-intent.js";
import type { Obstacle } from "./route-local-nets.js";
import { unitGeometry, unitsOf } from "./unit-geometry.js";

const CELL_GAP = 5.08;
const GROUP_PAD = 5.08;
const CAPTION_BAND = 7.62;
const GROUP_GAP = 7.62;
const MAX_GROUP_WIDTH = 160;
const MARGIN = 20.32;
const TITLE_BLOCK_HEIGHT = 40;

/**
 * The drawn groups on their paper, or the groups' size when no allowed paper holds them: the
 * largest paper (A0), or the paper pinned by `hints.paper` (then `smallestFitting` names the
 * paper that would hold them, if any).
 */
export type SheetPlacement =
  | { fits: true; drawing: Drawing }
  | {
      fits: false;
      content: { width: number; height: number };
      usable: { width: number; height: number };
      paper: string;
      pinned: boolean;
      smallestFitting?: string;
    };

/** Where groups may go on a paper: inside the margins and above the title block. */
export function usableArea(paper: { width: number; height: number }): {
  width: number;
  height: number;
} {
  return { width: paper.width - 2 * MARGIN, height: paper.height - MARGIN - TITLE_BLOCK_HEIGHT };
}

/** A unit (or a PWR_FLAG cluster) drawn around its own origin, before the cell is moved into place. */
interface Cell {
  box: Box;
  /** Pins drawn with a wire instead of a label are listed in `wired`. */
  place(origin: Point, wired: ReadonlySet<string>): Partial<Drawing>;
  /** Relative to the cell origin: what a local wire must avoid, and where each pin's stub ends. */
  obstacles: Obstacle[];
  stubEnds: Map<string, Point>;
}

interface GroupBlock {
  name: string;
  width: number;
  height: number;
  place(origin: Point): Partial<Drawing>;
}

function boxAround(points: Point[]): Box {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return {
    minX: Math.min(...xs),
    minY: Math.min(...ys),
    maxX: Math.max(...xs),
    maxY: Math.max(...ys),
  };
}

const shift = (p: Point, o: Point): Point => ({
  x: snap(p.x + o.x, 0.0001),
  y: snap(p.y + o.y, 0.0001),
});

function merge(into: Drawing, part: Partial<Drawing>): void {
  into.symbols.push(...(part.symbols ?? []));
  into.wires.push(...(part.wires ?? []));
  into.junctions.push(...(part.junctions ?? []));
  into.labels.push(...(part.labels ?? []));
  into.noConnects.push(...(part.noConnects ?? []));
  into.rects.push(...(part.rects ?? []));
  into.texts.push(...(part.texts ?? []));
}

/** Lays the resolved intent out: groups as captioned boxes in reading order, each a grid of unit cells. */
export class SheetLayout {
  private readonly power: PowerSymbols;
  readonly roles = new Map<string, PinRole>();
  readonly flagNets: string[] = [];

  constructor(
    private readonly resolved: ResolvedIntent,
    private readonly rails: RailSymbols,
    flagNets: readonly string[],
  ) {
    this.power = new PowerSymbols(rails);
    for (const n of resolved.nets) {
      for (const e of n.endpoints) {
        const key = `${e.ref}.${e.pin.number}`;
        this.roles.set(
          key,
          n.class.class === "signal"
            ? { kind: "label", net: n.net.name }
            : { kind: "power", net: n.net.name, ground: n.class.class === "ground" },
        );
      }
    }
    for (const e of resolved.noConnect)
      this.roles.set(`${e.ref}.${e.pin.number}`, { kind: "no-connect" });
    this.flagNets = [...flagNets];
  }

  /** Pins neither in a net nor declared no-connect: they get markers too, and the report lists them. */
  readonly openPins: string[] = [];

  /**
   * The drawing on the smallest paper that holds it (or `hints.paper`). When not even A0 holds
   * the groups, returns their size instead: an overflowing sheet is never drawn.
   */
  draw(): SheetPlacement {
    const blocks = this.resolved.groups.map((g) => this.groupBlock(g));
    const paperHint = this.resolved.intent.hints?.paper;
    let content = { width: 0, height: 0 };
    let smallestFitting: string | undefined;
    for (const paper of ISO_PAPERS) {
      const usable = usableArea(paper);
      const origins = tile(blocks, usable.width);
      const height = Math.max(0, ...blocks.map((b, i) => (origins[i]?.y ?? 0) + b.height));
      const width = Math.max(0, ...blocks.map((b, i) => (origins[i]?.x ?? 0) + b.width));
      const fits = height <= usable.height && width <= usable.width;
      if (fits) smallestFitting ??= paper.name;
      if (paperHint && paper.name !== paperHint) continue;
      content = { width, height };
      if (!fits) continue;
      const drawing: Drawing = {
        paper: paper.name,
        symbols: [],
        wires: [],
        junctions: [],
        labels: [],
        noConnects: [],
        rects: [],
        texts: [],
      };
      blocks.forEach((b, i) => {
        const o = origins[i] as Point;
        merge(drawing, b.place({ x: snap(o.x + MARGIN, 2.54), y: snap(o.y + MARGIN, 2.54) }));
      });
      return { fits: true, drawing };
    }
    // A pinned paper that is too small is refused like A0 is: an overflowing sheet is never drawn.
    const refused = ISO_PAPERS.find((p) => p.name === (paperHint ?? "A0"));
    if (!refused) throw new Error(`unreachable: ${paperHint ?? "A0"} is a standard paper`);
    return {
      fits: false,
      content,
      usable: usableArea(refused),
      paper: refused.name,
      pinned: paperHint !== undefined,
      ...(smallestFitting ? { smallestFitting } : {}),
    };
  }

  private groupBlock(group: string): GroupBlock {
    const cells: Cell[] = [];
    const members = signalFlowOrder(
      this.resolved,
      [...this.resolved.parts.values()].filter((p) => p.part.group === group),
    );
    for (const member of members) {
      for (const unit of unitsOf(member.symbol.symbol))
        cells.push(this.unitCell(member.part.ref, unit));
    }
    for (const net of this.flagNets) {
      const first = this.resolved.nets.find((n) => n.net.name === net)?.endpoints[0];
      if (first && this.resolved.parts.get(first.ref)?.part.group === group)
        cells.push(this.flagCell(net));
    }
    const notes = (this.resolved.intent.notes ?? []).filter(
      (n) => n.group?.toLowerCase() === group.toLowerCase(),
    );
    // Rows of cells, left to right, wrapping at the group's maximum width.
    const placed: { cell: Cell; at: Point }[] = [];
    let x = 0;
    let y = 0;
    let rowHeight = 0;
    let width = 0;
    for (const cell of cells) {
      const w = cell.box.maxX - cell.box.minX;
      const h = cell.box.maxY - cell.box.minY;
      if (x > 0 && x + w > MAX_GROUP_WIDTH) {
        x = 0;
        y += rowHeight + CELL_GAP;
        rowHeight = 0;
      }
      placed.push({
        cell,
        at: { x: snap(x - cell.box.minX, 2.54), y: snap(y - cell.box.minY, 2.54) },
      });
      x += w + CELL_GAP;
      width = Math.max(width, x - CELL_GAP);
      rowHeight = Math.max(rowHeight, h);
    }
    const { wired, routes } = localWires(this.resolved, group, placed);
    let contentHeight = y + rowHeight;
    const noteLines = notes.map((n) => n.text.split("\n"));
    const noteTop = contentHeight + CELL_GAP;
    for (const lines of noteLines) {
      contentHeight += CELL_GAP + lines.length * 2.54;
      width = Math.max(width, ...lines.map((l) => textWidth(l)));
    }
    width = Math.max(width, textWidth(group) * 1.6);
    const boxWidth = snap(width + 2 * GROUP_PAD + 2.54, 2.54);
    const boxHeight = snap(contentHeight + 2 * GROUP_PAD + CAPTION_BAND + 2.54, 2.54);
    return {
      name: group,
      width: boxWidth,
      height: boxHeight,
      place: (origin) => {
        const out: Drawing = {
          paper: "",
          symbols: [],
          wires: [],
          junctions: [],
          labels: [],
          noConnects: [],
          rects: [],
          texts: [],
        };
        const inner = { x: origin.x + GROUP_PAD, y: origin.y + GROUP_PAD + CAPTION_BAND };
        for (const route of routes) {
          for (let i = 0; i + 1 < route.points.length; i++) {
            const a = shift(route.points[i] as Point, inner);
            const b = shift(route.points[i + 1] as Point, inner);
            out.wires.push({ net: route.net, a, b });
          }
          out.labels.push({ text: route.net, at: shift(route.label, inner), angle: 0 });
        }
        for (const { cell, at } of placed)
          merge(
            out,
            cell.place({ x: snap(inner.x + at.x, 2.54), y: snap(inner.y + at.y, 2.54) }, wired),
          );
        out.rects.push({
          name: group,
          start: origin,
          end: { x: origin.x + boxWidth, y: origin.y + boxHeight },
        });
        out.texts.push({
          key: `caption/${group}`,
          text: group,
          at: { x: origin.x + 2.54, y: origin.y + 5.08 },
          size: 2.032,
        });
        let noteY = inner.y + noteTop;
        notes.forEach((note, i) => {
          const lines = noteLines[i] ?? [];
          out.texts.push({
            key: `note/${group}/${i}`,
            text: note.text,
            at: { x: inner.x, y: snap(noteY + 2.54, 1.27) },
            size: 1.27,
          });
          noteY += CELL_GAP + lines.length * 2.54;
        });
        return out;
      },
    };
  }

  private unitCell(ref: string, unit: number): Cell {
    const resolved = this.resolved.parts.get(ref);
    if (!resolved) throw new Error(`unreachable: unresolved part ${ref}`);
    const { part, symbol } = resolved;
    const geometry = unitGeometry(symbol.symbol, unit);
    const multi = symbol.symbol.unitCount > 1;
    const shownRef = multi ? `${ref}${unitLetters(unit)}` : ref;
    const attachments: Attachment[] = [];
    const pinKeys: string[] = [];
    const sides = new Set(geometry.pins.map((p) => p.outward));
    for (const { pin, offset, outward } of geometry.pins) {
      const key = `${ref}.${pin.number}`;
      let role = this.roles.get(key);
      if (!role) {
        role = { kind: "no-connect" };
        if (!this.openPins.includes(key)) this.openPins.push(key);
      }
      attachments.push(attachPin(offset, outward, role, this.rails, `power/${key}`));
      pinKeys.push(key);
    }
    const body = geometry.body;
    // Reference and value go on a side without pins, so they never sit on a wire or label.
    const fieldSide = !sides.has("up")
      ? "up"
      : !sides.has("right")
        ? "right"
        : !sides.has("down")
          ? "down"
          : "left";
    const refW = textWidth(shownRef);
    const valW = textWidth(part.value);
    const cx = snap((body.minX + body.maxX) / 2, 1.27);
    const cy = snap((body.minY + body.maxY) / 2, 1.27);
    const fieldAt: Record<string, [Point, Point, "left" | "right" | undefined]> = {
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
    const [refAt, valAt, justify] = fieldAt[fieldSide] as [
      Point,
      Point,
      "left" | "right" | undefined,
    ];
    const fieldPoints = [refAt, valAt].flatMap((p, i) => {
      const w = i === 0 ? refW : valW;
      const left = justify === "left" ? p.x : justify === "right" ? p.x - w : p.x - w / 2;
      return [
        { x: left, y: p.y - 1.27 },
        { x: left + w, y: p.y + 1.27 },
      ];
    });
    const points = [
      { x: body.minX, y: body.minY },
      { x: body.maxX, y: body.maxY },
      ...attachments.flatMap((a) => a.extent),
      ...fieldPoints,
    ];
    const box = boxAround(points);
    const description = propertyValue(symbol.symbol.properties, "Description") ?? "";
    const obstacles: Obstacle[] = [
      { box: body },
      { box: boxAround(fieldPoints.slice(0, 2)) },
      { box: boxAround(fieldPoints.slice(2, 4)) },
      ...attachments.map((a, i) => ({ pin: pinKeys[i], box: boxAround(a.extent) })),
    ];
    const stubEnds = new Map<string, Point>();
    attachments.forEach((a, i) => {
      const end = a.wires[0]?.b;
      if (end && a.labels.length > 0) stubEnds.set(pinKeys[i] as string, end);
    });
    return {
      obstacles,
      stubEnds,
      box: {
        minX: box.minX - 1.27,
        minY: box.minY - 1.27,
        maxX: box.maxX + 1.27,
        maxY: box.maxY + 1.27,
      },
      place: (origin, wired) => {
        const out: Partial<Drawing> = { symbols: [], wires: [], labels: [], noConnects: [] };
        const fields: DrawnField[] = [
          { name: "Reference", value: ref, at: shift(refAt, origin), hidden: false, justify },
          { name: "Value", value: part.value, at: shift(valAt, origin), hidden: false, justify },
          hiddenField("Footprint", part.footprint ?? "", origin),
          hiddenField(
            "Datasheet",
            propertyValue(symbol.symbol.properties, "Datasheet") || "~",
            origin,
          ),
          hiddenField("Description", description, origin),
        ];
        out.symbols?.push({
          key: `part/${ref}/${unit}`,
          libId: symbol.libId,
          ref,
          unit,
          at: origin,
          rotation: 0,
          inBom: symbol.symbol.inBom,
          onBoard: symbol.symbol.onBoard,
          fields,
          pinNumbers: geometry.pins.map((p) => p.pin.number),
        });
        attachments.forEach((a, i) => {
          const drawn = wired.has(pinKeys[i] as string) ? { ...a, labels: [] } : a;
          this.emitAttachment(drawn, origin, out);
        });
        return out;
      },
    };
  }

  /** A rail symbol and a PWR_FLAG joined by a short wire: declares the net driven (ERC). */
  private flagCell(net: string): Cell {
    const n = this.resolved.nets.find((x) => x.net.name === net);
    const ground = n?.class.class === "ground";
    const w = textWidth(net);
    const half = Math.max(w, 8) / 2 + 1.27;
    return {
      obstacles: [{ box: { minX: -half, minY: -10.16, maxX: half, maxY: 15.24 } }],
      stubEnds: new Map(),
      box: {
        minX: -Math.max(w, 8) / 2 - 1.27,
        minY: -10.16,
        maxX: Math.max(w, 8) / 2 + 1.27,
        maxY: 15.24,
      },
      place: (origin) => this.power.flagDrawing(net, ground, origin),
    };
  }

  private powerSymbol(
    key: string,
    libId: string,
    net: string,
    at: Point,
    rotation: 0 | 90 | 180 | 270,
    valueAt: Point,
  ): DrawnSymbol {
    return this.power.symbol(key, libId, net, at, rotation, valueAt);
  }

  private emitAttachment(a: Attachment, origin: Point, out: Partial<Drawing>): void {
    for (const wire of a.wires)
      out.wires?.push({ net: wire.net, a: shift(wire.a, origin), b: shift(wire.b, origin) });
    for (const label of a.labels) out.labels?.push({ ...label, at: shift(label.at, origin) });
    for (const p of a.noConnects) out.noConnects?.push(shift(p, origin));
    a.symbols.forEach((s, i) => {
      const value = a.powerValues[i];
      if (!value) return;
      const drawn = this.powerSymbol(
        s.key,
        s.libId,
        value.value,
        shift(s.at, origin),
        s.rotation,
        shift(value.valueAt, origin),
      );
      out.symbols?.push(drawn);
    });
  }
}

/** Reading order: left to right, wrapping into rows; each row as tall as its tallest group. */
function tile(blocks: GroupBlock[], width: number): Point[] {
  const origins: Point[] = [];
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const b of blocks) {
    if (x > 0 && x + b.width > width) {
      x = 0;
      y += rowHeight + GROUP_GAP;
      rowHeight = 0;
    }
    origins.push({ x, y });
    x += b.width + GROUP_GAP;
    rowHeight = Math.max(rowHeight, b.height);
  }
  return origins;
}

export type { DrawnText };
