import { resolve } from "node:path";
import { defineConfig } from "vitest/config";
import base from "../../vitest.config.js";

/** The variable through which scripts/mutate.mjs names the test files that judge one module. */
export const MUTATE_TESTS_ENV = "COPPERHEAD_MUTATE_TESTS";

const tests = (process.env[MUTATE_TESTS_ENV] ?? "")
  .split(",")
  .map((glob) => glob.trim())
  .filter((glob) => glob !== "");
if (tests.length === 0) {
  throw new Error(
    `${MUTATE_TESTS_ENV} names no test files — run mutation testing through \`npm run mutate\`, which sets it per module`,
  );
}

/**
 * The suite's config narrowed to one module's tests for StrykerJS: with every test file in scope
 * the initial run of a module the CLI imports takes longer than the whole mutation run should.
 */
// Spread, not mergeConfig: that concatenates arrays, and `include` must replace the suite's.
export default defineConfig({
  ...base,
  root: resolve(import.meta.dirname, "../.."),
  test: { ...base.test, include: tests },
});
