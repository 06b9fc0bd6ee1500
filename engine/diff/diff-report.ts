import { z } from "zod";

/**
 * What `copperhead diff --json` prints: the electrical diff of two revisions of one design, its
 * effect on ERC/DRC, legibility and score, and the overlay pictures. The contract the App posts
 * from (docs/diff.md). Every list is sorted, every number rounded, and no path is absolute, so
 * the same pair of revisions always gives the same bytes.
 */

const point = z.object({ x: z.number(), y: z.number() });
const box = z.object({ minX: z.number(), minY: z.number(), maxX: z.number(), maxY: z.number() });

export const revisionSchema = z.object({
  /** What was asked for (`main`, `HEAD~2`), or `working tree`. */
  label: z.string(),
  /** The commit read, or null for the working tree. */
  commit: z.string().nullable(),
});

const partBasics = {
  ref: z.string(),
  value: z.string(),
  footprint: z.string(),
  /** The library symbol (`Device:R`). */
  symbol: z.string(),
  /** Sheet instance paths the part's units sit on. */
  sheets: z.array(z.string()),
  /** Pin number → net name. */
  pins: z.record(z.string(), z.string()),
};

export const partAttributes = ["dnp", "in_bom", "on_board", "exclude_from_sim"] as const;

/** One change to the schematic. Each real edit is reported once, under exactly one kind. */
export const schematicChangeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("sheet-added"), path: z.string(), file: z.string() }),
  z.object({ kind: z.literal("sheet-removed"), path: z.string(), file: z.string() }),
  z.object({ kind: z.literal("sheet-renamed"), before: z.string(), after: z.string() }),
  z.object({ kind: z.literal("part-added"), ...partBasics }),
  z.object({ kind: z.literal("part-removed"), ...partBasics }),
  /** Re-annotation: the same symbol (same uuid on the same sheet) under a new reference. */
  z.object({ kind: z.literal("reference-changed"), ref: z.string(), before: z.string() }),
  z.object({
    kind: z.literal("value-changed"),
    ref: z.string(),
    before: z.string(),
    after: z.string(),
  }),
  z.object({
    kind: z.literal("footprint-changed"),
    ref: z.string(),
    before: z.string(),
    after: z.string(),
  }),
  z.object({
    kind: z.literal("symbol-changed"),
    ref: z.string(),
    before: z.string(),
    after: z.string(),
  }),
  /** A manufacturer-part-number field (MPN, "Manufacturer Part Number", …). */
  z.object({
    kind: z.literal("mpn-changed"),
    ref: z.string(),
    field: z.string(),
    before: z.string().nullable(),
    after: z.string().nullable(),
  }),
  /** Any other field; null means the field is absent or empty on that side. */
  z.object({
    kind: z.literal("field-changed"),
    ref: z.string(),
    field: z.string(),
    before: z.string().nullable(),
    after: z.string().nullable(),
  }),
  z.object({
    kind: z.literal("units-changed"),
    ref: z.string(),
    before: z.array(z.number().int()),
    after: z.array(z.number().int()),
  }),
  z.object({
    kind: z.literal("attribute-changed"),
    ref: z.string(),
    attribute: z.enum(partAttributes),
    before: z.boolean(),
    after: z.boolean(),
  }),
  z.object({
    kind: z.literal("part-sheet-changed"),
    ref: z.string(),
    before: z.array(z.string()),
    after: z.array(z.string()),
  }),
  /** A net with pins on both sides under different names (KiCad's own `Net-(…)` names aside). */
  z.object({
    kind: z.literal("net-renamed"),
    before: z.string(),
    after: z.string(),
    pins: z.number().int(),
  }),
  /** A net of pins that existed before; nets of added parts only come with those parts. */
  z.object({ kind: z.literal("net-added"), net: z.string(), pins: z.array(z.string()) }),
  z.object({ kind: z.literal("net-removed"), net: z.string(), pins: z.array(z.string()) }),
  /** A pin of a part on both sides that now sits on another net (null: on no net). */
  z.object({
    kind: z.literal("pin-moved"),
    ref: z.string(),
    pin: z.string(),
    pinName: z.string(),
    before: z.string().nullable(),
    after: z.string().nullable(),
  }),
]);

const footprintBasics = {
  ref: z.string(),
  footprint: z.string(),
  value: z.string(),
  side: z.enum(["front", "back"]),
  at: point,
};

