import { z } from "zod";
import { UsageError } from "../errors.js";
import { describeIssues } from "../zod-issues.js";

/**
 * The variables a `copperhead job` step reads, validated once: the generated workflow sets
 * them from its inputs (`env:` only), and a dispatch input is text anyone with write access
 * (and, for the pull-request workflow, a fork) chose.
 */
const branchName = z
  .string()
  .min(1)
  .max(250)
  .refine(
    (b) =>
      !/[\s~^:?*[\\\u0000-\u001f\u007f]/.test(b) &&
      !b.startsWith("-") &&
      !b.startsWith("/") &&
      !b.endsWith("/") &&
      !b.endsWith(".") &&
      !b.endsWith(".lock") &&
      !b.includes("..") &&
      !b.includes("@{") &&
      !b.includes("//"),
    { message: "is not a valid branch name" },
  );

export function readJobEnv<T extends z.ZodRawShape>(
  env: NodeJS.ProcessEnv,
  shape: T,
  step: string,
): z.infer<z.ZodObject<T>> {
  const parsed = z.object(shape).safeParse(env);
  if (parsed.success) return parsed.data;
  throw new UsageError(
    `copperhead job ${step}: ${describeIssues(parsed.error, { limit: 3 })}`,
    "run it from the generated workflow (copperhead install-workflow), which sets these variables",
  );
}

export const jobVars = {
  branch: branchName,
  token: z.string().optional(),
  sha: z.string().regex(/^[0-9a-f]{40}$/, "must be a full 40-hex commit id"),
  pr: z
    .string()
    .regex(/^(|[1-9][0-9]{0,9})$/, "must be a pull request number or empty")
    .transform((v) => (v === "" ? null : Number(v))),
  repository: z.string().regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, "must be owner/name"),
};
