import { randomUUID } from "node:crypto";
import { rename, rm, writeFile } from "node:fs/promises";

/**
 * Writes through a temporary file beside the target and renames it into place: a reader sees
 * the old bytes or the new ones, never half a file, and a failure leaves the old file untouched.
 */
export async function writeAtomic(
  path: string,
  bytes: Parameters<typeof writeFile>[1],
): Promise<void> {
  const temp = `${path}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, bytes);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
