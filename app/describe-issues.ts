import type { z } from "zod";

/** "path: message; path: message" for the first `max` issues of a failed parse. */
export function describeIssues(error: z.ZodError, max = 4): string {
  return error.issues
    .slice(0, max)
    .map((i) => `${i.path.join(".") || "(top level)"}: ${i.message}`)
    .join("; ");
}
