import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { assertDemoUntouched } from "../helpers/finished-demo-guard.js";

/** The variable through which the run's finished-demo folder reaches worker processes. */
export const FINISHED_DEMO_ENV = "COPPERHEAD_TEST_FINISHED_DEMO";

declare module "vitest" {
  export interface ProvidedContext {
    finishedDemoDir: string;
  }
}

/**
 * vitest globalSetup: one folder per `vitest run`, outside the checkout, where the first test
 * file that asks creates the offline USB-C demo (test/helpers/finished-demo.ts); the others copy
 * it. Nothing is created for a run that never asks. At the end it checks that no test wrote into
 * the shared repository (a test that did would have changed what later files saw), then
 * removes the folder.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), "copperhead-test-demo-"));
  project.provide("finishedDemoDir", dir);
  process.env[FINISHED_DEMO_ENV] = dir;
  return async () => {
    try {
      await assertDemoUntouched(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
