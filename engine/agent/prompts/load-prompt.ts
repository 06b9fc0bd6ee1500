import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { CopperheadError } from "../../errors.js";

/** A prompt file that cannot be found next to the code or in the source tree. */
export class PromptMissingError extends CopperheadError {}

/**
 * Loads `<name>.md` from this folder at run time, so prompts are reviewed as prose rather than
 * as string literals. tsc does not copy .md files into dist/, so a built copperhead falls back to
 * the same file in the source tree it was built from.
 */
export async function loadPrompt(name: string): Promise<string> {
  const here = import.meta.dirname;
  const candidates = [
    join(here, `${name}.md`),
    resolve(here, "../../../../engine/agent/prompts", `${name}.md`),
  ];
  for (const file of candidates) {
    try {
      return await readFile(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  throw new PromptMissingError(
    `the ${name} prompt is missing (looked in ${candidates.join(", ")})`,
    "reinstall copperhead, or restore engine/agent/prompts from git",
  );
}
