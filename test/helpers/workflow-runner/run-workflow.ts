import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "yaml";
import { git } from "../../../engine/repo/git.js";
import type { RunStores } from "./builtin-actions.js";
import { condition, interpolate } from "./expressions.js";
import { applyMasks } from "./file-commands.js";
import {
  type JobScope,
  recordStep,
  runStep,
  type StepResult,
  type StepsContext,
} from "./run-steps.js";
import {
  type JobSpec,
  type StepSpec,
  type WorkflowFile,
  workflowSchema,
} from "./workflow-schema.js";

export type JobConclusion = "success" | "failure" | "skipped";

export interface JobResult {
  id: string;
  name: string;
  conclusion: JobConclusion;
  steps: StepResult[];
  /** The job summary: what its steps wrote to GITHUB_STEP_SUMMARY, masked. */
  summary: string;
  /** Everything its steps printed, masked as GitHub shows it. */
  log: string;
  workspace: string;
  /** The container image the job asked for (the runner runs on this machine instead). */
  image: string | undefined;
  /** This run attempt ran it (a re-run of failed jobs keeps the passed ones). */
  ran: boolean;
}

export interface RunResult {
  runId: number;
  runAttempt: number;
  sha: string;
  conclusion: "success" | "failure";
  jobs: Map<string, JobResult>;
  /** `start <job>` / `end <job>` in the order they happened. */
  events: string[];
  stores: RunStores;
  /** The run name as GitHub shows it (run-name interpolated). */
  displayTitle: string;
}

export interface LocalRunOptions {
  /** The workflow file's text, as committed. */
  workflow: string;
  inputs: Record<string, string>;
  /** The bare repository standing in for GitHub (a path or file:// URL). */
  origin: string;
  repository: string;
  /** The ref the run was dispatched on (a branch). */
  ref: string;
  /** The commit the run started from (default: the ref's tip now); a re-run keeps the old one. */
  sha?: string;
  /** The built CLI: `copperhead` on the jobs' PATH runs it. */
  bin: string;
  /** The `uses:` that means the copperhead Action, and the folder with its action.yml. */
  action: { ref: string; dir: string };
  secrets?: Record<string, string>;
  /** Added to every step's environment (e.g. which scripted sessions play the model). */
  env?: Record<string, string>;
  /** Scratch folder: workspaces, homes, caches and artifacts. */
  workDir: string;
  runId: number;
  runAttempt?: number;
  /** "Re-run failed jobs": the earlier attempt; its passed jobs are kept, the rest run again. */
  previous?: RunResult;
  /** The event payload (`github.event`) beyond the dispatch inputs. */
  event?: { name: string; payload: Record<string, unknown> };
  stores?: RunStores;
  hooks?: {
    beforeStep?: (job: string, step: StepSpec) => Promise<void>;
    jobStarted?: (job: string, name: string) => Promise<void> | void;
    jobFinished?: (result: JobResult) => Promise<void> | void;
  };
}

async function shim(dir: string, bin: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, "copperhead");
  await writeFile(file, `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`, { mode: 0o755 });
  return dir;
}

/**
 * Runs a generated workflow on this machine the way GitHub Actions would: jobs in `needs:`
 * order, every job whose needs are done started at once (so independent stages overlap), a
 * job after a failed or skipped one skipped; each job in its own clone of the local origin with
 * its own HOME, its steps through the real built CLI and the real action.yml.
 */
