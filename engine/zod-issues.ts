import type { z } from "zod";

/**
 * A zod error as one line for a person: `path: message` per issue, `; `-joined, the first
 * `limit` of them; `top` names an issue about the whole value (an empty path).
 */
export function describeIssues(
  error: z.ZodError,
  options: { top?: string; limit?: number } = {},
): string {
  const top = options.top ?? "(top level)";
  return error.issues
    .slice(0, options.limit ?? error.issues.length)
    .map((i) => `${i.path.join(".") || top}: ${i.message}`)
    .join("; ");
}
