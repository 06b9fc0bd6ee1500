import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { KICAD_CACHE_ENV } from "./cache-env.js";

declare module "vitest" {
  export interface ProvidedContext {
    kicadCacheDir: string;
  }
}

/**
 * vitest globalSetup: one scratch folder per `vitest run` where test files share kicad-cli
 * results for the unchanging demo corpus (see test/helpers/kicad-cache.ts); removed at the end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), "copperhead-test-kicad-cache-"));
  project.provide("kicadCacheDir", dir);
  process.env[KICAD_CACHE_ENV] = dir;
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
