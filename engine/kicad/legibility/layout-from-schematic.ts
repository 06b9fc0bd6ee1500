import { basename, dirname, relative } from "node:path";
import type { Outline } from "../geometry/outline.js";
import { paperSize } from "../geometry/paper.js";
import type { Point } from "../geometry/point.js";
import { type Rect, rectFromCorners, rectFromPoints, rectUnionAll } from "../geometry/rect.js";
import type { Segment } from "../geometry/segment.js";
import { ENGINE_GENERATOR } from "../schematic/engine-stamp.js";
import {
  annotationOf,
  type SchematicHierarchy,
  type SheetInstance,
} from "../schematic/hierarchy.js";
import { pinsOf } from "../schematic/pins-of.js";
import type { PlacedSymbol } from "../schematic/placed-symbol.js";
import type { Schematic } from "../schematic/read-schematic.js";
import type { Property } from "../symbol/property.js";
import { unitGraphics } from "../symbol/unit-items.js";
import { quoteText } from "./describe.js";
import { measureTextBox } from "./measure-text.js";
import { IdentityMemo } from "./memo.js";
import { pinTexts } from "./pin-texts.js";
import { placedOutline } from "./placed-outline.js";
import { portPointing } from "./port-pointing.js";
import type {
  LayoutLabel,
  LayoutSheetBlock,
  LayoutSymbol,
  LayoutText,
  SheetLayout,
} from "./sheet-layout.js";
import { resolveTextVariables, type VariableLookup, variablesFrom } from "./text-variables.js";

/**
 * What sheet instances of one file share, computed once per `sheetLayouts` call (never kept
 * between calls: a later call may see edited files).
 */
interface SharedGeometry {
  symbolShapes: IdentityMemo<
    PlacedSymbol,
    {
      outlines: Outline[];
      body: Rect | undefined;
      pins: Point[];
      pinTexts: LayoutText[];
      pointing: LayoutSymbol["pointing"];
    }
  >;
  fieldBoxes: IdentityMemo<Property, Rect>;
  hiddenFields: WeakMap<Property, boolean>;
  sheetLabels: IdentityMemo<Schematic, LayoutLabel[]>;
}

export interface LayoutOptions {
  /** Generator names whose sheets count as engine-authored (default: copperhead's). */
  engineGenerators?: readonly string[];
}

/**
 * One SheetLayout per sheet instance of the hierarchy, root first (a sheet file used twice is
 * checked twice, with each instance's references).
 */
export function sheetLayouts(
  hierarchy: SchematicHierarchy,
  options: LayoutOptions = {},
): SheetLayout[] {
  const engine = new Set(options.engineGenerators ?? [ENGINE_GENERATOR]);
  const base = dirname(hierarchy.rootFile);
  const shared: SharedGeometry = {
    symbolShapes: new IdentityMemo(),
    fieldBoxes: new IdentityMemo(),
    hiddenFields: new WeakMap(),
    sheetLabels: new IdentityMemo(),
  };
  return hierarchy.instances.map((instance) =>
    sheetLayout(hierarchy, instance, base, engine, shared),
  );
}

function sheetLayout(
  hierarchy: SchematicHierarchy,
  instance: SheetInstance,
  base: string,
  engine: ReadonlySet<string>,
  shared: SharedGeometry,
): SheetLayout {
  const sch = instance.schematic;
  const paper = paperSize({
    name: sch.paper.name,
    portrait: sch.paper.portrait,
    width: sch.paper.width,
    height: sch.paper.height,
  });
  const tb = sch.titleBlock;
  const variables = sheetVariables(instance);
  return {
    path: instance.path,
    file: relative(base, instance.file) || instance.file,
    paper,
    paperName: sch.paper.name,
    titleBlock: tb ? { title: tb.title ?? "", rev: tb.rev ?? "", date: tb.date ?? "" } : undefined,
    engineAuthored: engine.has(sch.stamp.generator ?? ""),
    symbols: sch.symbols
      .filter((s) => s.lib)
      .map((s) => layoutSymbol(hierarchy, instance, s, variables, shared)),
    sheetBlocks: sch.sheets.map((s) => layoutSheetBlock(s, shared)),
    texts: layoutTexts(sch, variables),
    labels: shared.sheetLabels.get(sch, "", () => layoutLabels(sch)),
    wires: [...sch.wires, ...sch.buses].flatMap(toSegments),
    rectangles: sch.graphics.flatMap((g) =>
      g.kind === "rectangle" ? [rectFromCorners(g.start, g.end)] : [],
    ),
    junctions: sch.junctions.map((j) => j.at),
  };
}

