import { z } from "zod";

/** Where machine-readable budgets live (the spec stage owns it; DESIGN.md §3). */
export const CONSTRAINTS_PATH = ".copperhead/constraints.json";

/** One budget: a dotted key, where it came from, its bounds, and what it constrains. */
export const constraintSchema = z
  .object({
    key: z
      .string()
      .regex(/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)+$/, "a dotted key such as power.sleep_current_uA")
      .describe("dotted key naming the quantity and its unit, e.g. power.sleep_current_uA"),
    source: z
      .string()
      .min(1)
      .describe(
        'where the number comes from: brief: "<the brief\'s exact words>", or ASSUMED: <why> (anything the brief did not say)',
      ),
    min: z.number().optional(),
    max: z.number().optional(),
    value: z
      .union([z.number(), z.string().min(1)])
      .optional()
      .describe("an exact required value"),
    forbidden: z
      .array(z.string().min(1))
      .optional()
      .describe("values or parts that are not allowed"),
    unit: z.string().min(1).optional(),
    affects: z
      .array(z.string().min(1))
      .default([])
      .describe("repo files or design items the budget constrains (e.g. docs/BOM.md, U1)"),
  })
  .refine(
    (c) =>
      c.min !== undefined ||
      c.max !== undefined ||
      c.value !== undefined ||
      c.forbidden !== undefined,
    { message: "a constraint needs at least one of min, max, value or forbidden" },
  )
  .refine((c) => c.min === undefined || c.max === undefined || c.min <= c.max, {
    message: "min must not exceed max",
  });

export type Constraint = z.output<typeof constraintSchema>;

export const constraintsFileSchema = z.object({
  schema: z.literal(1),
  constraints: z.array(constraintSchema),
});

export type ConstraintsFile = z.output<typeof constraintsFileSchema>;

/** The file's text: keys sorted so a re-recorded budget does not reorder the diff. */
export function constraintsText(constraints: readonly Constraint[]): string {
  const sorted = [...constraints].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return `${JSON.stringify({ schema: 1, constraints: sorted }, null, 2)}\n`;
}
