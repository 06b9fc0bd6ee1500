import { appHandlersBench } from "./app-handlers.js";
import type { Bench } from "./bench.js";
import { diffBench } from "./diff.js";
import { draftBench } from "./draft.js";
import { draftRouteBench } from "./draft-route.js";
import { flowStatusBench } from "./flow-status.js";
import { legibilityBench } from "./legibility.js";
import { schematicNetlistBench } from "./schematic-netlist.js";
import { scoreRankingBench } from "./score-ranking.js";
import { sexpReaderBench } from "./sexp-reader.js";

/** Every benchmark `npm run bench` runs, in order. */
export const benches: readonly Bench[] = [
  flowStatusBench,
  sexpReaderBench,
  schematicNetlistBench,
  legibilityBench,
  scoreRankingBench,
  draftBench,
  draftRouteBench,
  diffBench,
  appHandlersBench,
];
