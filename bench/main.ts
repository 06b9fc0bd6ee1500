import { type BenchRow, meetsTarget } from "./bench.js";
import { benches } from "./registry.js";

// `npm run bench [name…]`; `--strict` exits 1 when a target is missed.
const args = process.argv.slice(2);
const strict = args.includes("--strict");
const only = args.filter((a) => !a.startsWith("--"));
let missed = 0;

for (const bench of benches) {
  if (only.length > 0 && !only.includes(bench.name)) continue;
  process.stdout.write(`\n## ${bench.name}\n`);
  const rows: BenchRow[] = await bench.run();
  for (const row of rows) {
    const verdict = meetsTarget(row);
    if (verdict === false) missed++;
    const ratio = row.ratio === undefined ? "" : ` · ratio ${row.ratio.toFixed(3)}`;
    const target = row.target ? ` (target ${row.target.op} ${row.target.value})` : "";
    const mark = verdict === undefined ? "" : verdict ? " ✓" : " ✗ MISSED";
    process.stdout.write(`- ${row.label}: ${row.measured}${ratio}${target}${mark}\n`);
  }
}
process.stdout.write(`\n${missed === 0 ? "all targets met" : `${missed} target(s) missed`}\n`);
if (strict && missed > 0) process.exitCode = 1;
