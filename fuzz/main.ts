import { parseArgs } from "node:util";
import { SymbolCatalog } from "../engine/kicad/library/symbol-catalog.js";
import { breakoutIntent } from "./breakout-intent.js";
import { summarizeFuzz } from "./fuzz-summary.js";
import { FUZZ_LIBRARIES, librarySymbols, sampleSymbols } from "./libraries.js";
import { saveRegressionFixture } from "./regression-fixture.js";
import { runFuzz } from "./run-fuzz.js";

// `npm run fuzz [-- [--libraries A,B] [--sample N] [--seed S] [--drafter-only] [--keep DIR] [libId…]]`
// --sample N: N symbols in all, drawn from every library in turn. --fixtures DIR: keep each
// failing breakout there as a regression case.
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    libraries: { type: "string" },
    sample: { type: "string" },
    seed: { type: "string", default: "1" },
    "drafter-only": { type: "boolean", default: false },
    keep: { type: "string" },
    jobs: { type: "string", default: "4" },
    quiet: { type: "boolean", default: false },
    fixtures: { type: "string" },
  },
});
const catalog = SymbolCatalog.fromEnv();
const seed = Number(values.seed);
const libraries = values.libraries ? values.libraries.split(",") : Object.keys(FUZZ_LIBRARIES);
let ids = positionals.length > 0 ? positionals : await librarySymbols(catalog, libraries);
if (values.sample) ids = sampleSymbols(ids, Number(values.sample), seed);
const started = performance.now();
const outcomes = await runFuzz(ids, {
  catalog,
  seed,
  drafterOnly: values["drafter-only"],
  keep: values.keep,
  jobs: Number(values.jobs),
  onOutcome: (o, done, total) => {
    if (values.quiet) return;
    const what = o.verdict === "fail" ? `FAIL ${o.kind}` : o.verdict;
    process.stderr.write(`[${done}/${total}] ${o.libId}: ${what}\n`);
  },
});
// Failures become regression cases (test/fixtures/draft/regressions is where the suite reads them).
if (values.fixtures)
  for (const o of outcomes) {
    if (o.verdict !== "fail") continue;
    const found = await catalog.resolve(o.libId);
    const breakout = found.ok ? breakoutIntent(found.symbol, seed) : undefined;
    if (breakout?.ok)
      process.stderr.write(
        `kept ${await saveRegressionFixture(values.fixtures, o.libId, seed, breakout, `[${o.kind}] ${o.detail}`)}\n`,
      );
  }
const summary = summarizeFuzz(outcomes, seed);
process.stdout.write(
  `${summary.text}\n${libraries.length} libraries (${libraries.join(", ")}), seed ${seed}${values["drafter-only"] ? ", drafter only (no kicad-cli)" : ""}, ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
);
process.exitCode = summary.ok ? 0 : 1;
