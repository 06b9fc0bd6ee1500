import { describe, expect, it } from "vitest";
import { SymbolCatalog } from "../../engine/kicad/library/symbol-catalog.js";
import { checkDraft } from "../../fuzz/check-breakout.js";
import { loadRegressionFixtures } from "../../fuzz/regression-fixture.js";
import { REPO_ROOT } from "../helpers/fixture-project.js";

const DIR = `${REPO_ROOT}/test/fixtures/draft/regressions`;
const fixtures = await loadRegressionFixtures(DIR);
const catalog = SymbolCatalog.fromEnv();

/**
 * Breakouts the library run once failed on (each file says how), kept as generated:
 * every one now drafts with no error finding, the nets it must have, and a clean ERC.
 */
describe("breakouts the library run once failed on (test/fixtures/draft/regressions)", () => {
  it("keeps at least the cases the issue named", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(15);
  });

  it.concurrent.each(fixtures.map((f) => [f.libId, f] as const))(
    "%s drafts cleanly",
    async (libId, fixture) => {
      const outcome = await checkDraft(libId, fixture, { catalog });
      expect(outcome.verdict === "pass" ? "pass" : JSON.stringify(outcome)).toBe("pass");
    },
  );
});
