import { paperSize } from "../../../../../engine/kicad/geometry/paper.js";
import type {
  LayoutSymbol,
  SheetLayout,
} from "../../../../../engine/kicad/legibility/sheet-layout.js";

/** A resistor-sized body (2 × 5 mm) at `x, y`, pins 3.81 mm above and below. */
export function plantedPart(
  ref: string,
  x: number,
  y: number,
  extra: Partial<LayoutSymbol> = {},
): LayoutSymbol {
  return {
    ref,
    libId: "Device:R",
    value: "10k",
    at: { x, y },
    power: false,
    body: { minX: x - 1, minY: y - 2.5, maxX: x + 1, maxY: y + 2.5 },
    outlines: [],
    pins: [
      { x, y: y - 3.81 },
      { x, y: y + 3.81 },
    ],
    fields: [],
    ...extra,
  };
}

/** An empty A4 root sheet a person drew (tidy title block), with `overrides` planted on it. */
export function plantedSheet(overrides: Partial<SheetLayout> = {}): SheetLayout {
  return {
    path: "/",
    file: "x.kicad_sch",
    paper: paperSize({ name: "A4" }),
    paperName: "A4",
    titleBlock: { title: "T", rev: "1", date: "2025-01-01" },
    engineAuthored: false,
    symbols: [],
    sheetBlocks: [],
    texts: [],
    labels: [],
    wires: [],
    rectangles: [],
    ...overrides,
  };
}
