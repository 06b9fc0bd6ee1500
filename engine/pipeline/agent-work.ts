import { join } from "node:path";
import { Ledger } from "../agent/ledger/ledger.js";
import { type RunAgentOptions, runAgent } from "../agent/loop/run-agent.js";
import type { AgentRunResult } from "../agent/loop/run-result.js";
import { isEngineDrafted } from "../kicad/schematic/engine-stamp.js";
import type { readConfig } from "../repo/config.js";
import { readOptional } from "../repo/read-optional.js";
import type { WorkReport } from "./attempt.js";

type Config = Awaited<ReturnType<typeof readConfig>>;

/**
 * A fresh ledger for a run: scoped by the repo's origin and whether the configured sheet is
 * copperhead's (legibility gates only engine-drafted sheets of create repos).
 */
export async function startLedger(repo: string, config: Config): Promise<Ledger> {
  const path = config.paths.schematic;
  const text = path ? await readOptional(join(repo, path)) : undefined;
  const sheet =
    text === undefined
      ? { present: false }
      : { present: true, engineAuthored: isEngineDrafted(text) };
  return new Ledger({ origin: config.origin, sheet });
}

/** What the attempt needs to know of an agent run. */
export function workOfRun(run: AgentRunResult): WorkReport {
  return {
    exit: run.exit,
    summary: run.summary,
    agent: run,
    changelogOwed: run.ledger.obligations.some((o) => o.kind === "changelog"),
    verified: run.verified,
    cost: {
      wallMs: run.wallMs,
      turns: run.turns,
      tokensIn: run.usage.input + run.usage.cacheRead + run.usage.cacheWrite,
      tokensOut: run.usage.output,
      cacheHits: run.cacheHits,
    },
  };
}

/** The agent loop as an attempt's run phase. */
export async function agentWork(options: RunAgentOptions): Promise<WorkReport> {
  return workOfRun(await runAgent(options));
}
