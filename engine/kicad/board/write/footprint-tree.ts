import { pushAll } from "../../../array-ops.js";
import { normalizeDegrees, placePoint, unplacePoint } from "../../footprint/placement.js";
import { node, pcbNum, uuidNode } from "../../sexp/build.js";
import {
  atom,
  child,
  formatNumber,
  headOf,
  list,
  numberAt,
  type SList,
  type SNode,
  str,
  textAt,
} from "../../sexp/node.js";
import type { BoardFootprint } from "./board-model.js";
import { boardUuid } from "./board-uuid.js";

/** An angle as KiCad 9 writes pad and text orientations: [0, 360). */
function positiveDegrees(degrees: number): number {
  const a = ((degrees % 360) + 360) % 360;
  return a === 0 ? 0 : Number(formatNumber(a, 6));
}

function angleAtom(degrees: number): SNode {
  return atom(formatNumber(degrees, 6));
}

/** Pad children KiCad writes before the net; the net goes after the last of these. */
const BEFORE_NET = new Set([
  "at",
  "size",
  "rect_delta",
  "drill",
  "property",
  "layers",
  "remove_unused_layers",
  "keep_end_layers",
  "zone_layer_connections",
  "roundrect_rratio",
  "chamfer_ratio",
  "chamfer",
]);

/** Heads dropped from a library footprint when it goes onto a board. */
const LIBRARY_ONLY = new Set(["version", "generator", "generator_version"]);

interface Context {
  readonly fp: BoardFootprint;
  readonly uuid: string;
  readonly netCode: (net: string) => number;
  /** Library uuid → board uuid, for groups inside the footprint. */
  readonly renamed: Map<string, string>;
  counter: number;
}

function itemUuid(ctx: Context, old: string | undefined): SList {
  const id = boardUuid(`${ctx.uuid}/${ctx.counter++}`);
  if (old) ctx.renamed.set(old, id);
  return uuidNode(id);
}

/**
 * `(uuid …)` (or legacy `tstamp`) dropped, a fresh one put right after `(layer …)` — after
 * `(hide yes)` when that follows the layer, as pcbnew writes a hidden property.
 */
function withUuidAfterLayer(item: SList, ctx: Context, edit?: (c: SNode) => SNode): SList {
  const old = textAt(child(item, "uuid") ?? child(item, "tstamp"), 1);
  const items = item.items
    .filter((c) => !(c.kind === "list" && (headOf(c) === "uuid" || headOf(c) === "tstamp")))
    .map((c) => (edit ? edit(c) : c));
  let at = items.findIndex((c) => c.kind === "list" && headOf(c) === "layer");
  if (at >= 0 && headOf(items[at + 1]) === "hide") at++;
  items.splice(at < 0 ? items.length : at + 1, 0, itemUuid(ctx, old));
  return list(items);
}

/** A text's `(at x y angle)`: board files store text angles absolute (footprint + own). */
function rotatedAt(at: SList, rotation: number): SList {
  const own = numberAt(at, 3) ?? 0;
  return list([
    at.items[0] as SNode,
    at.items[1] as SNode,
    at.items[2] as SNode,
    angleAtom(positiveDegrees(own + rotation)),
  ]);
}

function editAt(rotation: number) {
  return (c: SNode): SNode =>
    c.kind === "list" && headOf(c) === "at" ? rotatedAt(c, rotation) : c;
}

function property(name: string, value: string, rotation: number, ctx: Context): SList {
  return node(
    "property",
    str(name),
    str(value),
    node("at", atom("0"), atom("0"), angleAtom(positiveDegrees(rotation))),
    node("layer", str("F.Fab")),
    node("hide", atom("yes")),
    itemUuid(ctx, undefined),
    node(
      "effects",
      node("font", node("size", atom("1.27"), atom("1.27")), node("thickness", atom("0.15"))),
    ),
  );
}

function placedProperty(item: SList, ctx: Context): SList {
  const { fp } = ctx;
  const name = textAt(item, 1) ?? "";
  const text =
    name === "Reference"
      ? fp.reference
      : name === "Value"
        ? fp.value
        : name === "Datasheet"
          ? (fp.datasheet ?? textAt(item, 2) ?? "")
          : name === "Description"
            ? (fp.description ?? textAt(item, 2) ?? "")
            : (textAt(item, 2) ?? "");
  let items: SNode[] = [
    item.items[0] as SNode,
    item.items[1] as SNode,
    str(text),
    ...item.items.slice(3),
  ];
  const ref = name === "Reference" ? fp.referenceText : undefined;
  if (ref) {
    const local = unplacePoint({ at: fp.at, rotation: fp.rotation }, ref.at);
    items = items
      .filter((c) => !(c.kind === "list" && headOf(c) === "hide"))
      .map((c) => {
        if (c.kind !== "list") return c;
        if (headOf(c) === "at")
          return node(
            "at",
            pcbNum(local.x),
            pcbNum(local.y),
            angleAtom(positiveDegrees(ref.angle)),
          );
        if (headOf(c) === "effects") return referenceEffects(c, ref.size, ref.thickness);
        return c;
      });
    if (!ref.visible) {
      const layerAt = items.findIndex((c) => c.kind === "list" && headOf(c) === "layer");
      items.splice(layerAt + 1, 0, node("hide", atom("yes")));
    }
    return withUuidAfterLayer(list(items), ctx);
  }
  return withUuidAfterLayer(list(items), ctx, editAt(fp.rotation));
}

