import { child, childText, flag, headOf, numberAt, type SList, textAt } from "../sexp/node.js";
import { type FootprintAttributes, readAttributes } from "./attributes.js";
import { type Courtyard, courtyardOf } from "./courtyard.js";
import { type Graphic, readGraphic } from "./graphic.js";
import { type ModelRef, readModelRef } from "./model-ref.js";
import { type Pad, readPad } from "./pad.js";
import { PcbFormatError } from "./pcb-format-error.js";
import type { Placement } from "./placement.js";
import { pointOf } from "./point.js";

/**
 * A footprint, from a board's `(footprint …)` or a library `.kicad_mod`. Positions of pads and
 * the courtyard are given in board coordinates; `graphics` stay footprint-local as written
 * (use placeGraphic / footprintGraphicsOnBoard for board coordinates).
 */
export interface Footprint {
  /** `Library:Name` on a board; just `Name` in a library file. */
  readonly libId: string;
  readonly library: string | undefined;
  readonly name: string;
  readonly reference: string;
  readonly value: string;
  /** Every property by name (Reference, Value, Footprint, Datasheet, Description, custom …). */
  readonly properties: Readonly<Record<string, string>>;
  readonly placement: Placement;
  /** `F.Cu` or `B.Cu`. */
  readonly layer: string;
  readonly side: "front" | "back";
  readonly locked: boolean;
  readonly attributes: FootprintAttributes;
  readonly pads: readonly Pad[];
  /**
   * Drawn items in footprint-local coordinates, as written; property texts appear here too
   * as `text` items whose kind is the lower-cased property name (`reference`, `value` …).
   */
  readonly graphics: readonly Graphic[];
  /** Bounding boxes of the F.CrtYd / B.CrtYd drawings, in board coordinates. */
  readonly courtyard: Courtyard;
  readonly models: readonly ModelRef[];
  readonly description: string | undefined;
  readonly tags: string | undefined;
  /** The schematic symbol this footprint belongs to (`/uuid` path), if any. */
  readonly path: string | undefined;
  readonly sheetName: string | undefined;
  readonly sheetFile: string | undefined;
  readonly uuid: string | undefined;
  /** The tree this view was read from, for callers that need what the view leaves out. */
  readonly node: SList;
}

function propertyText(node: SList, name: string): Graphic | undefined {
  const at = pointOf(child(node, "at"));
  const layer = childText(node, "layer");
  if (!at || !layer) return undefined;
  const hidden = flag(node, "hide") ?? flag(child(node, "effects") ?? node, "hide") ?? false;
  return {
    shape: "text",
    kind: name.toLowerCase(),
    text: textAt(node, 2) ?? "",
    at,
    angle: numberAt(child(node, "at"), 3) ?? 0,
    hidden,
    layer,
    width: 0,
    filled: false,
    uuid: childText(node, "uuid"),
  };
}

/** Reads a `(footprint …)` (or legacy `(module …)`) tree. */
export function readFootprint(node: SList): Footprint {
  const head = headOf(node);
  if (head !== "footprint" && head !== "module") {
    throw new PcbFormatError(node, `expected (footprint …), found (${head ?? "?"} …)`);
  }
  const libId = textAt(node, 1) ?? "";
  const colon = libId.indexOf(":");
  const atNode = child(node, "at");
  const placement: Placement = {
    at: pointOf(atNode) ?? { x: 0, y: 0 },
    rotation: numberAt(atNode, 3) ?? 0,
  };
  const layer = childText(node, "layer") ?? "F.Cu";

  const properties: Record<string, string> = {};
  const pads: Pad[] = [];
  const graphics: Graphic[] = [];
  const models: ModelRef[] = [];
  for (const item of node.items) {
    if (item.kind !== "list") continue;
    const itemHead = headOf(item);
    if (itemHead === "property") {
      const name = textAt(item, 1) ?? "";
      properties[name] = textAt(item, 2) ?? "";
      const text = propertyText(item, name);
      if (text) graphics.push(text);
    } else if (itemHead === "pad") {
      pads.push(readPad(item, placement));
    } else if (itemHead === "model") {
      models.push(readModelRef(item));
    } else {
      const g = readGraphic(item);
      if (!g) continue;
      graphics.push(g);
      // Files before KiCad 8 keep reference and value as fp_text, not as properties.
      if (g.shape === "text" && (g.kind === "reference" || g.kind === "value")) {
        const name = g.kind === "reference" ? "Reference" : "Value";
        properties[name] ??= g.text;
      }
    }
  }

  return {
    libId,
    library: colon < 0 ? undefined : libId.slice(0, colon),
    name: colon < 0 ? libId : libId.slice(colon + 1),
    reference: properties.Reference ?? "",
    value: properties.Value ?? "",
    properties,
    placement,
    layer,
    side: layer.startsWith("B.") ? "back" : "front",
    locked: flag(node, "locked") ?? false,
    attributes: readAttributes(node),
    pads,
    graphics,
    courtyard: courtyardOf(placement, graphics),
    models,
    description: childText(node, "descr"),
    tags: childText(node, "tags"),
    path: childText(node, "path"),
    sheetName: childText(node, "sheetname"),
    sheetFile: childText(node, "sheetfile"),
    uuid: childText(node, "uuid") ?? childText(node, "tstamp"),
    node,
  };
}
