import { parseArgs } from "node:util";
import { SymbolCatalog } from "../engine/kicad/library/symbol-catalog.js";
import { summarizeFuzz } from "./fuzz-summary.js";
import { FUZZ_LIBRARIES, librarySymbols, sampleSymbols } from "./libraries.js";
import { runFuzz } from "./run-fuzz.js";

// `npm run fuzz [-- [--libraries A,B] [--sample N] [--seed S] [--drafter-only] [--keep DIR] [libId…]]`
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
const summary = summarizeFuzz(outcomes);
process.stdout.write(
  `${summary.text}\n${libraries.length} libraries (${libraries.join(", ")}), seed ${seed}${values["drafter-only"] ? ", drafter only (no kicad-cli)" : ""}, ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
);
process.exitCode = summary.ok ? 0 : 1;
