import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // One scratch folder per run where test files share kicad-cli results on the demo corpus.
    globalSetup: ["test/setup/kicad-cache.ts"],
    // kicad-cli calls dominate the suite; two cores run two files at once.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
