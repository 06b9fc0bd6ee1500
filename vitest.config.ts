import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Per run: a folder where test files share kicad-cli results on the demo corpus, one for
    // the CLI built, packed and installed once (test/helpers/packed-cli.ts), and one for the
    // offline demo created once (test/helpers/finished-demo.ts).
    globalSetup: [
      "test/setup/kicad-cache.ts",
      "test/setup/packed-cli.ts",
      "test/setup/finished-demo.ts",
    ],
    // kicad-cli calls dominate the suite; two cores run two files at once.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
