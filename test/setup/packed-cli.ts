import type { TestProject } from "vitest/node";
import { runFolder } from "./run-folder.js";

/** The variable through which the run's packed-CLI folder reaches worker processes. */
export const PACKED_CLI_ENV = "COPPERHEAD_TEST_PACKED_CLI";

declare module "vitest" {
  export interface ProvidedContext {
    packedCliDir: string;
  }
}

/**
 * vitest globalSetup: the folder where the first test that asks builds the CLI, packs it and
 * installs the tarball (test/helpers/packed-cli.ts); every other test of the run reuses that.
 * Nothing is built for a run that never asks.
 */
export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return runFolder(project, {
    key: "packedCliDir",
    env: PACKED_CLI_ENV,
    prefix: "copperhead-test-packed-",
  });
}
