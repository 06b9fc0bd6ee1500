import { pinsOf } from "../../schematic/pins-of.js";
import { readSchematic } from "../../schematic/read-schematic.js";
import { at, node, uuidNode } from "../../sexp/build.js";
import {
  atom,
  child,
  headOf,
  isList,
  type SList,
  type SNode,
  str,
  textAt,
} from "../../sexp/node.js";
import { orderSheetItems } from "../../sexp/sheet-order.js";
import { uuidV5 } from "../uuid-v5.js";
import { PORT_LIB_ID } from "./sub-intent.js";

export interface SheetInstancePath {
  /** `/<root uuid>/<sheet symbol uuid>`. */
  path: string;
  /** Template ref → this instance's ref (parts and power symbols alike). */
  refOf: (ref: string) => string;
}

/** A hierarchical label's angle: its flag points away from where the port's body was. */
const ANGLE_BY_SIDE = { left: 0, right: 180, top: 270, bottom: 90 } as const;

/**
 * Turns a drafted single sheet into a sub-sheet of the hierarchy: each port symbol becomes a
 * hierarchical label at its pin (where the drafter ran the net's wire or label to), every
 * symbol's instances name each sheet instance's path and reference, UUIDs are rehashed under
 * the sheet's file so no two sheets share one, and the root-only `sheet_instances` goes.
 */
export function finishSubSheet(
  tree: SList,
  options: {
    file: string;
    ports: ReadonlyMap<string, string>;
    instances: readonly SheetInstancePath[];
    project: string;
  },
): SList {
  const sheet = readSchematic(tree);
  const labels: SList[] = [];
  for (const symbol of sheet.symbols) {
    const name = options.ports.get(symbol.reference);
    if (name === undefined) continue;
    const pin = pinsOf(symbol)[0];
    if (!pin) continue;
    const angle = ANGLE_BY_SIDE[pin.side];
    labels.push(
      node(
        "hierarchical_label",
        str(name),
        node("shape", atom("passive")),
        at(pin.at.x, pin.at.y, angle),
        node(
          "effects",
          node("font", node("size", atom("1.27"), atom("1.27"))),
          node("justify", atom(angle === 180 || angle === 270 ? "right" : "left")),
        ),
        uuidNode(uuidV5(`hierarchical_label/${name}`, uuidV5(`sheet/${options.file}`))),
      ),
    );
  }
  const ns = uuidV5(`sheet/${options.file}`);
  const keep = (item: SNode): boolean => {
    if (!isList(item)) return true;
    if (headOf(item) === "sheet_instances") return false;
    if (headOf(item) !== "symbol") return true;
    const ref = referenceOf(item);
    return ref === undefined || !options.ports.has(ref);
  };
  const items = tree.items.filter(keep).map((item) => {
    if (isList(item, "lib_symbols")) return withoutPortSymbol(item, tree);
    if (isList(item, "symbol")) return withInstances(item, options);
    return item;
  });
  const rehashed = rehash({ ...tree, items: [...items, ...labels] }, ns);
  return orderSheetItems(rehashed);
}

function referenceOf(symbol: SList): string | undefined {
  for (const p of symbol.items)
    if (isList(p, "property") && textAt(p, 1) === "Reference") return textAt(p, 2);
  return undefined;
}

function withInstances(
  symbol: SList,
  options: { instances: readonly SheetInstancePath[]; project: string },
): SList {
  const ref = referenceOf(symbol) ?? "";
  const unit = child(symbol, "unit");
  const instances = node(
    "instances",
    node(
      "project",
      str(options.project),
      options.instances.map((i) =>
        node(
          "path",
          str(i.path),
          node("reference", str(i.refOf(ref))),
          node("unit", atom(textAt(unit, 1) ?? "1")),
        ),
      ),
    ),
  );
  return { ...symbol, items: symbol.items.map((i) => (isList(i, "instances") ? instances : i)) };
}

/** The port symbol is drawn nowhere once its ports are labels, unless a real part uses it too. */
function withoutPortSymbol(libSymbols: SList, tree: SList): SList {
  const ids = new Set<string>();
  for (const item of tree.items) {
    if (!isList(item, "symbol")) continue;
    const ref = referenceOf(item) ?? "";
    if (/^HPORT\d+$/.test(ref)) continue;
    ids.add(textAt(child(item, "lib_id"), 1) ?? "");
  }
  return {
    ...libSymbols,
    items: libSymbols.items.filter((s) => {
      if (!isList(s, "symbol")) return true;
      const name = textAt(s, 1) ?? "";
      return ids.has(name) || !name.endsWith(`:${PORT_LIB_ID.split(":")[1]}`);
    }),
  };
}

function rehash(tree: SList, ns: string): SList {
  return {
    ...tree,
    items: tree.items.map((item) => {
      if (!isList(item)) return item;
      if (headOf(item) === "uuid") return uuidNode(uuidV5(textAt(item, 1) ?? "", ns));
      return rehash(item, ns);
    }),
  };
}
