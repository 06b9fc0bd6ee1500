import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { draftSchematic } from "../engine/kicad/draft/draft-schematic.js";
import type { SymbolSource } from "../engine/kicad/draft/symbol-source.js";
import { buildSchematicHierarchy } from "../engine/kicad/schematic/hierarchy.js";
import { readSchematic } from "../engine/kicad/schematic/read-schematic.js";
import { measureCorpus } from "../engine/kicad/score/calibrate/measure-corpus.js";
import { quantile } from "../engine/kicad/score/calibrate/spread.js";
import { CALIBRATION, CALIBRATION_CORPUS } from "../engine/kicad/score/calibration.js";
import { metricRaws } from "../engine/kicad/score/metric-raws.js";
import type { MetricName } from "../engine/kicad/score/metrics.js";
import { scoreSchematic } from "../engine/kicad/score/score-schematic.js";
import { parseSexp } from "../engine/kicad/sexp/parse.js";
import type { BenchRow } from "./bench.js";
import { DEMOS, demoRoots } from "./demo-roots.js";

/** examples/intents from bench/ when run from source, or from dist/bench/ once built. */
const EXAMPLES = [join(import.meta.dirname, ".."), join(import.meta.dirname, "..", "..")]
  .map((root) => join(root, "examples", "intents"))
  .find((dir) => existsSync(dir)) as string;

/**
 * The two wiring metrics the drafter exists to improve, with which way is better. The
 * calibration's "good" value is the corpus's lower quartile (higher-better) or upper quartile
 * (lower-better), not its median, so the demo medians are measured here from the same roots.
 */
const METRICS: { name: MetricName; better: "higher" | "lower" }[] = [
  { name: "pin-attachment", better: "higher" },
  { name: "island-parts", better: "lower" },
];

const fmt = (n: number) => n.toFixed(2);

/**
 * One row per example intent and metric: the drafted sheet's raw value beside the KiCad demo
 * median, as a ratio to the calibrated good value (>= 1 for pin attachment, <= 1 for islands
 * means the draft is at least as good as the corpus's good threshold).
 */
export async function draftQualityRows(catalog: SymbolSource): Promise<BenchRow[]> {
  const corpus = await measureCorpus(DEMOS, { roots: demoRoots() });
  const medians = new Map<MetricName, number>();
  for (const { name } of METRICS) {
    const values = corpus.map(
      (e) => metricRaws(e.stats).find((m) => m.name === name)?.raw ?? Number.NaN,
    );
    medians.set(name, quantile(values, 0.5));
  }
  if (!EXAMPLES) throw new Error("examples/intents not found beside bench/ or dist/bench/");
  const files = (await readdir(EXAMPLES)).filter((f) => f.endsWith(".intent.json")).sort();
  const rows: BenchRow[] = [];
  for (const file of files) {
    const example = basename(file, ".intent.json");
    const intent: unknown = JSON.parse(await readFile(join(EXAMPLES, file), "utf8"));
    const sheetPath = `/tmp/bench-${example}.kicad_sch`;
    const result = await draftSchematic({ intent, sheetPath, catalog });
    if (!result.ok)
      throw new Error(
        `example ${file} failed to draft: ${result.findings.map((f) => f.detail).join("; ")}`,
      );
    const text = result.files.sheet.text;
    const hierarchy = await buildSchematicHierarchy(sheetPath, async (path) =>
      path === sheetPath
        ? readSchematic(parseSexp(text, { file: path }), { file: path })
        : undefined,
    );
    const score = scoreSchematic(hierarchy);
    for (const { name, better } of METRICS) {
      const metric = score.metrics.find((m) => m.name === name);
      if (!metric) throw new Error(`the scorer has no metric ${name}`);
      const good = CALIBRATION[name];
      rows.push({
        label: `draft ${example} ${name}`,
        measured: `${fmt(metric.raw)} (${metric.detail}); KiCad demo median ${fmt(medians.get(name) ?? Number.NaN)} (${CALIBRATION_CORPUS}), calibrated good ${better === "higher" ? ">=" : "<="} ${fmt(good)}`,
        ratio: metric.raw / good,
        target: { op: better === "higher" ? ">=" : "<=", value: 1 },
      });
    }
  }
  return rows;
}
