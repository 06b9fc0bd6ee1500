import { z } from "zod";

const pointSchema = z.object({ x: z.number(), y: z.number() });

/**
 * A board-level finding from copperhead's own geometry checks: what is wrong, where (board mm),
 * which footprints, and the concrete fix. `gap` names both ends of an opening in the outline.
 */
export const boardFindingSchema = z.object({
  kind: z.enum(["outline-missing", "outline-open", "footprint-outside-outline"]),
  severity: z.enum(["error", "advisory"]),
  at: pointSchema,
  refs: z.array(z.string()),
  detail: z.string(),
  gap: z.object({ from: pointSchema, to: pointSchema, length: z.number() }).optional(),
});

export type BoardFinding = z.infer<typeof boardFindingSchema>;
