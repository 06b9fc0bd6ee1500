import { child, headOf, type SList, type SNode, textAt } from "./node.js";

/*
 * KiCad 9 (SCH_WRITER_V9::Format) writes a sheet as: the header, the embedded library symbols
 * (a map, so sorted by name), bus aliases, then every drawable item in one multiset ordered by
 * (KICAD_T type, uuid), then the instance data and the font flag. A file written in this order
 * is what a KiCad re-save produces, so a re-save diffs only in the generator stamp. Bus aliases
 * come out of a container keyed by pointer in the source; every demo sheet holding several has
 * them in name order, which is what this helper uses.
 */

/** Header children, in the order KiCad writes them. */
const HEADER = [
  "version",
  "generator",
  "generator_version",
  "uuid",
  "paper",
  "title_block",
  "lib_symbols",
];

/**
 * Item heads by the rank of the KICAD_T they load as (typeinfo.h order). `polyline` is absent on
 * purpose: its rank depends on its point count (see `itemRank`).
 */
const ITEM_RANK: Record<string, number> = {
  rectangle: 0, // SCH_SHAPE_T
  circle: 0,
  arc: 0,
  bezier: 0,
  text: 1, // SCH_TEXT_T
  text_box: 2, // SCH_TEXTBOX_T
  junction: 3, // SCH_JUNCTION_T
  no_connect: 4, // SCH_NO_CONNECT_T
  bus_entry: 5, // SCH_BUS_WIRE_ENTRY_T
  wire: 6, // SCH_LINE_T
  bus: 6,
  image: 7, // SCH_BITMAP_T
  table: 8, // SCH_TABLE_T
  label: 9, // SCH_LABEL_T
  global_label: 10, // SCH_GLOBAL_LABEL_T
  hierarchical_label: 11, // SCH_HIER_LABEL_T
  rule_area: 12, // SCH_RULE_AREA_T
  netclass_flag: 13, // SCH_DIRECTIVE_LABEL_T
  symbol: 14, // SCH_SYMBOL_T
  sheet: 15, // SCH_SHEET_T
};
const SHAPE_RANK = 0;
const LINE_RANK = 6;
/** Heads this helper does not know stay together, in file order, after the known items. */
const UNKNOWN_RANK = 16;

/** What comes after the items, in KiCad's order. */
const TRAILER = ["sheet_instances", "symbol_instances", "embedded_fonts", "embedded_files"];

// Sections of the file, in order.
const HEAD = 0;
const HEADER_SECTION = 1;
const BUS_ALIAS = 2;
const ITEMS = 3;
const TRAILER_SECTION = 4;

interface Keyed {
  node: SNode;
  section: number;
  rank: number;
  /** The item's uuid, or a bus alias's name. */
  uuid: string;
  index: number;
}

/**
 * Orders a `.kicad_sch` root's children the way KiCad 9 saves them: header (version, generator,
 * generator_version, uuid, paper, title_block, lib_symbols sorted by name), bus aliases (by name), items by
 * type rank then uuid, then sheet_instances and embedded_fonts. Returns a new root; the input is
 * not modified and every child node is shared, not copied (except `lib_symbols`, re-sorted).
 */
export function orderSheetItems(root: SList): SList {
  const keyed: Keyed[] = root.items.map((node, index) => keyOf(node, index));
  keyed.sort(compareKeyed);
  const items = keyed.map((k) =>
    headOf(k.node) === "lib_symbols" ? sortLibSymbols(k.node as SList) : k.node,
  );
  return { kind: "list", items, offset: root.offset };
}

function keyOf(node: SNode, index: number): Keyed {
  const head = headOf(node);
  if (index === 0 || head === undefined) return { node, section: HEAD, rank: 0, uuid: "", index };
  const headerRank = HEADER.indexOf(head);
  if (headerRank >= 0) return { node, section: HEADER_SECTION, rank: headerRank, uuid: "", index };
  // By name: every demo sheet with several aliases has them in name order.
  if (head === "bus_alias") {
    return { node, section: BUS_ALIAS, rank: 0, uuid: textAt(node as SList, 1) ?? "", index };
  }
  const trailerRank = TRAILER.indexOf(head);
  if (trailerRank >= 0)
    return { node, section: TRAILER_SECTION, rank: trailerRank, uuid: "", index };
  const list = node as SList;
  // KIID compares its 16 bytes; lower-case hex text with fixed dashes sorts the same way.
  const uuid = (itemUuid(list) ?? "").toLowerCase();
  return { node, section: ITEMS, rank: itemRank(list, head), uuid, index };
}

/** An item's `(uuid …)`; a rule area writes its own inside its `(polyline …)`. */
function itemUuid(list: SList): string | undefined {
  const own = child(list, "uuid");
  if (own) return textAt(own, 1);
  for (const item of list.items) {
    if (item.kind !== "list") continue;
    const nested = child(item, "uuid");
    if (nested) return textAt(nested, 1);
  }
  return undefined;
}

/**
 * A top-level `polyline` with exactly two points loads as a graphic SCH_LINE (ranked with wires);
 * with more points it is an SCH_SHAPE (ranked with the other shapes).
 */
function itemRank(list: SList, head: string): number {
  if (head === "polyline") {
    const pts = child(list, "pts");
    const points = pts ? pts.items.length - 1 : 0;
    return points === 2 ? LINE_RANK : SHAPE_RANK;
  }
  return ITEM_RANK[head] ?? UNKNOWN_RANK;
}

function compareKeyed(a: Keyed, b: Keyed): number {
  if (a.section !== b.section) return a.section - b.section;
  if (a.rank !== b.rank) return a.rank - b.rank;
  if (a.uuid !== b.uuid) {
    if (a.section === BUS_ALIAS) return compareCodePoints(a.uuid, b.uuid);
    return a.uuid < b.uuid ? -1 : 1;
  }
  return a.index - b.index;
}

/** KiCad keeps embedded symbols in a std::map keyed by name (wxString: code point order). */
function sortLibSymbols(libSymbols: SList): SList {
  const [head, ...symbols] = libSymbols.items;
  if (head === undefined) return libSymbols;
  const keyed = symbols.map((node, index) => ({
    node,
    name: node.kind === "list" ? (textAt(node, 1) ?? "") : "",
    index,
  }));
  keyed.sort((a, b) => compareCodePoints(a.name, b.name) || a.index - b.index);
  return { kind: "list", items: [head, ...keyed.map((k) => k.node)], offset: libSymbols.offset };
}

/** Compares by Unicode code point (UTF-16 `<` misorders astral characters against U+E000–U+FFFF). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i) as number;
    const y = b.codePointAt(i) as number;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}
