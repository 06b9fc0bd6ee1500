import { z } from "zod";
import type { Violation } from "../violation.js";
import { coordinateUnitsSchema, reportEntrySchema, toViolation } from "./report-entry.js";

/**
 * kicad-cli's ERC JSON. KiCad 9 nests violations per sheet instance (`sheets[].violations`);
 * older reports list them at the top level. Both are accepted, never neither.
 */
export const ercReportSchema = z
  .looseObject({
    coordinate_units: coordinateUnitsSchema,
    kicad_version: z.string().optional(),
    source: z.string().optional(),
    sheets: z
      .array(
        z.looseObject({
          path: z.string(),
          uuid_path: z.string().optional(),
          violations: z.array(reportEntrySchema).default([]),
        }),
      )
      .optional(),
    violations: z.array(reportEntrySchema).optional(),
  })
  .refine((report) => report.sheets !== undefined || report.violations !== undefined, {
    message: "an ERC report needs `sheets` (KiCad 9) or a top-level `violations` list",
  });

export interface ErcReport {
  /** The file kicad-cli checked, as it names it (basename). */
  source: string | undefined;
  kicadVersion: string | undefined;
  /** Sheet instance paths in report order (`/`, `/power/`); empty for the old top-level shape. */
  sheets: string[];
  violations: Violation[];
}

export interface ErcReadOptions {
  /** kicad-cli's ERC position bug: reported values are 1/100 of the truth. Default 100. */
  positionFactor?: number;
}

/** Parses an ERC JSON document into copperhead violations with true sheet positions (mm). */
export function readErcReport(json: unknown, options: ErcReadOptions = {}): ErcReport {
  const report = ercReportSchema.parse(json);
  const scale = {
    units: report.coordinate_units,
    factor: options.positionFactor ?? 100,
    decimals: 4,
  };
  const sheets = report.sheets ?? [];
  const violations = [
    ...(report.violations ?? []).map((entry) => toViolation(entry, scale)),
    ...sheets.flatMap((sheet) =>
      sheet.violations.map((entry) => toViolation(entry, scale, sheet.path)),
    ),
  ];
  return {
    source: report.source,
    kicadVersion: report.kicad_version,
    sheets: sheets.map((sheet) => sheet.path),
    violations,
  };
}
