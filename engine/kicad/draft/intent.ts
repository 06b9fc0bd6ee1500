import { z } from "zod";

/** The one IR version this engine reads. */
export const INTENT_VERSION = 1;

/** Papers the drafter may be pinned to; without a hint it picks the smallest that fits. */
export const INTENT_PAPERS = ["A5", "A4", "A3", "A2", "A1", "A0"] as const;

/** The title-block date when the intent gives none: fixed, so a redraft is byte-identical. */
export const DEFAULT_DRAFT_DATE = "2020-01-01";

/** `REF.PIN`: everything before the first dot is the reference, the rest the pin number or name. */
const endpoint = z
  .string()
  .regex(/^[^.\s]+\.\S+$/, 'an endpoint is "REF.PIN", e.g. "R1.2" or "U1.VDD"')
  .describe('"REF.PIN": the part reference, a dot, then a pin number or an unambiguous pin name');

// Quotes, backslashes and control characters cannot round-trip through label and power-symbol text.
const netName = z
  .string()
  .min(1)
  .regex(
    /^[^"\\\u0000-\u001f\u007f]+$/,
    "a net name may not hold quotes, backslashes or control characters",
  )
  .describe("The net name, drawn on labels and power symbols");

export const intentPartSchema = z
  .object({
    ref: z
      .string()
      .regex(/^[A-Za-z_]+[A-Za-z0-9_]*\d+$/, "a reference is letters then a number, e.g. R1 or U12")
      .describe(
        "Reference designator, e.g. R1; multi-unit parts take no unit letter (U1, not U1A)",
      ),
    libId: z
      .string()
      .regex(/^[^:\s]+:[^:]+$/, 'a libId is "Library:Symbol", e.g. "Device:R"')
      .describe('KiCad symbol "Library:Symbol" from the installed libraries, e.g. "Device:R"'),
    value: z.string().min(1).describe("The Value field, e.g. 10k or USB4105-GF-A"),
    footprint: z
      .string()
      .optional()
      .describe('KiCad footprint "Library:Footprint", written verbatim into the Footprint field'),
    group: z
      .string()
      .min(1)
      .describe(
        "The subsystem the part belongs to (a docs/SUBSYSTEMS.md heading when that file exists)",
      ),
  })
  .strict();

export const intentNetSchema = z
  .object({
    name: netName,
    pins: z.array(endpoint).describe("Every pin on the net, at least two"),
    kind: z
      .enum(["power", "ground", "signal"])
      .optional()
      .describe(
        "power and ground nets are drawn with power symbols; inferred from pin types when absent",
      ),
    namedByPerson: z
      .boolean()
      .optional()
      .describe(
        "The name is a person's (a label of the original a redraft reads), not one made from a pin: its lone label stays even where the name only restates its own pin (U1_TX on U1's TX)",
      ),
  })
  .strict();

export const intentNoteSchema = z
  .object({
    group: z
      .string()
      .min(1)
      .optional()
      .describe("The group the note sits in; absent: a sheet-wide note"),
    text: z.string().min(1).describe("The note text; newlines start new lines"),
  })
  .strict();

export const intentSheetSchema = z
  .object({
    name: z.string().min(1).describe("The sheet's name on its sheet symbol, e.g. Power"),
    groups: z.array(z.string().min(1)).min(1).describe("The groups drawn on this sheet"),
  })
  .strict();

export const intentInstanceSchema = z
  .object({
    group: z.string().min(1).describe("The repeated group, e.g. Channel 2"),
    of: z
      .string()
      .min(1)
      .describe(
        "The group whose sheet it instances, e.g. Channel 1: the same parts and nets up to names",
      ),
  })
  .strict();

export const intentHintsSchema = z
  .object({
    groupOrder: z
      .array(z.string().min(1))
      .optional()
      .describe(
        "Reading order of the groups (left to right, top to bottom); unlisted groups follow by name",
      ),
    paper: z
      .enum(INTENT_PAPERS)
      .optional()
      .describe("Pin the paper; absent: the smallest that fits"),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "a date is YYYY-MM-DD")
      .optional()
      .describe(`Title-block date, YYYY-MM-DD (default ${DEFAULT_DRAFT_DATE}, never the clock)`),
    sheets: z
      .array(intentSheetSchema)
      .optional()
      .describe(
        "Draw a hierarchy: these sheets, each holding its groups (a group not listed gets a sheet of its own); absent: one sheet, or a hierarchy when one sheet would need more than A3",
      ),
    instances: z
      .array(intentInstanceSchema)
      .optional()
      .describe(
        "Groups drawn as another instance of an identical group's sheet (one sub-sheet, placed once per instance)",
      ),
  })
  .strict();

/** KiCad's title block has nine comment lines. */
export const TITLE_BLOCK_COMMENTS = 9;

export const intentTitleBlockSchema = z
  .object({
    date: z
      .string()
      .min(1)
      .optional()
      .describe(
        "Title-block date as free text, verbatim (e.g. a redrafted sheet's original date); takes precedence over hints.date",
      ),
    rev: z.string().min(1).optional().describe('Title-block revision; default "A"'),
    company: z.string().min(1).optional().describe("Title-block company"),
    comments: z
      .array(z.string())
      .max(TITLE_BLOCK_COMMENTS)
      .optional()
      .describe(
        "Title-block comment lines 1–9 in order (an empty string keeps a line free); sheet-wide notes follow them",
      ),
  })
  .strict();

export const intentSchema = z
  .object({
    version: z.literal(INTENT_VERSION).describe("IR version; this engine reads 1"),
    title: z.string().min(1).optional().describe("Title-block title; default: the sheet file name"),
    parts: z
      .array(intentPartSchema)
      .describe("Every part on the sheet (power symbols are not parts)"),
    nets: z.array(intentNetSchema).describe("Every net, by its pins"),
    noConnect: z
      .array(endpoint)
      .optional()
      .describe("Pins deliberately left unconnected; they get no-connect markers"),
    hints: intentHintsSchema.optional(),
    notes: z.array(intentNoteSchema).optional().describe("Text blocks placed on the sheet"),
    titleBlock: intentTitleBlockSchema
      .optional()
      .describe("Title-block fields besides the title (a redraft carries the original's)"),
  })
  .strict()
  .describe("copperhead netlist-intent IR: what is connected to what, never where it is drawn");

export type IntentPart = z.infer<typeof intentPartSchema>;
export type IntentNet = z.infer<typeof intentNetSchema>;
export type IntentNote = z.infer<typeof intentNoteSchema>;
export type IntentHints = z.infer<typeof intentHintsSchema>;
export type IntentSheet = z.infer<typeof intentSheetSchema>;
export type IntentInstance = z.infer<typeof intentInstanceSchema>;
export type IntentTitleBlock = z.infer<typeof intentTitleBlockSchema>;
export type Intent = z.infer<typeof intentSchema>;

/** The IR as JSON Schema (draft 2020-12): the model's tool schema and the schema in docs/intent.md. */
export function intentJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(intentSchema) as Record<string, unknown>;
}

/** Splits `REF.PIN` at the first dot (pin names may hold dots, references never do). */
export function splitEndpoint(text: string): { ref: string; pin: string } {
  const dot = text.indexOf(".");
  return { ref: text.slice(0, dot), pin: text.slice(dot + 1) };
}

/** Where a repo keeps the IR its engine-drafted sheet comes from (DESIGN.md §3). */
export const DEFAULT_INTENT_PATH = "hardware/schematic.intent.json";