/** One change to the board. */
export const boardChangeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("footprint-added"), ...footprintBasics }),
  z.object({ kind: z.literal("footprint-removed"), ...footprintBasics }),
  z.object({
    kind: z.literal("footprint-moved"),
    ref: z.string(),
    before: point,
    after: point,
    distance: z.number(),
  }),
  z.object({
    kind: z.literal("footprint-rotated"),
    ref: z.string(),
    before: z.number(),
    after: z.number(),
  }),
  z.object({
    kind: z.literal("footprint-flipped"),
    ref: z.string(),
    before: z.enum(["front", "back"]),
    after: z.enum(["front", "back"]),
  }),
  z.object({
    kind: z.literal("footprint-swapped"),
    ref: z.string(),
    before: z.string(),
    after: z.string(),
  }),
  z.object({
    kind: z.literal("footprint-value-changed"),
    ref: z.string(),
    before: z.string(),
    after: z.string(),
  }),
  z.object({
    kind: z.literal("pad-net-changed"),
    ref: z.string(),
    pad: z.string(),
    before: z.string().nullable(),
    after: z.string().nullable(),
  }),
  z.object({
    kind: z.literal("board-net-renamed"),
    before: z.string(),
    after: z.string(),
  }),
  /** Track segments and arcs on one net ("" for copper on no net); lengths in mm. */
  z.object({
    kind: z.literal("tracks-changed"),
    net: z.string(),
    added: z.number().int(),
    removed: z.number().int(),
    addedLength: z.number(),
    removedLength: z.number(),
    layers: z.array(z.string()),
  }),
  z.object({
    kind: z.literal("vias-changed"),
    net: z.string(),
    added: z.number().int(),
    removed: z.number().int(),
  }),
  /** Copper pours and rule areas, by their drawn outline (fill is KiCad's to recompute). */
  z.object({
    kind: z.literal("zones-changed"),
    net: z.string(),
    added: z.number().int(),
    removed: z.number().int(),
    reshaped: z.number().int(),
    layers: z.array(z.string()),
  }),
  z.object({
    kind: z.literal("outline-changed"),
    added: z.number().int(),
    removed: z.number().int(),
    before: box.nullable(),
    after: box.nullable(),
  }),
]);

export type SchematicChange = z.infer<typeof schematicChangeSchema>;
export type BoardChange = z.infer<typeof boardChangeSchema>;

const beforeAfter = z.object({ before: z.number().nullable(), after: z.number().nullable() });

/** Violations of one kind on each side (null: that side has no such file). */
const kindCount = z.object({
  kind: z.string(),
  before: z.number().int(),
  after: z.number().int(),
});

const ruleCheck = z.object({
  errors: beforeAfter,
  warnings: beforeAfter,
  /** Every kind present on either side, by kind. */
  byKind: z.array(kindCount),
});

export const checksSchema = z.object({
  /** kicad-cli ERC plus copperhead's annotation check; null when neither side has a schematic. */
  erc: ruleCheck.nullable(),
  /** kicad-cli DRC (violations and unconnected items); null when neither side has a board. */
  drc: ruleCheck.nullable(),
  legibility: z
    .object({
      errors: beforeAfter,
      advisories: beforeAfter,
      byKind: z.array(kindCount),
    })
    .nullable(),
  /** The schematic score (0–100). */
  score: beforeAfter.nullable(),
  /** Share of the board's connections routed (0–1): 1 − unconnected ÷ connections. */
  routed: beforeAfter.nullable(),
});

export const pictureSchema = z.object({
  /** A schematic page (sheet instance path) or a board layer. */
  kind: z.enum(["sheet", "layer"]),
  name: z.string(),
  /** The whole page, changed regions outlined. Relative to the working directory. */
  overview: z.string(),
  /** One picture per changed region, at reading scale. */
  crops: z.array(z.string()),
  /** Drawn primitives only before (red) and only after (green). */
  removed: z.number().int(),
  added: z.number().int(),
});

export const diffReportSchema = z.object({
  schema: z.literal(1),
  command: z.literal("diff"),
  before: revisionSchema,
  after: revisionSchema,
  /** The design compared, as paths inside the repository (null: not found on either side). */
  design: z.object({ schematic: z.string().nullable(), board: z.string().nullable() }),
  /** True when neither the schematic nor the board changed. */
  identical: z.boolean(),
  schematic: z.object({
    /** `absent`: on neither side; `unchanged`: the files are byte-identical. */
    status: z.enum(["compared", "unchanged", "absent"]),
    sheets: beforeAfter,
    parts: beforeAfter,
    nets: beforeAfter,
    /** Power nets (named by power symbols) that a change touches. */
    powerRailsTouched: z.array(z.string()),
    changes: z.array(schematicChangeSchema),
  }),
  board: z.object({
    status: z.enum(["compared", "unchanged", "absent"]),
    footprints: beforeAfter,
    tracks: beforeAfter,
    vias: beforeAfter,
    changes: z.array(boardChangeSchema),
  }),
  /** null with --no-checks. */
  checks: checksSchema.nullable(),
  /** null without --images. */
  pictures: z.array(pictureSchema).nullable(),
});

export type DiffReport = z.infer<typeof diffReportSchema>;
export type DiffChecks = z.infer<typeof checksSchema>;
export type DiffPicture = z.infer<typeof pictureSchema>;
export type BeforeAfter = z.infer<typeof beforeAfter>;