/** The reference's font at our size, justification and the rest of the effects kept. */
function referenceEffects(effects: SList, size: number, thickness: number): SList {
  return list(
    effects.items.map((c) => {
      if (c.kind !== "list" || headOf(c) !== "font") return c;
      return list(
        c.items.map((f) => {
          if (f.kind !== "list") return f;
          if (headOf(f) === "size") return node("size", pcbNum(size), pcbNum(size));
          if (headOf(f) === "thickness") return node("thickness", pcbNum(thickness));
          return f;
        }),
      );
    }),
  );
}

function placedPad(item: SList, ctx: Context): SList {
  const number = textAt(item, 1) ?? "";
  const connection = ctx.fp.pads.get(number);
  const items: SNode[] = [];
  let netAt = -1;
  for (const c of item.items) {
    if (c.kind === "list") {
      const head = headOf(c);
      if (
        head === "uuid" ||
        head === "tstamp" ||
        head === "net" ||
        head === "pinfunction" ||
        head === "pintype"
      )
        continue;
      if (head === "at") {
        const angle = positiveDegrees((numberAt(c, 3) ?? 0) + ctx.fp.rotation);
        items.push(
          list([
            c.items[0] as SNode,
            c.items[1] as SNode,
            c.items[2] as SNode,
            ...(angle === 0 ? [] : [angleAtom(angle)]),
          ]),
        );
        netAt = items.length;
        continue;
      }
      items.push(c);
      if (head && BEFORE_NET.has(head)) netAt = items.length;
      continue;
    }
    items.push(c);
  }
  const tail: SNode[] = [];
  if (connection) {
    tail.push(node("net", atom(String(ctx.netCode(connection.net))), str(connection.net)));
    if (connection.pinFunction) tail.push(node("pinfunction", str(connection.pinFunction)));
    if (connection.pinType) tail.push(node("pintype", str(connection.pinType)));
  }
  const at = netAt < 0 ? items.length : netAt;
  const placed = [...items.slice(0, at), ...tail, ...items.slice(at)];
  placed.push(itemUuid(ctx, textAt(child(item, "uuid") ?? child(item, "tstamp"), 1)));
  return list(placed);
}

/** Footprint zones (keep-outs drawn in the library) are stored in board coordinates on a board. */
function placedZone(item: SList, ctx: Context): SList {
  const placement = { at: ctx.fp.at, rotation: ctx.fp.rotation };
  const move = (n: SNode): SNode => {
    if (n.kind !== "list") return n;
    if (headOf(n) === "xy") {
      const p = placePoint(placement, { x: numberAt(n, 1) ?? 0, y: numberAt(n, 2) ?? 0 });
      return node("xy", pcbNum(p.x), pcbNum(p.y));
    }
    if (headOf(n) === "uuid" || headOf(n) === "tstamp") return n;
    return list(n.items.map(move));
  };
  const moved = list(item.items.map(move));
  return replaceUuid(moved, ctx);
}

function replaceUuid(item: SList, ctx: Context): SList {
  const old = textAt(child(item, "uuid") ?? child(item, "tstamp"), 1);
  const at = item.items.findIndex(
    (c) => c.kind === "list" && (headOf(c) === "uuid" || headOf(c) === "tstamp"),
  );
  const items = [...item.items];
  if (at >= 0) items[at] = itemUuid(ctx, old);
  else items.push(itemUuid(ctx, old));
  return list(items);
}

function placedGroup(item: SList, ctx: Context): SList {
  return list(
    item.items.map((c) => {
      if (c.kind !== "list") return c;
      if (headOf(c) === "uuid") return itemUuid(ctx, undefined);
      if (headOf(c) !== "members") return c;
      return list(
        c.items.map((m) =>
          m.kind === "atom" && m.quoted ? str(ctx.renamed.get(m.text) ?? m.text) : m,
        ),
      );
    }),
  );
}

/**
 * A library footprint as it sits on a board: named `Library:Name`, placed and turned, every
 * item with a uuid derived from the footprint's, text and pad angles made absolute, pads carrying
 * their nets, the symbol link (path, sheet) and the Datasheet/Description fields pcbnew adds.
 * Everything else is the library's own text, so DRC's library comparison finds no difference.
 */
