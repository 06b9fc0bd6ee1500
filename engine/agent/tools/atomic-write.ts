import { randomBytes } from "node:crypto";
import { link, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/**
 * Writes `text` to `path` through a temp file in the same folder and a rename, so a crash or
 * a concurrent reader never sees half a file (rename within one folder is atomic on POSIX).
 * `mode` keeps an edited file's permissions (a fresh temp file would get the default).
 */
export async function atomicWrite(path: string, text: string, mode?: number): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    await writeFile(temp, text, { encoding: "utf8", ...(mode === undefined ? {} : { mode }) });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Like atomicWrite, but only for a file that does not exist yet: the temp file is hard-linked
 * into place, which fails with EEXIST if something appeared meanwhile (rename would replace it).
 * Returns false when the file already exists.
 */
export async function atomicCreate(path: string, text: string): Promise<boolean> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    await writeFile(temp, text, "utf8");
    await link(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}
