import { stat } from "node:fs/promises";
import { join } from "node:path";
import type { Evidence } from "../evidence.js";

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
