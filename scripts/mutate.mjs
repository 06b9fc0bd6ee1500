#!/usr/bin/env node
// `npm run mutate [files…]`: StrykerJS over the curated modules (scripts/mutate/modules.mjs), one
// group at a time, each judged by its own tests. Writes per-module scores into docs/testing.md
// (the section between the mutate markers; modules not run keep their last row) and, for the
// person fixing tests, reports/mutation/<group>.json (Stryker's report) and
// reports/mutation/survivors.md. Takes minutes per module on two cores: not part of `npm test`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { MUTATION_GROUPS } from "./mutate/modules.mjs";
import {
  fileScores,
  mergeScores,
  parseScoreTable,
  renderScoreTable,
  replaceSection,
  sectionOf,
  survivors,
} from "./mutate/report.mjs";

const TARGET = 85;
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const curated = MUTATION_GROUPS.flatMap((g) => g.files);

// `--concurrency N` (or STRYKER_CONCURRENCY, read by stryker.config.mjs): how many test runner
// processes Stryker starts. On a machine others share, 1 keeps a run to one core.
const args = process.argv.slice(2);
const flag = args.indexOf("--concurrency");
let concurrency;
if (flag !== -1) {
  concurrency = args[flag + 1];
  if (!/^[1-9][0-9]*$/.test(concurrency ?? "")) {
    process.stderr.write(
      "mutate: --concurrency takes a whole number of processes, e.g. --concurrency 1\n",
    );
    process.exit(2);
  }
  args.splice(flag, 2);
}
const asked = args.map((f) => relative(root, resolve(f)));
const unknown = asked.filter((f) => !curated.includes(f));
if (unknown.length > 0) {
  process.stderr.write(
    `mutate: not a curated module: ${unknown.join(", ")} — name files from the list in scripts/mutate/modules.mjs:\n${curated.map((f) => `  ${f}`).join("\n")}\n`,
  );
  process.exit(2);
}
const groups = MUTATION_GROUPS.map((g) => ({
  ...g,
  files: asked.length === 0 ? g.files : g.files.filter((f) => asked.includes(f)),
})).filter((g) => g.files.length > 0);

const reports = join(root, "reports/mutation");
mkdirSync(reports, { recursive: true });
const docPath = join(root, "docs/testing.md");
const stryker = join(root, "node_modules/@stryker-mutator/core/bin/stryker.js");
let failed = false;

for (const group of groups) {
  const slug = group.name.replace(/[^a-z0-9]+/gi, "-").toLowerCase();
  const reportFile = join(reports, `${slug}.json`);
  const tests = group.tests.filter((glob) => glob.includes("*") || existsSync(join(root, glob)));
  process.stderr.write(
    `\nmutate: ${group.name}: ${group.files.join(", ")}\n  tests: ${tests.join(", ")}\n`,
  );
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    [
      stryker,
      "run",
      "stryker.config.mjs",
      "--mutate",
      group.files.join(","),
      ...(concurrency ? ["--concurrency", concurrency] : []),
    ],
    {
      cwd: root,
      stdio: "inherit",
      env: {
        ...process.env,
        COPPERHEAD_MUTATE_TESTS: tests.join(","),
        COPPERHEAD_MUTATE_REPORT: relative(root, reportFile),
      },
    },
  );
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  if (run.status !== 0 || !existsSync(reportFile)) {
    process.stderr.write(
      `mutate: ${group.name}: Stryker exited ${run.status} after ${minutes} min\n`,
    );
    failed = true;
    continue;
  }
  const report = JSON.parse(readFileSync(reportFile, "utf8"));
  const fresh = fileScores(report);
  const doc = readFileSync(docPath, "utf8");
  const rows = mergeScores(parseScoreTable(sectionOf(doc)), fresh, curated);
  writeFileSync(docPath, replaceSection(doc, renderScoreTable(rows, TARGET)));
  const missed = survivors(report);
  const listFile = join(reports, `${slug}.survivors.md`);
  writeFileSync(
    listFile,
    missed
      .map(
        (s) =>
          `- ${s.file}:${s.line} ${s.mutator} (${s.status}): ${s.replacement.replace(/\s+/g, " ").slice(0, 160)}`,
      )
      .join("\n") + "\n",
  );
  for (const r of fresh) {
    process.stderr.write(
      `mutate: ${r.file}: ${r.killed}/${r.mutants} killed, ${r.score.toFixed(1)} %\n`,
    );
    if (r.score < TARGET) failed = true;
  }
  process.stderr.write(
    `mutate: ${group.name}: ${minutes} min; survivors in ${relative(root, listFile)}\n`,
  );
}
process.exit(failed ? 1 : 0);
