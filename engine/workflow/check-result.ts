import { z } from "zod";
import { checkReportSchema } from "../check/check-report.js";

/**
 * check-result.json, the file in the `copperhead-check` artifact (github-contract.md): what the
 * check workflows write and the App validates (untrusted until it matches and names the run's
 * repository, commit and pull request).
 */
export const checkResultSchema = z.strictObject({
  schema: z.literal(1),
  repository: z.string().regex(/^[^/\s]+\/[^/\s]+$/),
  sha: z.string().regex(/^[0-9a-f]{40}$/),
  pr: z.int().positive().nullable(),
  report: checkReportSchema,
});

export type CheckResult = z.infer<typeof checkResultSchema>;
