import { z } from "zod";
import { type Violation, violationSchema } from "../violation.js";

/**
 * One entry of a kicad-cli ERC/DRC JSON report, as kicad-cli 9 writes it. Loose on purpose:
 * the published erc.v1.json/drc.v1.json schemas already lag what kicad-cli emits (they lack
 * `comment`, `included_severities`), so unknown keys are tolerated and dropped.
 */
export const reportItemSchema = z.looseObject({
  description: z.string(),
  pos: z.looseObject({ x: z.number(), y: z.number() }).optional(),
  uuid: z.string().optional(),
});

export const reportEntrySchema = z.looseObject({
  type: z.string(),
  severity: z.enum(["error", "warning", "exclusion", "info"]),
  description: z.string(),
  items: z.array(reportItemSchema).default([]),
  excluded: z.boolean().optional(),
});

export type ReportEntry = z.infer<typeof reportEntrySchema>;

export const coordinateUnitsSchema = z.enum(["mm", "mils", "in"]).default("mm");

const MM_PER_UNIT = { mm: 1, mils: 0.0254, in: 25.4 } as const;

export interface EntryScale {
  units: z.infer<typeof coordinateUnitsSchema>;
  /**
   * Extra factor kicad-cli owes us: 100 for ERC (kicad-cli 9 and 10 divide ERC positions and
   * the wire lengths in ERC descriptions by 100), 1 for DRC (correct).
   */
  factor: number;
  /** Decimal places kept in mm: 4 for schematics (100 nm units), 6 for boards (1 nm units). */
  decimals: number;
}

/** A report entry as a copperhead Violation: positions in true mm, lengths in texts fixed. */
export function toViolation(entry: ReportEntry, scale: EntryScale, sheet?: string): Violation {
  const toMm = (value: number) =>
    round(value * scale.factor * MM_PER_UNIT[scale.units], scale.decimals);
  return violationSchema.parse({
    type: entry.type,
    severity: entry.severity,
    description: fixLengths(entry.description, scale.factor),
    ...(sheet === undefined ? {} : { sheet }),
    items: entry.items.map((item) => ({
      description: fixLengths(item.description, scale.factor),
      ...(item.pos ? { pos: { x: toMm(item.pos.x), y: toMm(item.pos.y) } } : {}),
      ...(item.uuid === undefined ? {} : { uuid: item.uuid }),
    })),
    ...(entry.excluded === undefined ? {} : { excluded: entry.excluded }),
    source: "kicad-cli",
  });
}

/** "Horizontal Wire, length 0.1270 mm" → "… length 12.7000 mm" when factor is 100. */
function fixLengths(text: string, factor: number): string {
  if (factor === 1) return text;
  return text.replace(
    /\blength (\d+(?:\.(\d+))?) (mm|mils|in)\b/g,
    (_, value: string, fraction: string | undefined, unit: string) => {
      const fixed = (Number(value) * factor).toFixed(fraction?.length ?? 0);
      return `length ${fixed} ${unit}`;
    },
  );
}

function round(value: number, decimals: number): number {
  const rounded = Number(value.toFixed(decimals));
  return Object.is(rounded, -0) ? 0 : rounded;
}
