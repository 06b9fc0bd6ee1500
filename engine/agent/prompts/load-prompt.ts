import { readFile } from "node:fs/promises";
import { CopperheadError, type ErrorCategory } from "../../errors.js";
import { packageFile } from "../../package/package-root.js";

/** A prompt file that is not in the installed package. */
export class PromptMissingError extends CopperheadError {
  static override readonly category: ErrorCategory = "environment";
}

/** Where the agent's own prompts live, from the package root. */
export const PROMPTS_DIR = "engine/agent/prompts";

/**
 * Loads a prompt at run time, so prompts are reviewed as prose rather than as string literals.
 * `name` is a prompt of this folder ("do" → engine/agent/prompts/do.md) or a path from the
 * package root (a stage's "stages/spec/prompt.md"). Prompts are read from the package root, the
 * same place in a checkout and in an install: package.json `files` ships them beside dist/.
 */
export async function loadPrompt(name: string): Promise<string> {
  const path = name.includes("/") ? name : `${PROMPTS_DIR}/${name}.md`;
  const file = packageFile(path);
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    throw new PromptMissingError(
      `the prompt ${path} is missing from the installed copperhead (looked at ${file})`,
      "reinstall copperhead; in a checkout, restore the file from git",
      { cause: error },
    );
  }
}
