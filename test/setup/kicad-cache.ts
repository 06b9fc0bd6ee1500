import type { TestProject } from "vitest/node";
import { KICAD_CACHE_ENV } from "./cache-env.js";
import { runFolder } from "./run-folder.js";

declare module "vitest" {
  export interface ProvidedContext {
    kicadCacheDir: string;
  }
}

/**
 * vitest globalSetup: the folder where test files share kicad-cli results for the unchanging
 * demo corpus (see test/helpers/kicad-cache.ts).
 */
export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return runFolder(project, {
    key: "kicadCacheDir",
    env: KICAD_CACHE_ENV,
    prefix: "copperhead-test-kicad-cache-",
  });
}
