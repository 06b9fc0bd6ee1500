import { join } from "node:path";
import * as core from "@actions/core";
import { stageGraph } from "../../../stages/registry.js";
import { createRedactor } from "../../agent/redact.js";
import { CopperheadError, describeError } from "../../errors.js";
import type { Outcome } from "../../flow/outcome.js";
import { readOutcome } from "../../flow/read-outcome.js";
import { outcomePath } from "../../flow/run-paths.js";
import { inline } from "../../markdown/inline.js";
import { pathExists } from "../../repo/path-exists.js";
import { findRepoRoot } from "../../repo/repo-root.js";
import {
  type ActionOutputs,
  actionInputNames,
  parseActionInputs,
} from "../../workflow/action-inputs.js";
import { renderJobSummary, type SummaryFacts } from "../../workflow/job-summary.js";
import { readRepoSettings } from "../../workflow/read-settings.js";
import type { Command } from "../command.js";
import type { StageFaceOptions } from "../stage-face.js";

/** Where committed renders are shown from in a job summary (the branch's raw URL). */
function rawBase(env: NodeJS.ProcessEnv): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, COPPERHEAD_BRANCH: branch } = env;
  if (!server || !repo || !branch) return undefined;
  return `${server}/${repo}/raw/${encodeURI(branch)}/`;
}

async function writeSummary(markdown: string, env: NodeJS.ProcessEnv): Promise<void> {
  if (!env.GITHUB_STEP_SUMMARY) return;
  await core.summary.addRaw(createRedactor(env).redact(markdown)).write();
}

function setOutputs(outputs: ActionOutputs): void {
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, value);
}

/**
 * The copperhead Action's entry (action.yml runs `copperhead action` in the job's container):
 * its inputs through @actions/core, validated with zod; the API key masked; then exactly what
 * `copperhead stage` does (the same call), plus the Action's outputs and the job summary.
 * Model and turn budget come from the inputs, else from `.github/copperhead.yml`.
 */
export const actionCommand: Command = {
  name: "action",
  summary:
    "the copperhead Action's entry: one stage from INPUT_* variables, with outputs and a job summary",
  usage:
    "copperhead action   (reads INPUT_STAGE, INPUT_RERUN-FROM, INPUT_MODEL, INPUT_TURN-BUDGET, INPUT_API-KEY)",
  async run(_args, io) {
    const raw = Object.fromEntries(actionInputNames.map((name) => [name, core.getInput(name)]));
    if (raw["api-key"]) core.setSecret(raw["api-key"]);
    const stage = raw.stage ?? "";
    try {
      const inputs = parseActionInputs(raw);
      const repo = findRepoRoot(io.cwd);
      const settings = await readRepoSettings(repo);
      if (!settings.stages.includes(inputs.stage)) {
        const message = `${inputs.stage} is not in \`stages\` of .github/copperhead.yml: it does not run`;
        io.stderr.write(`${message}\n`);
        setOutputs({
          result: "disabled",
          verdict: "",
          attempt: "0",
          "outcome-path": "",
          commit: "",
        });
        await writeSummary(
          renderJobSummary({ stage: inputs.stage, report: { result: "disabled", message } }),
          io.env,
        );
        return 0;
      }
      const from = inputs["rerun-from"];
      const force =
        from !== undefined &&
        (from === inputs.stage || stageGraph().upstream(inputs.stage).has(from));
      const model = inputs.model ?? settings.model;
      const turns = inputs["turn-budget"] ?? settings.turnBudgets[inputs.stage];
      const options: StageFaceOptions = {
        stage: inputs.stage,
        force,
        flags: {
          ...(model ? { model } : {}),
          ...(turns ? { "max-turns": turns } : {}),
        },
      };
      const env = inputs["api-key"] ? { ...io.env, ANTHROPIC_API_KEY: inputs["api-key"] } : io.env;
      if (force) io.stderr.write(`rerun from ${from}: ${inputs.stage} runs even if it is valid\n`);
      // Imported here: a stage left out of `stages:` ends above without the attempt machinery
      // (the agent, its tools, KiCad), a fifth of a second of CPU per disabled job.
      const { runStageFace } = await import("../stage-face.js");
      const rendered = await runStageFace(options, { ...io, cwd: repo, env });
      const { report } = rendered;
      const path = report.attempt > 0 ? outcomePath(inputs.stage, report.attempt) : undefined;
      let outcome: Outcome | undefined = report.outcome;
      if (!outcome && path && (await pathExists(join(repo, path)))) {
        outcome = await readOutcome(join(repo, path));
      }
      setOutputs({
        result: report.result,
        verdict: outcome?.verdict ?? "",
        attempt: String(report.attempt),
        "outcome-path": outcome && path ? path : "",
        commit: report.commit ?? "",
      });
      const facts: SummaryFacts = {
        stage: inputs.stage,
        report,
        outcome,
        rawBase: rawBase(io.env),
        downstream: [...stageGraph().downstream(inputs.stage)],
      };
      await writeSummary(renderJobSummary(facts), env);
      return rendered.exitCode;
    } catch (error) {
      if (error instanceof CopperheadError) {
        await writeSummary(
          `## copperhead / ${inline(stage || "?", 40)}: could not run\n\n${inline(describeError(error), 2000)}\n`,
          io.env,
        );
      }
      throw error;
    }
  },
};
