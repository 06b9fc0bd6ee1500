import { resolve } from "node:path";
import { stageGraph } from "../../stages/registry.js";
import { type Rendered, renderStageReport, type StageReport } from "../pipeline/report.js";
import { requireStage, runStage } from "../pipeline/run-stage.js";
import { readConfig } from "../repo/config.js";
import { findRepoRoot } from "../repo/repo-root.js";
import { type AgentFlags, providerFor } from "./agent-flags.js";
import type { CliIo } from "./command.js";
import { interruptOf, stoppable } from "./interrupt.js";

export interface StageFaceOptions {
  stage: string;
  flags: AgentFlags;
  force?: boolean;
  fresh?: boolean;
}

/**
 * One stage attempt as every face runs it — `copperhead stage` and the copperhead Action are
 * this same call: progress lines go to stderr as they happen; the caller prints the rest of
 * the rendered report its own way.
 */
export async function runStageFace(
  options: StageFaceOptions,
  io: CliIo,
): Promise<Rendered & { report: StageReport; repo: string }> {
  const { stage, flags } = options;
  const graph = stageGraph();
  requireStage(graph, stage);
  const repo = findRepoRoot(resolve(io.cwd, flags.repo ?? "."));
  const config = await readConfig(repo);
  const write = (line: string) => io.stderr.write(`${line}\n`);
  const result = await stoppable(io.signal, write, () =>
    runStage({
      repo,
      stage,
      graph,
      provider: () => providerFor(flags, { cwd: io.cwd, env: io.env, config, scope: stage }),
      env: io.env,
      write,
      ...(options.force ? { force: true } : {}),
      ...(options.fresh ? { fresh: true } : {}),
      ...(io.signal ? { signal: io.signal } : {}),
      ...(flags["max-turns"] ? { budget: { maxTurns: flags["max-turns"] } } : {}),
    }),
  );
  const rendered = renderStageReport(result, interruptOf(io.signal));
  for (const line of rendered.stderr) write(line);
  return { ...rendered, repo };
}
