import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

let root: string | undefined;

/**
 * The folder of the installed copperhead package (where its package.json is), found by package
 * self-reference rather than by counting `..` from this file: the same answer from the sources
 * (vitest), from `dist/` of a checkout and from `node_modules/copperhead` of an install, whose
 * dependencies npm may have hoisted anywhere.
 */
export function copperheadRoot(): string {
  root ??= dirname(require.resolve("copperhead/package.json"));
  return root;
}

/**
 * A file shipped in the package (a prompt, a stage's prompt.md), by its path from the package
 * root — the same path it has in the source tree and in package.json `files`.
 */
export function packageFile(path: string): string {
  return join(copperheadRoot(), path);
}
