import { maxOf } from "../../../array-ops.js";
import { ENGINE_GENERATOR } from "../../schematic/engine-stamp.js";
import { at, node, schNum, uuidNode, xy, yesNo } from "../../sexp/build.js";
import { atom, type SList, str } from "../../sexp/node.js";
import { orderSheetItems } from "../../sexp/sheet-order.js";
import { KICAD_SCH_VERSION, titleBlockNode } from "../emit-sheet.js";
import { textWidth } from "../pin-attachments.js";
import { uuidV5 } from "../uuid-v5.js";
import type { Flow } from "./port-flow.js";

export interface RootSheetSymbol {
  /** Sheetname, e.g. "Channel 3". */
  name: string;
  /** Sheetfile beside the root. */
  file: string;
  uuid: string;
  page: string;
  /**
   * Sheet pins top to bottom: the port name, the root net it joins and, when the pins' types say,
   * which way the signal crosses (port-flow.ts).
   */
  pins: { name: string; net: string; flow?: Flow }[];
}

type Side = "left" | "right";

/**
 * Which edge each sheet pin goes on: a signal that arrives (its driver on another sheet) on the
 * left, one that leaves (driven here) on the right. A pin whose types do not say (passives,
 * bidirectional pins) faces the sheets it joins: on the left when they all come earlier in the
 * reading order, else on the right. Either way a pin and the label of its net face outwards on
 * its own side.
 */
export function pinSides(sheets: readonly RootSheetSymbol[]): Side[][] {
  const where = new Map<string, number[]>();
  sheets.forEach((s, i) => {
    for (const p of s.pins) where.set(p.net, [...(where.get(p.net) ?? []), i]);
  });
  return sheets.map((s, i) =>
    s.pins.map((p) => {
      if (p.flow) return p.flow === "in" ? "left" : "right";
      const others = (where.get(p.net) ?? []).filter((j) => j !== i);
      return others.length > 0 && others.every((j) => j < i) ? "left" : "right";
    }),
  );
}

/**
 * The sheets in reading order along the signal flow: a sheet whose pins drive a net comes before
 * the sheets that net flows into, otherwise the plan's order is kept (Kahn's order, the earliest
 * sheet of the plan first; in a loop the earliest sheet left goes next).
 */
export function flowOrder(sheets: readonly RootSheetSymbol[]): RootSheetSymbol[] {
  const drivers = new Map<string, Set<number>>();
  sheets.forEach((s, i) => {
    for (const p of s.pins)
      if (p.flow === "out") drivers.set(p.net, (drivers.get(p.net) ?? new Set()).add(i));
  });
  const before = sheets.map(
    (s, i) =>
      new Set(
        s.pins.flatMap((p) =>
          p.flow === "in" ? [...(drivers.get(p.net) ?? [])].filter((j) => j !== i) : [],
        ),
      ),
  );
  const done = new Set<number>();
  const out: RootSheetSymbol[] = [];
  while (out.length < sheets.length) {
    const left = sheets.map((_, i) => i).filter((i) => !done.has(i));
    const next = left.find((i) => [...(before[i] ?? [])].every((j) => done.has(j))) ?? left[0];
    if (next === undefined) break;
    done.add(next);
    out.push(sheets[next] as RootSheetSymbol);
  }
  return out;
}

export interface RootSheet {
  project: string;
  uuid: string;
  title: string;
  date: string;
  rev?: string;
  company?: string;
  comments: readonly string[];
  sheets: readonly RootSheetSymbol[];
}

const PITCH = 2.54;
const MARGIN = 25.4;
const STUB = 5.08;
const PAPERS = [
  { name: "A4", width: 297, height: 210 },
  { name: "A3", width: 420, height: 297 },
] as const;
/** The title block's corner, kept clear (mm from the bottom-right frame corner). */
const TITLE_BLOCK = { width: 180, height: 45 };

const snap = (v: number) => Math.ceil(v / PITCH - 1e-9) * PITCH;

function font(justify?: string): SList {
  return node(
    "effects",
    node("font", node("size", atom("1.27"), atom("1.27"))),
    justify
      ? node(
          "justify",
          justify.split(" ").map((j) => atom(j)),
        )
      : undefined,
  );
}

/** Box size and the room its labels need on either side. */
function measure(s: RootSheetSymbol, sides: readonly Side[]) {
  const pinText = maxOf(
    s.pins.map((p) => textWidth(p.name)),
    0,
  );
  const width = snap(Math.max(30.48, textWidth(s.name) + 5.08, pinText * 2 + 5.08));
  const on = (side: Side) => s.pins.filter((_, i) => sides[i] === side);
  const rows = Math.max(on("left").length, on("right").length);
  const height = snap(Math.max(12.7, (rows + 1) * PITCH));
  const reach = (side: Side) => {
    const pins = on(side);
    const labels = maxOf(
      pins.map((p) => textWidth(p.net)),
      0,
    );
    return pins.length > 0 ? snap(STUB + labels + PITCH) : 0;
  };
  return { width, height, before: reach("left"), reach: reach("right") };
}

