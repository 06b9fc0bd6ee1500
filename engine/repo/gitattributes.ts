import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readText } from "./read-text.js";

/**
 * Makes sure `.gitattributes` gives `path` git's union merge driver, so two branches that both
 * appended lines merge by keeping both sides' lines instead of conflicting. Idempotent; returns
 * whether the file was changed.
 */
export async function ensureUnionMerge(repo: string, path: string): Promise<boolean> {
  const file = join(repo, ".gitattributes");
  let text = "";
  try {
    text = await readText(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const present = text.split(/\r?\n/).some((line) => {
    const [pattern, ...attrs] = line.trim().split(/\s+/);
    return pattern === path && attrs.includes("merge=union");
  });
  if (present) return false;
  const separator = text === "" || text.endsWith("\n") ? "" : "\n";
  await writeFile(file, `${text}${separator}${path} merge=union\n`);
  return true;
}
