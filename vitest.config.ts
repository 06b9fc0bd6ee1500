import { defineConfig } from "vitest/config";
import LongestFirst from "./test/setup/longest-first.js";

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
    // Longest files first (from test/setup/file-durations.json, so also on a clean clone): a
    // long file started last would keep one core busy after the other ran out of files.
    sequence: { sequencer: LongestFirst },
    // A worker runs its files in one module graph instead of re-importing the engine for each of
    // ~300 files (a third of the CPU of the light files went to those imports). Sound because no
    // test mocks a module, every helper registers its hooks from a call inside the test file, env
    // changes are undone in the file's own after-hooks, and vitest still resets vi.setConfig and
    // spies between files; the engine's per-process memos (parsed KiCad libraries, kicad-cli
    // versions) are keyed by path, so sharing them only saves work.
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
