import * as core from "@actions/core";
import { z } from "zod";
import { createRedactor } from "../../agent/redact.js";
import { describeError, UsageError } from "../../errors.js";
import { stageNameSchema, stageNames } from "../../flow/stage-names.js";
import { findRepoRoot } from "../../repo/repo-root.js";
import { jobVars, readJobEnv } from "../../workflow/job-env.js";
import type { CliIo, Command } from "../command.js";
import { parseFlags } from "../parse-flags.js";

// Each step imports only its own module, when it runs: a design run spawns `job fetch` and
// `job push` once per job, and importing the stages, the diff and the checkers for every one
// of them cost ~0.45 s of CPU per spawn (docs/actions.md, "What a job costs").

const usage = `copperhead job fetch
copperhead job push <stage>
copperhead job check-result [--out check-result.json]
copperhead job diff-result [--out copperhead-diff] [--parent] [--stage <stage>] [--no-checks]`;

async function fetchStep(io: CliIo): Promise<number> {
  const vars = readJobEnv(io.env, { COPPERHEAD_GIT_TOKEN: jobVars.token }, "fetch");
  const repo = findRepoRoot(io.cwd);
  const { prepareClone } = await import("../../workflow/prepare-clone.js");
  const { wipRefs } = await prepareClone(repo, { token: vars.COPPERHEAD_GIT_TOKEN, env: io.env });
  io.stderr.write(`ready: ${wipRefs} WIP ref(s) of earlier attempts fetched\n`);
  return 0;
}

