// StrykerJS for `npm run mutate` (scripts/mutate.mjs): it passes one group of curated modules at a
// time with --mutate, their tests in COPPERHEAD_MUTATE_TESTS (read by test/mutation/vitest.config.ts)
// and the report's path. Not part of `npm test` or .ci/run: a module takes minutes.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: { configFile: "test/mutation/vitest.config.ts", related: true },
  coverageAnalysis: "perTest",
  // TypeScript 7 has no JS API, so Stryker's tsconfig rewrite must not run: naming a file that
  // does not exist turns it off (vitest strips types itself; `npm run typecheck` checks them).
  tsconfigFile: "stryker.no-tsconfig.json",
  checkers: [],
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 2),
  // kicad-cli calls make some tests slow; a mutant that hangs one is a timeout (counted killed).
  timeoutMS: 120_000,
  timeoutFactor: 2,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: {
    fileName: process.env.COPPERHEAD_MUTATE_REPORT ?? "reports/mutation/mutation.json",
  },
  // The initial run is every test of the group once, with per-test coverage.
  dryRunTimeoutMinutes: 20,
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
