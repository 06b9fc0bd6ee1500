import { readText } from "./read-text.js";

/**
 * A text file's content, or undefined when it does not exist. Only a missing file is "absent":
 * a permission error or a folder in its place still throws (naming the path), so a broken
 * checkout is never mistaken for a fresh one.
 */
export async function readOptional(path: string): Promise<string | undefined> {
  try {
    return await readText(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
