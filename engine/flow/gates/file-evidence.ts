import { stat } from "node:fs/promises";
import { join } from "node:path";
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

/** Evidence that one named file exists and is not empty (any name: no pattern syntax). */
export async function nonEmptyFile(repo: string, path: string, check: string): Promise<Evidence> {
  const size = await stat(join(repo, path)).then(
    (s) => (s.isFile() ? s.size : undefined),
    () => undefined,
  );
  if (size === undefined) return { check, ok: false, detail: `${path} does not exist` };
  if (size === 0) return { check, ok: false, detail: `empty: ${path}` };
  return { check, ok: true, detail: `${path} (${size} bytes)` };
}
