import { randomUUID } from "node:crypto";
import { chmod, rename, rm, stat, writeFile } from "node:fs/promises";

/**
 * Writes one file through a temporary file beside it and a rename: a reader sees the old bytes
 * or the new ones, never half a file, and a failure leaves the old file untouched. A replaced
 * file keeps its mode (a rename would otherwise give it the default one). A draft's several
 * files go through write-draft.ts instead, which stages them all before renaming any.
 */
export async function writeAtomic(
  path: string,
  bytes: Parameters<typeof writeFile>[1],
): Promise<void> {
  const temp = `${path}.${randomUUID()}.tmp`;
  const mode = await stat(path).then(
    (s) => s.mode & 0o7777,
    () => undefined,
  );
  try {
    await writeFile(temp, bytes);
    if (mode !== undefined) await chmod(temp, mode);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
