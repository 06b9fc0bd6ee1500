import type { NetClass } from "../draft/net-class.js";

/** power (track width of the Power class), ground (the pour's net), or an ordinary signal. */
export type NetKind = NetClass;

/** One symbol pin on a net: the footprint pad of the same number gets the net. */
export interface LayoutPin {
  readonly ref: string;
  readonly pin: string;
  /** The pin's name ("" when the library has none): the pad's `pinfunction`. */
  readonly pinName: string;
  /** KiCad's electrical type (`passive`, `power_in` …): the pad's `pintype`. */
  readonly pinType: string;
}

export interface LayoutNet {
  readonly name: string;
  readonly kind: NetKind;
  /** Why the kind was chosen (name, pin type, power symbol). */
  readonly basis: string;
  readonly pins: readonly LayoutPin[];
}

/** One part to put on the board: a schematic symbol (all its units) and its footprint. */
export interface LayoutPart {
  readonly ref: string;
  readonly value: string;
  /** The symbol's Footprint field, `Library:Name` ("" when empty). */
  readonly footprint: string;
  /** `/sheet-uuid…/symbol-uuid`: the link DRC's schematic parity follows. */
  readonly path: string | undefined;
  readonly sheetName: string;
  readonly sheetFile: string;
  readonly datasheet: string;
  readonly description: string;
  /** The symbol's "in BOM" and "do not populate" flags: the footprint's attributes follow them. */
  readonly inBom: boolean;
  readonly dnp: boolean;
  /** The subsystem the part belongs to, when known; parts of one group are pulled together. */
  readonly group: string | undefined;
}

/** The netlist the layout engine places: parts with footprints, and their nets. */
export interface LayoutInput {
  readonly title: string;
  readonly parts: readonly LayoutPart[];
  readonly nets: readonly LayoutNet[];
}
