import type { Point } from "../../geometry/point.js";
import type { Rect } from "../../geometry/rect.js";
import type { SList } from "../../sexp/node.js";

/**
 * What copperhead writes into a `.kicad_pcb`: the placed parts with their nets, the outline,
 * tracks, vias and zones. Placement fills footprints and zones; a router adds tracks and vias;
 * the zone filler adds each zone's `fill`. The writer (board-tree.ts) turns it into KiCad's
 * file, deterministically: the same model gives the same bytes. Coordinates are board mm, Y down.
 */
export interface BoardModel {
  readonly title: string;
  /** The board edge: one rectangle on Edge.Cuts. */
  readonly outline: Rect;
  readonly paper: PaperSize;
  /** Every net the board knows, by name (net codes are assigned by the writer, sorted). */
  readonly nets: readonly string[];
  readonly footprints: readonly BoardFootprint[];
  readonly tracks: readonly BoardTrack[];
  readonly vias: readonly BoardVia[];
  readonly zones: readonly BoardZone[];
}

export type PaperSize = "A4" | "A3" | "A2" | "A1" | "A0";

/** How a pad is tied into the netlist. */
export interface PadConnection {
  readonly net: string;
  readonly pinFunction?: string;
  readonly pinType?: string;
}

/** The reference designator as drawn on the board. */
export interface ReferenceText {
  /** Board coordinates of the text's anchor (its centre). */
  readonly at: Point;
  /** On-screen angle, degrees (0 or 90). */
  readonly angle: number;
  /** Glyph height (and width), mm. */
  readonly size: number;
  readonly thickness: number;
  /** False when no spot on the silkscreen was free: the reference then shows only on F.Fab. */
  readonly visible: boolean;
}

export interface BoardFootprint {
  readonly reference: string;
  /** `Library:Name` as the schematic's Footprint field names it. */
  readonly libId: string;
  readonly value: string;
  /** The library `(footprint …)` tree, as the library file has it. */
  readonly library: SList;
  readonly at: Point;
  /** Degrees, a multiple of 90. */
  readonly rotation: number;
  /** By pad number; pads without an entry stay unconnected (net 0). */
  readonly pads: ReadonlyMap<string, PadConnection>;
  /** The symbol's `/sheet-uuid…/symbol-uuid` path; undefined for board-only parts (holes). */
  readonly path?: string;
  readonly sheetName?: string;
  readonly sheetFile?: string;
  /** Datasheet and Description from the symbol. */
  readonly datasheet?: string;
  readonly description?: string;
  /** The symbol's flags, which KiCad copies into the footprint's `(attr …)`; library's when undefined. */
  readonly excludeFromBom?: boolean;
  readonly dnp?: boolean;
  /** Parts that exist only on the board (mounting holes): left out of schematic parity. */
  readonly boardOnly?: boolean;
  /** Where the silkscreen reference goes; the library's position when undefined. */
  readonly referenceText?: ReferenceText;
}

export interface BoardTrack {
  readonly start: Point;
  readonly end: Point;
  readonly width: number;
  readonly layer: string;
  readonly net: string;
}

export interface BoardVia {
  readonly at: Point;
  readonly size: number;
  readonly drill: number;
  readonly net: string;
}

/** A filled area of a zone on one layer: an outline without holes (KiCad's fractured form). */
export interface FilledPolygon {
  readonly layer: string;
  readonly points: readonly Point[];
}

export interface BoardZone {
  /** Undefined for a rule area (keep-out). */
  readonly net: string | undefined;
  readonly name: string;
  readonly layers: readonly string[];
  readonly outline: readonly Point[];
  readonly priority: number;
  /** Copper clearance to other nets, mm. */
  readonly clearance: number;
  readonly minThickness: number;
  readonly thermalGap: number;
  readonly thermalBridgeWidth: number;
  /** For rule areas: what may not be inside. */
  readonly keepout?: KeepoutRules;
  /** The fill as the zone filler computed it; undefined while the zone is unfilled. */
  readonly fill?: readonly FilledPolygon[];
}

export interface KeepoutRules {
  readonly tracks: boolean;
  readonly vias: boolean;
  readonly pads: boolean;
  readonly copperpour: boolean;
  readonly footprints: boolean;
}
