import { describe, expect, it } from "vitest";
import { SymbolCatalog } from "../../engine/kicad/library/symbol-catalog.js";
import type { BreakoutOutcome } from "../../fuzz/check-breakout.js";
import { summarizeFuzz } from "../../fuzz/fuzz-summary.js";
import { FUZZ_LIBRARIES, librarySymbols, sampleSymbols } from "../../fuzz/libraries.js";
import { runFuzz } from "../../fuzz/run-fuzz.js";

/**
 * `npm run fuzz` drafts a breakout for every symbol of the fuzzed libraries; the suite drafts a
 * seeded sample of them the same way (draftProject as the CLI does it, kicad-cli ERC at every
 * severity, both netlisters). Every drafted breakout must pass; skips are counted and capped.
 */
const SAMPLE = 66;
const SEED = 12;

describe(`a seeded sample of ${SAMPLE} KiCad symbols from the fuzzed libraries`, () => {
  let outcomes: BreakoutOutcome[];

  it("drafts every breakout ERC-clean, with no error finding and the intent's nets", async () => {
    const catalog = SymbolCatalog.fromEnv();
    const ids = sampleSymbols(
      await librarySymbols(catalog, Object.keys(FUZZ_LIBRARIES)),
      SAMPLE,
      SEED,
    );
    outcomes = await runFuzz(ids, { catalog, seed: SEED, jobs: 4 });
    const summary = summarizeFuzz(outcomes, SEED);
    console.log(summary.text);
    expect(outcomes.filter((o) => o.verdict === "fail")).toEqual([]);
    expect(summary.ok).toBe(true);
  }, 600_000);

  it("covers at least 60 drafted symbols from at least 15 libraries", () => {
    const passed = outcomes.filter((o) => o.verdict === "pass");
    expect(passed.length).toBeGreaterThanOrEqual(60);
    const libraries = new Set(passed.map((o) => o.libId.slice(0, o.libId.indexOf(":"))));
    expect(libraries.size).toBeGreaterThanOrEqual(15);
    expect(outcomes.filter((o) => o.verdict === "skip").length).toBeLessThanOrEqual(SAMPLE / 10);
  });
});