async function pushStep(stage: string, io: CliIo): Promise<number> {
  // The stage registry's names are stageNames, in the same order (test/stages/registry.test.ts);
  // reading them here spares the push the import of every stage's gate.
  if (!stageNameSchema.safeParse(stage).success) {
    throw new UsageError(`unknown stage '${stage}'`, `use one of: ${stageNames.join(", ")}`);
  }
  const vars = readJobEnv(
    io.env,
    { COPPERHEAD_BRANCH: jobVars.branch, COPPERHEAD_GIT_TOKEN: jobVars.token },
    "push",
  );
  if (vars.COPPERHEAD_GIT_TOKEN) core.setSecret(vars.COPPERHEAD_GIT_TOKEN);
  const redact = createRedactor(io.env);
  const write = (line: string) => io.stderr.write(`${redact.redact(line)}\n`);
  const { pushStage } = await import("../../workflow/push-stage.js");
  const result = await pushStage({
    repo: findRepoRoot(io.cwd),
    stage,
    branch: vars.COPPERHEAD_BRANCH,
    token: vars.COPPERHEAD_GIT_TOKEN,
    write,
  });
  const line =
    result.commits === 0
      ? `${vars.COPPERHEAD_BRANCH} is up to date at ${result.head.slice(0, 12)}: nothing to push`
      : `pushed ${result.commits} commit(s) of ${stage} to ${vars.COPPERHEAD_BRANCH}: ${result.head.slice(0, 12)}${result.rebases > 0 ? ` (rebased ${result.rebases}× onto commits pushed meanwhile)` : ""}`;
  write(line);
  // The stage's diff step runs only when this job's commit reached the branch.
  core.setOutput("commits", String(result.commits));
  if (result.wipRefs.length > 0) write(`with ${result.wipRefs.join(", ")}`);
  if (io.env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(`\n${line}\n`).write();
  return 0;
}

const relativePath = z
  .string()
  .regex(/^[A-Za-z0-9._-][A-Za-z0-9._/-]*$/)
  .refine((p) => !p.split("/").includes(".."));

function outPath(value: string): { data: string } {
  const out = relativePath.safeParse(value);
  if (!out.success) throw new UsageError("--out must be a relative path in the repository", usage);
  return out;
}

/**
 * The design diff for the App to post. A diff that cannot be made (no design on either side, a
 * base that is not in the clone) is said in the log and leaves no artifact: the check this job
 * exists for goes on, and the App posts no diff for the commit.
 */
async function diffResultStep(args: string[], io: CliIo): Promise<number> {
  const { values } = parseFlags(
    args,
    {
      out: { type: "string" },
      parent: { type: "boolean" },
      stage: { type: "string" },
      "no-checks": { type: "boolean" },
    },
    usage,
  );
  const out = outPath(values.out ?? "copperhead-diff");
  const stage = values.stage === undefined ? null : stageNameSchema.safeParse(values.stage);
  if (stage && !stage.success) throw new UsageError(`unknown stage '${values.stage}'`, usage);
  const vars = readJobEnv(
    io.env,
    {
      COPPERHEAD_SHA: jobVars.sha.optional(),
      COPPERHEAD_PR: jobVars.pr.optional(),
      COPPERHEAD_BASE: z.union([z.literal(""), jobVars.sha]).optional(),
      GITHUB_REPOSITORY: jobVars.repository,
    },
    "diff-result",
  );
  const base = values.parent
    ? ({ kind: "parent" } as const)
    : vars.COPPERHEAD_BASE
      ? ({ kind: "commit", sha: vars.COPPERHEAD_BASE } as const)
      : ({ kind: "default" } as const);
  const { writeDiffResult } = await import("../../workflow/write-diff-result.js");
  try {
    const result = await writeDiffResult({
      repo: findRepoRoot(io.cwd),
      out: out.data,
      repository: vars.GITHUB_REPOSITORY,
      sha: vars.COPPERHEAD_SHA,
      base,
      pr: vars.COPPERHEAD_PR ?? null,
      stage: stage?.data ?? null,
      checks: values["no-checks"] !== true,
      env: io.env,
    });
    core.setOutput("result-path", out.data);
    const changes = result.report.schematic.changes.length + result.report.board.changes.length;
    io.stderr.write(
      `diffed ${result.base.slice(0, 12)} → ${result.sha.slice(0, 12)}: ${changes} change(s), ${result.report.pictures?.length ?? 0} picture(s) (written to ${out.data})\n`,
    );
  } catch (error) {
    io.stderr.write(`no design diff: ${describeError(error)}\n`);
  }
  return 0;
}

async function checkResultStep(args: string[], io: CliIo): Promise<number> {
  const { values } = parseFlags(args, { out: { type: "string" } }, usage);
  const out = outPath(values.out ?? "check-result.json");
  const vars = readJobEnv(
    io.env,
    {
      COPPERHEAD_SHA: jobVars.sha,
      COPPERHEAD_PR: jobVars.pr,
      GITHUB_REPOSITORY: jobVars.repository,
    },
    "check-result",
  );
  const { writeCheckResult } = await import("../../workflow/write-check-result.js");
  const result = await writeCheckResult({
    repo: findRepoRoot(io.cwd),
    out: out.data,
    repository: vars.GITHUB_REPOSITORY,
    sha: vars.COPPERHEAD_SHA,
    pr: vars.COPPERHEAD_PR,
    env: io.env,
    ...(io.signal ? { signal: io.signal } : {}),
  });
  core.setOutput("result-path", out.data);
  io.stderr.write(
    `checked ${result.sha.slice(0, 12)}: ${result.report.ok ? "clean" : "findings"} (written to ${out.data})\n`,
  );
  return 0;
}

/**
 * `copperhead job <step>`: the steps of the generated workflows besides the stage itself. Each
 * reads what it needs from the environment the workflow sets (`env:`, never the script text).
 */
export const jobCommand: Command = {
  name: "job",
  summary:
    "the steps of the generated workflows: fetch kept work, push a stage's commit, write a check result or a design diff",
  usage: `${usage}
  fetch         trust the checkout, set a commit identity, union-merge the logs, fetch the WIP refs
                (COPPERHEAD_GIT_TOKEN)
  push          push the stage's commit and WIP refs to COPPERHEAD_BRANCH, rebasing onto what other
                jobs pushed meanwhile (COPPERHEAD_BRANCH, COPPERHEAD_GIT_TOKEN)
  check-result  copperhead check --json on HEAD as check-result.json for the App
                (COPPERHEAD_SHA, COPPERHEAD_PR, GITHUB_REPOSITORY)
  diff-result   copperhead diff --json --images of HEAD against its parent (--parent), the pull
                request's base (COPPERHEAD_BASE) or the default branch, as an artifact folder
                for the App (COPPERHEAD_SHA, COPPERHEAD_PR, GITHUB_REPOSITORY)`,
  async run(args, io) {
    const [step, ...rest] = args;
    switch (step) {
      case "fetch":
        if (rest.length > 0) throw new UsageError("job fetch takes no arguments", usage);
        return fetchStep(io);
      case "push": {
        const [stage, ...extra] = rest;
        if (!stage || extra.length > 0)
          throw new UsageError("job push takes one stage name", usage);
        return pushStep(stage, io);
      }
      case "check-result":
        return checkResultStep(rest, io);
      case "diff-result":
        return diffResultStep(rest, io);
      default:
        throw new UsageError(`unknown job step '${step ?? ""}'`, `usage: ${usage}`);
    }
  },
};
