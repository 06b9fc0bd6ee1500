import { z } from "zod";

/**
 * The part of `.copperhead/constraints.json` the layout reads. The file's owner (the spec stage's
 * record_constraint, engine/agent/tools/constraints-file.ts) validates it fully; this view only
 * needs each entry's key and bounds, and ignores the rest.
 */
export const layoutConstraintSchema = z.looseObject({
  key: z.string(),
  value: z.union([z.number(), z.string()]).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  unit: z.string().optional(),
  source: z.string().optional(),
});

export type LayoutConstraint = z.output<typeof layoutConstraintSchema>;

export const layoutConstraintsFileSchema = z.looseObject({
  schema: z.literal(1),
  constraints: z.array(layoutConstraintSchema),
});
