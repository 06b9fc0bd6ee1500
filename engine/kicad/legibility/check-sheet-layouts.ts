import { roundPoint } from "../geometry/point.js";
import type { VocabularyResult } from "./caption-vocabulary.js";
import { type LegibilityConfig, parseLegibilityConfig } from "./config.js";
import { FAMILIES, type FamilyKind, familyIndex, type Severity } from "./families.js";
import { FAMILY_CHECKS, PAGE_FAMILIES } from "./family-checks.js";
import type { LegibilityFinding } from "./finding.js";
import type { LegibilityReport } from "./report.js";
import { sheetContext } from "./sheet-context.js";
import type { SheetLayout } from "./sheet-layout.js";

export interface CheckOptions {
  /** The parsed `legibility` config section (default: every default). */
  config?: LegibilityConfig | undefined;
  /**
   * The group-caption vocabulary from the repo's docs, or why there is none. Omitted: the
   * caption check is skipped with the reason "no docs directory provided".
   */
  vocabulary?: VocabularyResult | undefined;
}

/**
 * The legibility checker over already-built sheet layouts (one per sheet instance, root
 * first). Pure: same layouts and options, same report, byte for byte.
 */
export function checkSheetLayouts(
  sheets: readonly SheetLayout[],
  options: CheckOptions = {},
): LegibilityReport {
  const config = options.config ?? parseLegibilityConfig(undefined);
  const severityOf = (kind: FamilyKind): Severity | "off" =>
    config.severity[kind] ?? FAMILIES.find((f) => f.kind === kind)!.severity;
  const disabled = FAMILIES.filter((f) => severityOf(f.kind) === "off").map((f) => f.kind);
  const vocabularyResult = options.vocabulary ?? { skipReason: "no docs directory provided" };
  const vocabulary = "vocabulary" in vocabularyResult ? vocabularyResult.vocabulary : undefined;

  const skipped: LegibilityReport["skipped"] = [];
  const collected: Array<LegibilityFinding & { order: number; sheetIndex: number }> = [];
  const suppressed: LegibilityReport["suppressed"] = [];
  const counts = { error: 0, advisory: 0 };
  let order = 0;
  let draftingApplied = false;

  sheets.forEach((sheet, sheetIndex) => {
    const ctx = sheetContext(sheet, config.thresholds, vocabulary);
    const drafting =
      config.draftingConventions === "always" ||
      (config.draftingConventions === "auto" && sheet.engineAuthored);
    // Hand-drawn sheets are not held to the engine's drafting conventions: that is by design,
    // not a skipped check, so it is not reported as one.
    if (drafting) draftingApplied = true;
    if (!ctx.frame) {
      skipped.push({
        family: "page-checks",
        reason: `sheet ${sheet.path} (${sheet.file}) declares paper "${sheet.paperName}", which KiCad does not know; out-of-frame and low-utilization were not checked there`,
      });
    }

    for (const family of FAMILIES) {
      const severity = severityOf(family.kind);
      if (severity === "off") continue;
      if (family.drafting && !drafting) continue;
      if (PAGE_FAMILIES.has(family.kind) && !ctx.frame) continue;
      const drafts = FAMILY_CHECKS[family.kind](ctx);
      counts[severity] += drafts.length;
      const cap = config.thresholds.familyCap;
      if (drafts.length > cap) {
        suppressed.push({ family: family.kind, sheet: sheet.path, count: drafts.length - cap });
      }
      for (const d of drafts.slice(0, cap)) {
        collected.push({
          kind: family.kind,
          severity,
          sheet: sheet.path,
          at: roundPoint(d.at),
          refs: d.refs,
          detail: d.detail,
          order: order++,
          sheetIndex,
        });
      }
    }
  });

  if (draftingApplied && !vocabulary && severityOf("unlabeled-group") !== "off") {
    skipped.push({
      family: "caption-validation",
      reason: "skipReason" in vocabularyResult ? vocabularyResult.skipReason : "no vocabulary",
    });
  }

  collected.sort(
    (a, b) =>
      familyIndex(a.kind as FamilyKind) - familyIndex(b.kind as FamilyKind) ||
      a.sheetIndex - b.sheetIndex ||
      a.order - b.order,
  );
  const findings = collected.map(({ order: _o, sheetIndex: _s, ...f }) => f);
  return { findings, counts, skipped, disabled, suppressed, sheets: sheets.length };
}
