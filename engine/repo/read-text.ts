import { readFile } from "node:fs/promises";
import { fileErrorOf, withPath } from "../file-error.js";

/**
 * A text file's content as UTF-8. A file system error comes back as a FileAccessError naming
 * the path and the fix (its `code` is Node's errno code), so callers that handle
 * CopperheadErrors — the gates, the tools, the faces — handle a folder in a file's place too.
 */
export async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    throw fileErrorOf(withPath(error, path)) ?? error;
  }
}