export function footprintTree(fp: BoardFootprint, netCode: (net: string) => number): SList {
  const uuid = footprintUuid(fp);
  const ctx: Context = { fp, uuid, netCode, renamed: new Map(), counter: 0 };
  const head: SNode[] = [atom("footprint"), str(fp.libId)];
  const body: SNode[] = [];
  const rotation = normalizeDegrees(fp.rotation);
  const properties = new Set<string>();
  let linked = false;
  const link = (): SNode[] => {
    linked = true;
    const out: SNode[] = [];
    for (const [name, value] of [
      ["Datasheet", fp.datasheet ?? ""],
      ["Description", fp.description ?? ""],
    ] as const)
      if (!properties.has(name)) out.push(property(name, value, fp.rotation, ctx));
    if (fp.path !== undefined) out.push(node("path", str(fp.path)));
    if (fp.sheetName !== undefined) out.push(node("sheetname", str(fp.sheetName)));
    if (fp.sheetFile !== undefined) out.push(node("sheetfile", str(fp.sheetFile)));
    // A library footprint without (attr …) still needs one when the schematic sets a flag.
    if (!child(fp.library, "attr")) {
      const attr = withAttributes(node("attr"), fp);
      if (attr.items.length > 1) out.push(attr);
    }
    return out;
  };
  const groups: SList[] = [];
  for (const item of fp.library.items.slice(2)) {
    if (item.kind !== "list") {
      body.push(item);
      continue;
    }
    const h = headOf(item) ?? "";
    if (LIBRARY_ONLY.has(h)) continue;
    if (h !== "property" && properties.size > 0 && !linked) pushAll(body, link());
    if (h === "layer") {
      body.push(
        item,
        uuidNode(uuid),
        rotation === 0
          ? node("at", pcbNum(fp.at.x), pcbNum(fp.at.y))
          : node("at", pcbNum(fp.at.x), pcbNum(fp.at.y), angleAtom(rotation)),
      );
    } else if (
      h === "uuid" ||
      h === "tstamp" ||
      h === "at" ||
      h === "path" ||
      h === "sheetname" ||
      h === "sheetfile"
    ) {
      // Replaced by the board's own.
    } else if (h === "property") {
      properties.add(textAt(item, 1) ?? "");
      body.push(placedProperty(item, ctx));
    } else if (h === "attr") {
      body.push(withAttributes(item, fp));
    } else if (h === "pad") {
      body.push(placedPad(item, ctx));
    } else if (h === "zone") {
      body.push(placedZone(item, ctx));
    } else if (h === "group") {
      groups.push(item);
    } else if (h === "fp_text") {
      body.push(withUuidAfterLayer(item, ctx, editAt(fp.rotation)));
    } else if (h.startsWith("fp_")) {
      body.push(withUuidAfterLayer(item, ctx));
    } else {
      body.push(item);
    }
  }
  if (!linked) pushAll(body, link());
  // Groups name their members by uuid, so they come last, after every member has its new one.
  const placedGroups = groups.map((g) => placedGroup(g, ctx));
  const at = body.findIndex((c) => c.kind === "list" && headOf(c) === "embedded_fonts");
  const end = at < 0 ? body.length : at;
  return list([...head, ...body.slice(0, end), ...placedGroups, ...body.slice(end)]);
}

/** KiCad's attribute flags, in the order its writer prints them. */
const ATTR_ORDER = [
  "smd",
  "through_hole",
  "board_only",
  "exclude_from_pos_files",
  "exclude_from_bom",
  "allow_missing_courtyard",
  "dnp",
  "allow_soldermask_bridges",
];

/**
 * `(attr …)` with the flags the schematic owns set as "Update PCB from schematic" sets them
 * (exclude_from_bom from the symbol's in_bom, dnp), and board_only for parts without a symbol.
 */
function withAttributes(attr: SList, fp: BoardFootprint): SList {
  const flags = new Set(attr.items.slice(1).flatMap((a) => (a.kind === "atom" ? [a.text] : [])));
  const set = (name: string, on: boolean | undefined) => {
    if (on === undefined) return;
    if (on) flags.add(name);
    else flags.delete(name);
  };
  set("exclude_from_bom", fp.excludeFromBom);
  set("dnp", fp.dnp);
  if (fp.boardOnly) flags.add("board_only");
  const known = ATTR_ORDER.filter((f) => flags.has(f));
  const other = [...flags].filter((f) => !ATTR_ORDER.includes(f));
  return list([atom("attr"), ...[...known, ...other].map((f) => atom(f))]);
}

/** A footprint's uuid: from its reference, so it survives a re-placement. */
export function footprintUuid(fp: BoardFootprint): string {
  return boardUuid(`footprint/${fp.reference}`);
}
