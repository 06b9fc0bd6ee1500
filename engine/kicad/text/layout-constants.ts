/*
 * Where kicad-cli 9.0.8 puts schematic text relative to its anchor. Each number was fitted to the
 * ink of `sch export svg` renders over text sizes 1–3 mm, pen widths 0.1–0.3 mm, all four angles
 * and every justification (the probes live in test/engine/kicad/text/, which re-checks them
 * against fresh renders). "S" is the font height, "p" the geometry pen (pen-width.ts), "pen" the
 * drawn pen. Positions are in the text's reading frame: x along the line, y towards the glyph
 * bottoms. KiCad's project settings `text_offset_ratio` and `label_size_ratio` are assumed at
 * their defaults (0.15 and 0.375).
 */

/** Line layout (KiCad's stroke-font fudge factors). */
export const LINE = {
  /** A left-justified line starts pen × this right of its position (right: mirrored). */
  penIndent: 1 / 1.52,
  /** Top-justified: the baseline lies S × this below the position… */
  topToBaseline: 22 / 21,
  /** …raised by pen × this. */
  penLift: 0.052,
  /** Height of the first line for centre/bottom justification, × S; later lines add the pitch. */
  firstLineHeight: 1.17,
} as const;

/** Free text `(text …)`: moved up by a fixed distance in the SHEET frame, whatever its angle. */
export const FREE_TEXT_LIFT = 0.25;

/** Local labels stand above their wire by S × ratio + p (perpendicular to the text). */
export const LABEL_OFFSET_RATIO = 0.15;

/** Global labels: outline and text placement. */
export const GLOBAL_LABEL = {
  /** Text starts S × this from the anchor (passive/output)… */
  textStart: 0.375,
  /** …plus S × this when the anchor end has a point (input, bidirectional, tri-state). */
  pointedTextShift: 0.75,
  /** The text is centred vertically, S × this below the anchor line. */
  textDrop: 0.0714,
  /** Outline half height = S × this + p. */
  halfHeight: 0.875,
  /** Length of each pointed end, × S. */
  point: 0.875,
  /** Outline body length = advance + S × this + p × bodyPen. */
  bodyExtra: 0.55,
  bodyPen: 4,
} as const;

/** Hierarchical labels: an S × S arrow at the anchor, then the text. */
export const HIERARCHICAL_LABEL = {
  /** Text starts S × this from the anchor. */
  textStart: 1.15,
  /** Arrow length and height, × S. */
  arrow: 1,
} as const;

/**
 * Symbol fields: KiCad computes a box in the field's own frame, transforms it with the symbol,
 * and draws the text centred in it. Box centre offset from the anchor: along the text
 * ± (advance / 2 + p × alongPen − S × alongSize) for left/right justification, across it
 * ± (S × acrossSize + p × acrossPen) for top/bottom.
 */
export const FIELD_BOX = {
  alongPen: 1.5,
  alongSize: 0.1,
  acrossSize: 0.415,
  acrossPen: 1.245,
} as const;
