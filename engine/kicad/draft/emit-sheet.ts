import { ENGINE_GENERATOR } from "../schematic/engine-stamp.js";
import { at, node, schNum, uuidNode, xy, yesNo } from "../sexp/build.js";
import { atom, type SList, str } from "../sexp/node.js";
import { orderSheetItems } from "../sexp/sheet-order.js";
import type { Drawing, DrawnField, DrawnSymbol } from "./drawing.js";
import { uuidV5 } from "./uuid-v5.js";

export interface SheetHeader {
  /** The project name KiCad writes into each symbol's instances (the sheet's basename). */
  project: string;
  title: string;
  date: string;
  /** Title-block revision; default "A". */
  rev?: string;
  company?: string;
  /** Title block comment lines (the intent's sheet-wide notes), at most nine. */
  comments?: readonly string[];
  /** `(lib_symbols …)` content: embedded copies named by their full lib_id. */
  libSymbols: SList[];
  /** Source lib_id → the id placed symbols carry. */
  libIdOf: (libId: string) => string;
}

export const KICAD_SCH_VERSION = "20250114";

/** `(title_block …)` as KiCad 9 writes it; rev "A" unless given. */
export function titleBlockNode(fields: {
  title: string;
  date: string;
  rev?: string;
  company?: string;
  comments?: readonly string[];
}): SList {
  return node(
    "title_block",
    node("title", str(fields.title)),
    node("date", str(fields.date)),
    node("rev", str(fields.rev ?? "A")),
    fields.company !== undefined && node("company", str(fields.company)),
    (fields.comments ?? []).map((text, i) => node("comment", atom(String(i + 1)), str(text))),
  );
}

function font(size: number): SList {
  return node("font", node("size", schNum(size), schNum(size)));
}

function effects(size: number, options: { hidden?: boolean; justify?: string[] } = {}): SList {
  return node(
    "effects",
    font(size),
    options.justify &&
      node(
        "justify",
        options.justify.map((j) => atom(j)),
      ),
    options.hidden && node("hide", atom("yes")),
  );
}

function stroke(): SList {
  return node("stroke", node("width", atom("0")), node("type", atom("default")));
}

function property(field: DrawnField): SList {
  return node(
    "property",
    str(field.name),
    str(field.value),
    at(field.at.x, field.at.y, field.angle ?? 0),
    effects(1.27, { hidden: field.hidden, justify: field.justify ? [field.justify] : undefined }),
  );
}

function symbolNode(s: DrawnSymbol, header: SheetHeader, rootUuid: string, ns: string): SList {
  const id = uuidV5(`symbol/${s.key}`, ns);
  return node(
    "symbol",
    node("lib_id", str(header.libIdOf(s.libId))),
    at(s.at.x, s.at.y, s.rotation),
    node("unit", atom(String(s.unit))),
    yesNo("exclude_from_sim", false),
    yesNo("in_bom", s.inBom),
    yesNo("on_board", s.onBoard),
    yesNo("dnp", false),
    uuidNode(id),
    s.fields.map(property),
    s.pinNumbers.map((n) => node("pin", str(n), uuidNode(uuidV5(`symbol/${s.key}/pin/${n}`, ns)))),
    node(
      "instances",
      node(
        "project",
        str(header.project),
        node(
          "path",
          str(`/${rootUuid}`),
          node("reference", str(s.ref)),
          node("unit", atom(String(s.unit))),
        ),
      ),
    ),
  );
}

const key = (p: { x: number; y: number }) => `${p.x},${p.y}`;

/**
 * The sheet tree for a drawing: UUIDv5 from each item's stable name (the same intent always
 * gives the same bytes), items in KiCad 9's save order, stamped with copperhead's generator.
 */
export function emitSheet(drawing: Drawing, header: SheetHeader): SList {
  const ns = uuidV5(`project/${header.project}`);
  const rootUuid = uuidV5("sheet/root", ns);
  const wireIndex = new Map<string, number>();
  const root = node(
    "kicad_sch",
    node("version", atom(KICAD_SCH_VERSION)),
    node("generator", str(ENGINE_GENERATOR)),
    node("generator_version", str("9.0")),
    uuidNode(rootUuid),
    node("paper", str(drawing.paper)),
    titleBlockNode(header),
    node("lib_symbols", header.libSymbols),
    drawing.rects.map((r) =>
      node(
        "rectangle",
        node("start", schNum(r.start.x), schNum(r.start.y)),
        node("end", schNum(r.end.x), schNum(r.end.y)),
        stroke(),
        node("fill", node("type", atom("none"))),
        uuidNode(uuidV5(`rect/${r.name}`, ns)),
      ),
    ),
    drawing.texts.map((t) =>
      node(
        "text",
        str(t.text),
        yesNo("exclude_from_sim", false),
        at(t.at.x, t.at.y, 0),
        effects(t.size, { justify: ["left", "bottom"] }),
        uuidNode(uuidV5(`text/${t.key}`, ns)),
      ),
    ),
    drawing.junctions.map((j) =>
      node(
        "junction",
        node("at", schNum(j.x), schNum(j.y)),
        node("diameter", atom("0")),
        node("color", atom("0"), atom("0"), atom("0"), atom("0")),
        uuidNode(uuidV5(`junction/${key(j)}`, ns)),
      ),
    ),
    drawing.noConnects.map((p) =>
      node(
        "no_connect",
        node("at", schNum(p.x), schNum(p.y)),
        uuidNode(uuidV5(`no_connect/${key(p)}`, ns)),
      ),
    ),
    drawing.wires.map((w) => {
      const index = wireIndex.get(w.net) ?? 0;
      wireIndex.set(w.net, index + 1);
      return node(
        "wire",
        node("pts", xy(w.a.x, w.a.y), xy(w.b.x, w.b.y)),
        stroke(),
        uuidNode(uuidV5(`wire/${w.net}/${index}`, ns)),
      );
    }),
    drawing.labels.map((l) =>
      node(
        "label",
        str(l.text),
        at(l.at.x, l.at.y, l.angle),
        effects(1.27, { justify: l.angle === 180 ? ["right", "bottom"] : ["left", "bottom"] }),
        uuidNode(uuidV5(`label/${l.text}/${key(l.at)}`, ns)),
      ),
    ),
    drawing.symbols.map((s) => symbolNode(s, header, rootUuid, ns)),
    node("sheet_instances", node("path", str("/"), node("page", str("1")))),
    node("embedded_fonts", atom("no")),
  );
  return orderSheetItems(root);
}
