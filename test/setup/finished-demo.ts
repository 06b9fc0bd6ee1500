import type { TestProject } from "vitest/node";
import { assertDemoUntouched } from "../helpers/finished-demo-guard.js";
import { runFolder } from "./run-folder.js";

/** The variable through which the run's finished-demo folder reaches worker processes. */
export const FINISHED_DEMO_ENV = "COPPERHEAD_TEST_FINISHED_DEMO";

declare module "vitest" {
  export interface ProvidedContext {
    finishedDemoDir: string;
  }
}

/**
 * vitest globalSetup: the folder where the first test file that asks creates the offline USB-C
 * demo (test/helpers/finished-demo.ts); the others copy it. Nothing is created for a run that
 * never asks. At the end it checks that no test wrote into the shared repository (a test that
 * did would have changed what later files saw).
 */
export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return runFolder(
    project,
    { key: "finishedDemoDir", env: FINISHED_DEMO_ENV, prefix: "copperhead-test-demo-" },
    assertDemoUntouched,
  );
}