function layoutSymbol(
  hierarchy: SchematicHierarchy,
  instance: SheetInstance,
  symbol: PlacedSymbol,
  sheetVariables: VariableLookup,
  shared: SharedGeometry,
): LayoutSymbol {
  const { reference, unit } = annotationOf(hierarchy, instance, symbol);
  const lib = symbol.lib!;
  // KiCad shows a unit of a multi-unit part with its letter: U3B is unit 2 of U3.
  const ref = lib.unitCount > 1 ? `${reference}${unitLetter(unit)}` : reference;
  const shape = shared.symbolShapes.get(symbol, `${unit}\u0000${ref}`, () => {
    const graphics = unitGraphics(lib, unit, symbol.bodyStyle);
    const outlines = graphics.flatMap((g) => placedOutline(g, symbol));
    const placedPins = pinsOf(symbol, unit);
    const body = rectUnionAll(outlines.map((o) => rectFromPoints(o.points)!));
    return {
      outlines,
      body,
      // A hidden pin of an ordinary part connects by name, not where it sits; a power port's
      // pin is hidden by convention yet is exactly where the port connects.
      pins: placedPins.filter((p) => !p.hidden || symbol.power).map((p) => p.at),
      pinTexts: pinTexts(ref, lib, placedPins),
      pointing: isPowerPort(symbol, reference)
        ? portPointing(graphics, placedPins, body)
        : undefined,
    };
  });
  const { outlines, body, pins } = shape;
  const transform = { angle: symbol.rotation, mirror: symbol.mirror };
  const fields: LayoutText[] = [];
  const shownValue = (p: Property) => (p.name === "Reference" ? ref : p.value);
  // Most symbols name no variable: build the lookup only for those that do.
  let variables: VariableLookup | undefined;
  const resolve = (text: string) => {
    if (!text.includes("${")) return text;
    if (!variables) {
      const own = variablesFrom(symbol.properties.map((p) => [p.name, shownValue(p)] as const));
      variables = (name) => (name === "REFERENCE" ? ref : (own(name) ?? sheetVariables(name)));
    }
    return resolveTextVariables(text, variables);
  };
  for (const property of symbol.properties) {
    const text = resolve(shownValue(property));
    const shown = fieldText(property, text, shared.hiddenFields);
    if (shown === undefined) continue;
    fields.push({
      owner: `${ref} ${property.name}`,
      ownerRef: ref,
      text: shown,
      anchor: { x: property.at.x, y: property.at.y },
      angle: property.at.angle,
      box: shared.fieldBoxes.get(property, shown, () =>
        measureTextBox(shown, property.at, property.at.angle, property.effects, {
          kind: "field",
          symbol: transform,
        }),
      ),
    });
  }
  return {
    ref,
    libId: symbol.libId,
    value: symbol.value,
    at: symbol.at,
    power: symbol.power || symbol.libId.startsWith("power:") || reference.startsWith("#"),
    body,
    outlines,
    pins,
    fields,
    pinTexts: shape.pinTexts,
    pointing: shape.pointing,
  };
}

/** A power port (not a PWR_FLAG or a logo): it connects a rail or ground by name. */
function isPowerPort(symbol: PlacedSymbol, reference: string): boolean {
  if (!(symbol.power || symbol.libId.startsWith("power:"))) return false;
  if (reference.startsWith("#FLG") || symbol.libId.endsWith(":PWR_FLAG")) return false;
  return symbol.lib?.pins.length === 1;
}

/** The title block and sheet names a sheet's text may refer to (`${TITLE}`, `${SHEETNAME}`). */
function sheetVariables(instance: SheetInstance): VariableLookup {
  const tb = instance.schematic.titleBlock;
  const entries: Array<readonly [string, string]> = [
    ["SHEETNAME", instance.name],
    ["SHEETPATH", instance.path],
    ["FILENAME", basename(instance.file)],
  ];
  if (tb) {
    entries.push(["TITLE", tb.title ?? ""], ["REVISION", tb.rev ?? ""], ["DATE", tb.date ?? ""]);
    entries.push(["COMPANY", tb.company ?? ""]);
    for (const [n, text] of Object.entries(tb.comments)) entries.push([`COMMENT${n}`, text]);
  }
  return variablesFrom(entries);
}