export async function runWorkflow(options: LocalRunOptions): Promise<RunResult> {
  const workflow: WorkflowFile = workflowSchema.parse(parse(options.workflow));
  const runAttempt = options.runAttempt ?? 1;
  const sha: string =
    options.sha ?? (await git(options.origin, ["rev-parse", `refs/heads/${options.ref}`])).trim();
  const attemptDir = join(options.workDir, `run-${options.runId}-${runAttempt}`);
  const bin = await shim(join(options.workDir, "bin"), options.bin);
  const stores: RunStores = options.stores ?? {
    origin: options.origin,
    cacheDir: join(options.workDir, "cache"),
    artifactDir: join(options.workDir, "artifacts"),
    attemptKey: "",
    minted: [],
    cacheOrder: [],
  };
  stores.attemptKey = `${options.runId}-${runAttempt}`;
  await mkdir(stores.cacheDir, { recursive: true });
  const masks = new Set(Object.values(options.secrets ?? {}).filter((v) => v !== ""));
  const github = {
    token: "ghs_localrunnergithubtoken0000000000000",
    run_id: String(options.runId),
    run_attempt: String(runAttempt),
    repository: options.repository,
    sha,
    ref: `refs/heads/${options.ref}`,
    ref_name: options.ref,
    event_name: options.event?.name ?? "workflow_dispatch",
    event: { inputs: options.inputs, ...(options.event?.payload ?? {}) },
    server_url: "https://github.com",
    api_url: "https://api.github.com",
  };
  masks.add(github.token);
  const contextsBase = {
    github,
    inputs: inputsOf(workflow, options.inputs),
    secrets: options.secrets ?? {},
    runner: { os: "Linux", temp: "" },
  };
  const events: string[] = [];
  const results = new Map<string, JobResult>();
  const ids = Object.keys(workflow.jobs);

  const runJob = async (id: string, spec: JobSpec): Promise<JobResult> => {
    const root = join(attemptDir, id);
    const workspace = join(root, "workspace");
    const home = join(root, "home");
    const tmp = join(root, "tmp");
    await Promise.all([mkdir(home, { recursive: true }), mkdir(tmp, { recursive: true })]);
    const needs = Object.fromEntries(
      (spec.needs ?? []).map((n) => [n, { result: results.get(n)!.conclusion, outputs: {} }]),
    );
    const contexts = { ...contextsBase, needs, job: { status: "success" } };
    const base: Record<string, string> = {
      PATH: `${bin}:${process.env.PATH ?? "/usr/bin:/bin"}`,
      HOME: home,
      LANG: "C.UTF-8",
      CI: "true",
      GITHUB_ACTIONS: "true",
      GITHUB_WORKSPACE: workspace,
      GITHUB_REPOSITORY: options.repository,
      GITHUB_RUN_ID: github.run_id,
      GITHUB_RUN_ATTEMPT: github.run_attempt,
      GITHUB_SHA: sha,
      GITHUB_REF: github.ref,
      GITHUB_REF_NAME: options.ref,
      GITHUB_EVENT_NAME: github.event_name,
      GITHUB_SERVER_URL: github.server_url,
      GITHUB_API_URL: github.api_url,
      GITHUB_JOB: id,
      RUNNER_TEMP: tmp,
      ...(options.env ?? {}),
    };
    const scopeEnv = { ...base };
    const jobScope: JobScope = {
      job: id,
      workspace,
      env: scopeEnv,
      contexts,
      stores,
      ref: options.ref,
      tmp,
      masks,
      action: options.action,
      ...(options.hooks?.beforeStep ? { beforeStep: options.hooks.beforeStep } : {}),
      counter: { steps: 0 },
    };
    const jobEnvScope = { contexts: { ...contexts, env: {} }, status: "success" as const };
    for (const [k, v] of Object.entries(spec.env ?? {})) scopeEnv[k] = interpolate(v, jobEnvScope);
    await mkdir(workspace, { recursive: true });
    const steps: StepResult[] = [];
    const stepsContext: StepsContext = {};
    let status: "success" | "failure" = "success";
    for (const step of spec.steps) {
      let result: StepResult;
      try {
        result = await runStep(jobScope, step, stepsContext, status);
      } catch (error) {
        result = {
          name: step.name,
          outcome: "failure",
          outputs: {},
          log: `runner: ${(error as Error).message}\n`,
          summary: "",
        };
      }
      steps.push(result);
      if (result.outcome === "failure") status = "failure";
      recordStep(stepsContext, step.id, result);
    }
    const mask = (text: string) => applyMasks(text, masks);
    return {
      id,
      name: spec.name,
      conclusion: status,
      steps,
      summary: mask(steps.map((s) => s.summary).join("")),
      log: mask(steps.map((s) => `##[step] ${s.name} (${s.outcome})\n${s.log}`).join("")),
      workspace,
      image: spec.container?.image,
      ran: true,
    };
  };

  const running = new Map<string, Promise<void>>();
  const start = (id: string) => {
    const spec = workflow.jobs[id]!;
    const kept = options.previous?.jobs.get(id);
    const blocked = (spec.needs ?? []).some((n) => results.get(n)!.conclusion !== "success");
    const jobIf =
      spec.if === undefined ||
      condition(spec.if, { contexts: { ...contextsBase, env: {} }, status: "success" });
    const task = (async () => {
      let result: JobResult;
      if (kept && kept.conclusion === "success") result = { ...kept, ran: false };
      else if (blocked || !jobIf) {
        result = {
          id,
          name: spec.name,
          conclusion: "skipped",
          steps: [],
          summary: "",
          log: "",
          workspace: "",
          image: spec.container?.image,
          ran: false,
        };
      } else {
        events.push(`start ${id}`);
        await options.hooks?.jobStarted?.(id, spec.name);
        result = await runJob(id, spec);
        events.push(`end ${id}`);
      }
      results.set(id, result);
      await options.hooks?.jobFinished?.(result);
    })();
    running.set(id, task);
  };
  const startable = (id: string) => (workflow.jobs[id]!.needs ?? []).every((n) => results.has(n));
  while (results.size < ids.length) {
    for (const id of ids) {
      if (running.has(id)) continue;
      if (startable(id)) start(id);
    }
    const pending = [...running].filter(([id]) => !results.has(id)).map(([, p]) => p);
    if (pending.length > 0) await Promise.race(pending);
    else if (results.size < ids.length && ids.every((id) => running.has(id) || !startable(id))) {
      throw new Error(
        "the workflow's needs: never let some jobs start (a cycle or an unknown job)",
      );
    }
  }
  const conclusion = [...results.values()].every((r) => r.conclusion !== "failure")
    ? "success"
    : "failure";
  const displayTitle = interpolate(workflow["run-name"] ?? workflow.name, {
    contexts: { ...contextsBase, env: {} },
    status: "success",
  });
  return {
    runId: options.runId,
    runAttempt,
    sha,
    conclusion,
    jobs: new Map(ids.map((id) => [id, results.get(id)!])),
    events,
    stores,
    displayTitle,
  };
}

/** The dispatch inputs with their defaults, refusing unknown or missing required ones. */
function inputsOf(workflow: WorkflowFile, given: Record<string, string>): Record<string, string> {
  const declared = workflow.on.workflow_dispatch?.inputs ?? {};
  const unknown = Object.keys(given).filter((k) => !(k in declared));
  if (unknown.length > 0) throw new Error(`the workflow has no input(s) ${unknown.join(", ")}`);
  const inputs: Record<string, string> = {};
  for (const [k, spec] of Object.entries(declared)) {
    const value = given[k] ?? spec.default;
    if (spec.required && !value) throw new Error(`input ${k} is required`);
    inputs[k] = value ?? "";
  }
  return inputs;
}
