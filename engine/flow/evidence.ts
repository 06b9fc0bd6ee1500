import { z } from "zod";

/** One named gate check and its computed result, e.g. `{check: "budgets-section", ok: true, …}`. */
export const evidenceSchema = z.object({
  check: z.string().min(1),
  ok: z.boolean(),
  detail: z.string(),
});

export type Evidence = z.infer<typeof evidenceSchema>;
