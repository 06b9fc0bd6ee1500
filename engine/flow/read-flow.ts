import { join } from "node:path";
import { type CopperheadConfig, readConfig } from "../repo/config.js";
import { pathExists } from "../repo/path-exists.js";
import { currentFingerprints } from "./current-fingerprints.js";
import { type LogProblem, readEventLog } from "./event-log.js";
import type { Fingerprints, FlowEvent } from "./events.js";
import type { FlowGraph } from "./graph.js";
import { outcomePath } from "./run-paths.js";
import { deriveStates, type StageStatus } from "./state.js";

/** Everything a query knows about a repo's flow at one moment. */
export interface FlowSnapshot {
  repo: string;
  graph: FlowGraph;
  config: CopperheadConfig;
  events: FlowEvent[];
  problems: LogProblem[];
  fingerprints: Fingerprints;
  statuses: Map<string, StageStatus>;
  /** In-flight runs (`stage/attempt`) whose outcome.json is already on disk: ready to reap. */
  finished: Set<string>;
}

/** Reads log, config and files, and derives every stage's state. */
export async function readFlow(repo: string, graph: FlowGraph): Promise<FlowSnapshot> {
  const [config, log, fingerprints] = await Promise.all([
    readConfig(repo),
    readEventLog(repo, graph.order),
    currentFingerprints(repo, graph.patterns),
  ]);
  const statuses = deriveStates(graph, log.events, fingerprints);
  const finished = new Set<string>();
  for (const s of statuses.values()) {
    const run = s.inFlight;
    if (run && (await pathExists(join(repo, outcomePath(run.stage, run.attempt))))) {
      finished.add(`${run.stage}/${run.attempt}`);
    }
  }
  return {
    repo,
    graph,
    config,
    events: log.events,
    problems: log.problems,
    fingerprints,
    statuses,
    finished,
  };
}
