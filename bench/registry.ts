import { appHandlersBench } from "./app-handlers.js";
import type { Bench } from "./bench.js";
import { cliStartupBench } from "./cli-startup.js";
import { createBench } from "./create.js";
import { diffBench } from "./diff.js";
import { draftBench } from "./draft.js";
import { draftRouteBench } from "./draft-route.js";
import { flowStatusBench } from "./flow-status.js";
import { layoutBench } from "./layout.js";
import { layoutSweepBench } from "./layout-sweep-bench.js";
import { legibilityBench } from "./legibility.js";
import { preflightBench } from "./preflight.js";
import { routeBench } from "./route.js";
import { schematicNetlistBench } from "./schematic-netlist.js";
import { scoreRankingBench } from "./score-ranking.js";
import { sexpReaderBench } from "./sexp-reader.js";

/** Every benchmark `npm run bench` runs, in order. */
export const benches: readonly Bench[] = [
  cliStartupBench,
  flowStatusBench,
  sexpReaderBench,
  schematicNetlistBench,
  legibilityBench,
  scoreRankingBench,
  draftBench,
  draftRouteBench,
  diffBench,
  appHandlersBench,
  layoutBench,
  layoutSweepBench,
  routeBench,
  preflightBench,
  createBench,
];
