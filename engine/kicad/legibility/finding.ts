import { z } from "zod";

/**
 * A schematic legibility finding: what is wrong, where (sheet and mm on that sheet), which
 * items (refdes, group captions, empty field names, or the sheet), and the concrete fix.
 */
export const legibilityFindingSchema = z.object({
  kind: z.string(),
  severity: z.enum(["error", "advisory"]),
  sheet: z.string(),
  at: z.object({ x: z.number(), y: z.number() }),
  refs: z.array(z.string()),
  detail: z.string(),
});

export type LegibilityFinding = z.infer<typeof legibilityFindingSchema>;
