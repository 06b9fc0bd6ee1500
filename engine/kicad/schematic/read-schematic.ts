import { printableExcerpt } from "../../excerpt.js";
import { children, childText, headOf, type SList, textAt } from "../sexp/node.js";
import { type Graphic, readGraphic } from "../symbol/graphic.js";
import { type LibSymbol, readLibSymbol } from "../symbol/lib-symbol.js";
import {
  type GeneratorStamp,
  type Paper,
  readPaper,
  readStamp,
  readTitleBlock,
  type TitleBlock,
} from "./header.js";
import { type Label, labelKindOf, readLabel } from "./label.js";
import { type PlacedSymbol, readPlacedSymbol } from "./placed-symbol.js";
import { SchematicError } from "./schematic-error.js";
import { readSheet, type Sheet } from "./sheet.js";
import { readSheetText, type SheetText } from "./text.js";
import {
  type BusAlias,
  type BusEntry,
  type Junction,
  type NoConnect,
  readBusAlias,
  readBusEntry,
  readJunction,
  readNoConnect,
  readSegment,
  type Segment,
} from "./wiring.js";

/** A legacy root-file `(symbol_instances (path "/…/symbol-uuid" (reference …) (unit …)))` entry. */
export interface LegacySymbolInstance {
  /** Full path including the symbol's own uuid as the last element. */
  path: string;
  reference: string | undefined;
  unit: number | undefined;
}

/** The typed view of one `.kicad_sch` file. Sheet coordinates: mm, Y-down. */
export interface Schematic {
  file: string | undefined;
  stamp: GeneratorStamp;
  uuid: string | undefined;
  paper: Paper;
  titleBlock: TitleBlock | undefined;
  /** Names in the file's `lib_symbols`, in file order. */
  libSymbolNames: readonly string[];
  /** The embedded definition by its lib_symbols name (read on first use). */
  libSymbol(name: string): LibSymbol | undefined;
  symbols: PlacedSymbol[];
  /** The placed symbols whose library symbol has the `(power)` flag. */
  powerSymbols: PlacedSymbol[];
  wires: Segment[];
  buses: Segment[];
  busEntries: BusEntry[];
  junctions: Junction[];
  noConnects: NoConnect[];
  labels: Label[];
  texts: SheetText[];
  /** Sheet drawings: rectangles, graphic polylines, circles, arcs, béziers. */
  graphics: Graphic[];
  sheets: Sheet[];
  busAliases: BusAlias[];
  /** Root files only: `(sheet_instances (path "/" (page "1")))`. */
  sheetInstances: { path: string; page: string | undefined }[];
  /** Pre-KiCad-7 root files keep references here instead of in each symbol. */
  legacySymbolInstances: LegacySymbolInstance[];
}

/** Builds the typed view of a parsed `.kicad_sch` tree in one pass over its top-level items. */
export function readSchematic(
  tree: SList,
  options: { file?: string; via?: string } = {},
): Schematic {
  if (headOf(tree) !== "kicad_sch") {
    const via = options.via ? ` (reached through ${options.via})` : "";
    throw new SchematicError(
      `${options.file ?? "input"}${via} is a (${printableExcerpt(headOf(tree) ?? "?", 24)} …) file, not a schematic`,
      options.via
        ? "point that reference at a .kicad_sch file, whose root is (kicad_sch …)"
        : "pass a .kicad_sch file, whose root is (kicad_sch …)",
    );
  }
  const libNodes = new Map<string, SList>();
  const libCache = new Map<string, LibSymbol>();
  const libSymbol = (name: string): LibSymbol | undefined => {
    let symbol = libCache.get(name);
    if (!symbol) {
      const node = libNodes.get(name);
      if (!node) return undefined;
      symbol = readLibSymbol(node);
      libCache.set(name, symbol);
    }
    return symbol;
  };

  const view: Schematic = {
    file: options.file,
    stamp: readStamp(tree),
    uuid: childText(tree, "uuid"),
    paper: readPaper(tree),
    titleBlock: readTitleBlock(tree),
    libSymbolNames: [],
    libSymbol,
    symbols: [],
    powerSymbols: [],
    wires: [],
    buses: [],
    busEntries: [],
    junctions: [],
    noConnects: [],
    labels: [],
    texts: [],
    graphics: [],
    sheets: [],
    busAliases: [],
    sheetInstances: [],
    legacySymbolInstances: [],
  };

  // lib_symbols comes before the placed symbols in every file KiCad writes, but do not rely on it.
  for (const item of tree.items) {
    if (item.kind !== "list" || headOf(item) !== "lib_symbols") continue;
    for (const def of children(item, "symbol")) {
      const name = textAt(def, 1);
      if (name !== undefined && !libNodes.has(name)) libNodes.set(name, def);
    }
  }
  view.libSymbolNames = [...libNodes.keys()];

  for (const item of tree.items) {
    if (item.kind !== "list") continue;
    const head = headOf(item);
    switch (head) {
      case "symbol": {
        const symbol = readPlacedSymbol(item, libSymbol);
        view.symbols.push(symbol);
        if (symbol.power) view.powerSymbols.push(symbol);
        break;
      }
      case "wire":
        view.wires.push(readSegment(item, "wire"));
        break;
      case "bus":
        view.buses.push(readSegment(item, "bus"));
        break;
      case "bus_entry":
        view.busEntries.push(readBusEntry(item));
        break;
      case "junction":
        view.junctions.push(readJunction(item));
        break;
      case "no_connect":
        view.noConnects.push(readNoConnect(item));
        break;
      case "text":
      case "text_box":
        view.texts.push(readSheetText(item, head));
        break;
      case "sheet":
        view.sheets.push(readSheet(item));
        break;
      case "bus_alias":
        view.busAliases.push(readBusAlias(item));
        break;
      case "sheet_instances":
        for (const path of children(item, "path")) {
          view.sheetInstances.push({ path: textAt(path, 1) ?? "", page: childText(path, "page") });
        }
        break;
      case "symbol_instances":
        for (const path of children(item, "path")) {
          const unit = childText(path, "unit");
          view.legacySymbolInstances.push({
            path: textAt(path, 1) ?? "",
            reference: childText(path, "reference"),
            unit: unit === undefined ? undefined : Number(unit),
          });
        }
        break;
      default: {
        const kind = labelKindOf(item);
        if (kind) {
          view.labels.push(readLabel(item, kind));
          break;
        }
        const graphic = readGraphic(item);
        if (graphic) view.graphics.push(graphic);
      }
    }
  }
  return view;
}
