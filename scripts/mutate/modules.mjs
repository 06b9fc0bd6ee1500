// The curated modules `npm run mutate` judges: the ones that carry the product's guarantees
// (issue 13). Each group is one StrykerJS run: its files are mutated together and judged by its
// tests only — the suite's kicad-cli- and CLI-heavy files would make one module's initial run
// longer than its whole mutation run, and they check these modules only through the unit tests'
// behaviour anyway. Modules later issues add join here, with the tests that guard them.

/** @typedef {{ name: string, files: string[], tests: string[] }} MutationGroup */

/** @type {MutationGroup[]} */
export const MUTATION_GROUPS = [
  {
    name: "ledger and finish",
    files: [
      "engine/agent/ledger/ledger.ts",
      "engine/agent/ledger/finish-tool.ts",
      "engine/agent/ledger/legibility-scope.ts",
      "engine/agent/ledger/describe-unmet.ts",
    ],
    tests: ["test/engine/agent/ledger/**/*.test.ts", "test/engine/agent/loop/**/*.test.ts"],
  },
  {
    name: "spec gating",
    files: ["engine/agent/catalog.ts"],
    tests: [
      "test/engine/agent/catalog.test.ts",
      "test/engine/agent/ledger/**/*.test.ts",
      "test/engine/agent/loop/**/*.test.ts",
    ],
  },
  {
    name: "snapshot and stash",
    files: ["engine/repo/snapshot.ts"],
    tests: ["test/engine/repo/snapshot.test.ts"],
  },
  {
    name: "path confinement",
    files: ["engine/agent/tools/confine.ts"],
    tests: [
      "test/engine/agent/tools/confine*.test.ts",
      "test/engine/agent/tools/file-tools.test.ts",
    ],
  },
  {
    name: "KiCad load guard",
    files: ["engine/agent/tools/kicad-load-guard.ts"],
    tests: [
      "test/engine/agent/tools/edit-guards.test.ts",
      "test/engine/agent/tools/kicad-load-guard.test.ts",
    ],
  },
  {
    name: "redactor",
    files: ["engine/agent/redact.ts"],
    tests: ["test/engine/agent/redact.test.ts", "test/engine/agent/loop/run-agent.test.ts"],
  },
  {
    // The draft write path, in two runs: drafting a sheet (layout, emit, the net check) is
    // judged by the tests that draft real designs (does-not-fit's large design alone takes
    // ~17 s), the write (staging, refusals, rollback) and the tool around it by theirs. One run
    // of all three made every write mutant wait for the drafting tests.
    name: "draft schematic",
    files: ["engine/kicad/draft/draft-schematic.ts"],
    tests: [
      "test/engine/kicad/draft/draft-schematic.test.ts",
      "test/engine/kicad/draft/draft-usb-c.test.ts",
      "test/engine/kicad/draft/does-not-fit.test.ts",
      "test/engine/kicad/draft/unconnected-pins.test.ts",
      "test/engine/agent/tools/draft-schematic.test.ts",
    ],
  },
  {
    // The built-CLI cases of draft.test.ts run dist/, which Stryker does not mutate: they cost
    // the initial run a minute and judge no mutant; the in-process cases judge preflight,
    // --force and --from.
    name: "draft write path",
    files: ["engine/kicad/draft/write-draft.ts", "engine/agent/tools/draft-schematic.ts"],
    tests: [
      "test/engine/kicad/draft/write-draft*.test.ts",
      "test/engine/agent/tools/draft-schematic*.test.ts",
      "test/engine/cli/commands/draft.test.ts",
    ],
  },
  {
    name: "fingerprints and stage state",
    files: [
      "engine/flow/state.ts",
      "engine/flow/current-fingerprints.ts",
      "engine/flow/fingerprint.ts",
    ],
    // Not every flow test: the scheduler's and adoption's cover these only through state, and
    // with them a run of this group took 45 minutes on two shared cores.
    tests: [
      "test/engine/flow/state*.test.ts",
      "test/engine/flow/fingerprint*.test.ts",
      "test/engine/flow/current-fingerprints*.test.ts",
      "test/engine/flow/reap.test.ts",
    ],
  },
  {
    // The stage attempt path (issue 16): one attempt's phases, its failure policy and its
    // commit message, judged by their unit tests on a recording workspace. The stage-level
    // tests (run-stage.test.ts, ~40 s) run every attempt through git; with them every attempt
    // mutant would cost that instead of milliseconds.
    name: "stage attempt",
    files: [
      "engine/pipeline/attempt.ts",
      "engine/pipeline/policy.ts",
      "engine/pipeline/stage-commit.ts",
    ],
    tests: ["test/engine/pipeline/attempt.test.ts", "test/engine/pipeline/stage-commit.test.ts"],
  },
  {
    // What an attempt carries from the last one and the recovery of a killed run: both read and
    // move real git state, so real repositories judge them.
    name: "kept work and recovery",
    files: ["engine/pipeline/kept-work.ts", "engine/pipeline/recover.ts"],
    tests: ["test/engine/pipeline/kept-work.test.ts", "test/engine/pipeline/recover*.test.ts"],
  },
];
