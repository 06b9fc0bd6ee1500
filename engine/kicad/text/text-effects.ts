/**
 * How a piece of schematic text is styled and anchored, in the terms KiCad's file uses. Plain
 * data: the typed schematic views fill it from `(effects …)`, tests and the drafting engine write
 * it directly.
 */

export type HJustify = "left" | "center" | "right";
export type VJustify = "top" | "center" | "bottom";

export interface Justify {
  h: HJustify;
  v: VJustify;
}

/** KiCad's default when `(justify …)` is absent: centred both ways. */
export const CENTERED: Justify = { h: "center", v: "center" };

export interface TextEffects {
  /**
   * Glyph size in mm as `[width, height]`. NOTE: KiCad's file writes `(size HEIGHT WIDTH)`;
   * `effectsFromSexp` swaps them for you.
   */
  size: readonly [number, number];
  /** `(thickness t)`; absent or 0 means KiCad's default pen (see pen-width.ts). */
  thickness?: number;
  bold?: boolean;
  italic?: boolean;
}

/** The kinds of schematic text KiCad places differently. */
export type TextKind = "text" | "label" | "global_label" | "hierarchical_label" | "field";

/** `(shape …)` of a global or hierarchical label. */
export type LabelShape = "input" | "output" | "bidirectional" | "tri_state" | "passive";

/** A placed symbol's orientation: `(at x y ANGLE)` and `(mirror x|y)`. */
export interface SymbolTransform {
  angle: number;
  mirror?: "x" | "y";
}