/** What a visible field shows, or undefined when it draws nothing. */
function fieldText(
  property: Property,
  value: string,
  hidden: WeakMap<Property, boolean>,
): string | undefined {
  // Empty values first: reading `hidden` means reading the field's effects.
  if (value.trim() === "" || value === "~") return undefined;
  let isHidden = hidden.get(property);
  if (isHidden === undefined) {
    isHidden = property.hidden;
    hidden.set(property, isHidden);
  }
  if (isHidden) return undefined;
  return property.showName ? `${property.name}: ${value}` : value;
}

function unitLetter(unit: number): string {
  // KiCad: A…Z, then AA, AB, …
  let n = unit;
  let out = "";
  while (n > 0) {
    n -= 1;
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26);
  }
  return out;
}

function layoutSheetBlock(
  sheet: Schematic["sheets"][number],
  shared: SharedGeometry,
): LayoutSheetBlock {
  const box = rectFromCorners(sheet.at, {
    x: sheet.at.x + sheet.size.width,
    y: sheet.at.y + sheet.size.height,
  });
  const owner = `sheet "${sheet.name}"`;
  const fields: LayoutText[] = [];
  for (const property of sheet.properties) {
    const isFile = property.name === "Sheetfile" || property.name === "Sheet file";
    const isName = property.name === "Sheetname" || property.name === "Sheet name";
    // KiCad prefixes the file field with "File: " when it draws it.
    const shown = fieldText(
      property,
      isFile ? `File: ${property.value}` : property.value,
      shared.hiddenFields,
    );
    if (shown === undefined) continue;
    fields.push({
      owner: `${owner} ${isName ? "name" : isFile ? "file" : property.name}`,
      ownerRef: owner,
      text: shown,
      anchor: { x: property.at.x, y: property.at.y },
      angle: property.at.angle,
      box: measureTextBox(shown, property.at, property.at.angle, property.effects, {
        kind: "field",
        symbol: { angle: 0 },
      }),
    });
  }
  return { name: sheet.name, box, pins: sheet.pins.map((p) => p.at), fields };
}

function layoutTexts(sch: Schematic, variables: VariableLookup): LayoutText[] {
  const out: LayoutText[] = [];
  for (const source of sch.texts) {
    const t = { ...source, text: resolveTextVariables(source.text, variables) };
    if (t.effects.hidden || t.text.trim() === "") continue;
    const box: Rect =
      t.kind === "text_box" && t.size
        ? rectFromCorners(t.at, { x: t.at.x + t.size.width, y: t.at.y + t.size.height })
        : measureTextBox(t.text, t.at, t.angle, t.effects, { kind: "text" });
    out.push({
      owner: `text "${quoteText(t.text)}"`,
      text: t.text,
      anchor: t.at,
      angle: t.angle,
      box,
    });
  }
  return out;
}

function layoutLabels(sch: Schematic): LayoutLabel[] {
  const out: LayoutLabel[] = [];
  for (const l of sch.labels) {
    if (l.kind === "directive") continue;
    const placement =
      l.kind === "local"
        ? ({ kind: "label" } as const)
        : ({
            kind: l.kind === "global" ? "global_label" : "hierarchical_label",
            shape: l.shape,
          } as const);
    const box = measureTextBox(l.text, l.at, l.angle, l.effects, placement);
    const horizontalEffects =
      l.kind === "local"
        ? { ...l.effects, justifyH: "left" as const, justifyV: "bottom" as const }
        : l.effects;
    const horizontalBox =
      l.angle === 0 ? box : measureTextBox(l.text, l.at, 0, horizontalEffects, placement);
    out.push({ name: l.text, kind: l.kind, anchor: l.at, angle: l.angle, box, horizontalBox });
  }
  return out;
}

function toSegments(s: Schematic["wires"][number]): Segment[] {
  const out: Segment[] = [];
  for (let i = 1; i < s.points.length; i++) out.push({ a: s.points[i - 1]!, b: s.points[i]! });
  return out;
}
