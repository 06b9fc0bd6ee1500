import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

/** The variable through which the run's packed-CLI folder reaches worker processes. */
export const PACKED_CLI_ENV = "COPPERHEAD_TEST_PACKED_CLI";

declare module "vitest" {
  export interface ProvidedContext {
    packedCliDir: string;
  }
}

/**
 * vitest globalSetup: one folder per `vitest run`, outside the checkout, where the first test
 * that asks builds the CLI, packs it and installs the tarball (test/helpers/packed-cli.ts); every
 * other test of the run reuses that. Nothing is built for a run that never asks. Removed at the end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), "copperhead-test-packed-"));
  project.provide("packedCliDir", dir);
  process.env[PACKED_CLI_ENV] = dir;
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