interface Placed {
  s: RootSheetSymbol;
  sides: readonly Side[];
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The root of a drafted hierarchy: one sheet symbol per sheet instance in rows, in reading order
 * along the signal flow (flowOrder), each sheet pin on the side its signal goes (pinSides) with a short wire and a
 * label of the design net, so the nets between sheets read by name; on A4 when the symbols fit,
 * else A3.
 */
export function emitRootSheet(root: RootSheet): { tree: SList; paper: string } | undefined {
  const ordered = flowOrder(root.sheets);
  const sides = pinSides(ordered);
  const sized = ordered.map((s, i) => ({
    s,
    sides: sides[i] ?? [],
    ...measure(s, sides[i] ?? []),
  }));
  for (const paper of PAPERS) {
    const placed: Placed[] = [];
    let x = MARGIN;
    let y = MARGIN;
    let row = 0;
    let fits = true;
    for (const item of sized) {
      const cell = item.before + item.width + item.reach + PITCH * 2;
      if (x > MARGIN && x + cell > paper.width - MARGIN) {
        x = MARGIN;
        y += row + PITCH * 4;
        row = 0;
      }
      const bottom = y + item.height + PITCH * 2;
      const inTitle =
        x + cell > paper.width - TITLE_BLOCK.width && bottom > paper.height - TITLE_BLOCK.height;
      if (bottom > paper.height - MARGIN || inTitle) {
        fits = false;
        break;
      }
      placed.push({
        s: item.s,
        sides: item.sides,
        x: x + item.before,
        y,
        width: item.width,
        height: item.height,
      });
      x += snap(cell);
      row = Math.max(row, item.height);
    }
    if (fits) return { tree: rootTree(root, paper.name, placed), paper: paper.name };
  }
  return undefined;
}

function rootTree(root: RootSheet, paper: string, placed: readonly Placed[]): SList {
  const ns = uuidV5(`project/${root.project}`);
  const wires: SList[] = [];
  const labels: SList[] = [];
  const sheets = placed.map(({ s, sides, x, y, width, height }) => {
    const row = { left: 0, right: 0 };
    const pins = s.pins.map((p, i) => {
      const side = sides[i] ?? "right";
      row[side] += 1;
      const py = y + PITCH * row[side];
      const edge = side === "left" ? x : x + width;
      const end = side === "left" ? edge - STUB : edge + STUB;
      const angle = side === "left" ? 180 : 0;
      wires.push(
        node(
          "wire",
          node("pts", xy(Math.min(edge, end), py), xy(Math.max(edge, end), py)),
          node("stroke", node("width", atom("0")), node("type", atom("default"))),
          uuidNode(uuidV5(`root/wire/${s.name}/${p.name}`, ns)),
        ),
      );
      labels.push(
        node(
          "label",
          str(p.net),
          at(end, py, angle),
          font(side === "left" ? "right bottom" : "left bottom"),
          uuidNode(uuidV5(`root/label/${s.name}/${p.name}`, ns)),
        ),
      );
      return node(
        "pin",
        str(p.name),
        atom("passive"),
        at(edge, py, angle),
        uuidNode(uuidV5(`root/pin/${s.name}/${p.name}`, ns)),
        font(side === "left" ? "left" : "right"),
      );
    });
    return node(
      "sheet",
      node("at", schNum(x), schNum(y)),
      node("size", schNum(width), schNum(height)),
      yesNo("exclude_from_sim", false),
      yesNo("in_bom", true),
      yesNo("on_board", true),
      yesNo("dnp", false),
      yesNo("fields_autoplaced", true),
      node("stroke", node("width", atom("0.1524")), node("type", atom("solid"))),
      node("fill", node("color", atom("0"), atom("0"), atom("0"), atom("0.0000"))),
      uuidNode(s.uuid),
      node("property", str("Sheetname"), str(s.name), at(x, y - 0.7116, 0), font("left bottom")),
      node(
        "property",
        str("Sheetfile"),
        str(s.file),
        at(x, y + height + 0.5846, 0),
        font("left top"),
      ),
      pins,
      node(
        "instances",
        node(
          "project",
          str(root.project),
          node("path", str(`/${root.uuid}`), node("page", str(s.page))),
        ),
      ),
    );
  });
  return orderSheetItems(
    node(
      "kicad_sch",
      node("version", atom(KICAD_SCH_VERSION)),
      node("generator", str(ENGINE_GENERATOR)),
      node("generator_version", str("9.0")),
      uuidNode(root.uuid),
      node("paper", str(paper)),
      titleBlockNode(root),
      node("lib_symbols"),
      wires,
      labels,
      sheets,
      node("sheet_instances", node("path", str("/"), node("page", str("1")))),
      node("embedded_fonts", atom("no")),
    ),
  );
}
