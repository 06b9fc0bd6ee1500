import type { Evidence } from "../evidence.js";
import { filesMatching } from "./repo-files.js";

/**
 * Evidence that a pattern matches at least one file and that none of the matched files is
 * empty. Used where the real (KiCad) evidence arrives with the pipeline.
 */
export async function nonEmptyFiles(
  repo: string,
  pattern: string,
  check: string,
): Promise<Evidence> {
  const files = await filesMatching(repo, pattern);
  if (files.length === 0) return { check, ok: false, detail: `no file matches ${pattern}` };
  const empty = files.filter((f) => f.size === 0).map((f) => f.path);
  if (empty.length > 0) return { check, ok: false, detail: `empty: ${empty.join(", ")}` };
  const names = files.map((f) => f.path);
  const shown =
    names.length > 5
      ? `${names.slice(0, 5).join(", ")} and ${names.length - 5} more`
      : names.join(", ");
  return { check, ok: true, detail: `${files.length} non-empty: ${shown}` };
}
