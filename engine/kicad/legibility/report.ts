import { z } from "zod";
import { legibilityFindingSchema } from "./finding.js";

/**
 * The checker's answer for a whole hierarchy. `counts` covers EVERY finding, including those
 * the per-family cap kept out of `findings` (listed in `suppressed`), so a gate or a score cap
 * never underestimates. `skipped` names checks that could not run and why; `disabled` the
 * families config turned off.
 */
export const legibilityReportSchema = z.object({
  findings: z.array(legibilityFindingSchema),
  counts: z.object({
    error: z.number().int().nonnegative(),
    advisory: z.number().int().nonnegative(),
  }),
  skipped: z.array(z.object({ family: z.string(), reason: z.string() })),
  disabled: z.array(z.string()),
  suppressed: z.array(
    z.object({ family: z.string(), sheet: z.string(), count: z.number().int().positive() }),
  ),
  sheets: z.number().int().nonnegative(),
});

export type LegibilityReport = z.infer<typeof legibilityReportSchema>;
