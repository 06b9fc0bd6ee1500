import { z } from "zod";
import type { Violation } from "../violation.js";
import { coordinateUnitsSchema, reportEntrySchema, toViolation } from "./report-entry.js";

/** kicad-cli's DRC JSON: three separate lists, positions already correct. */
export const drcReportSchema = z.looseObject({
  coordinate_units: coordinateUnitsSchema,
  kicad_version: z.string().optional(),
  source: z.string().optional(),
  violations: z.array(reportEntrySchema).default([]),
  unconnected_items: z.array(reportEntrySchema).default([]),
  schematic_parity: z.array(reportEntrySchema).default([]),
});

export interface DrcReport {
  source: string | undefined;
  kicadVersion: string | undefined;
  /** Design-rule violations (clearance, courtyards, silk, library checks, …). */
  violations: Violation[];
  /** Ratsnest lines still to route: `unconnected_items`. */
  unconnected: Violation[];
  /** Board vs schematic differences; only filled when parity was requested. */
  parity: Violation[];
}

export function readDrcReport(json: unknown): DrcReport {
  const report = drcReportSchema.parse(json);
  const scale = { units: report.coordinate_units, factor: 1, decimals: 6 };
  return {
    source: report.source,
    kicadVersion: report.kicad_version,
    violations: report.violations.map((entry) => toViolation(entry, scale)),
    unconnected: report.unconnected_items.map((entry) => toViolation(entry, scale)),
    parity: report.schematic_parity.map((entry) => toViolation(entry, scale)),
  };
}
