import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { parse } from "yaml";
import { type ActionMetadata, actionMetadataSchema } from "./action-schema.js";
import { type BuiltinContext, builtinAction, type RunStores } from "./builtin-actions.js";
import { condition, type ExpressionScope, interpolate } from "./expressions.js";
import { masksIn, readFileCommand } from "./file-commands.js";
import type { StepSpec } from "./workflow-schema.js";

export type StepOutcome = "success" | "failure" | "skipped";

export interface StepResult {
  name: string;
  id?: string;
  outcome: StepOutcome;
  outputs: Record<string, string>;
  /** What it printed (stdout and stderr, unmasked: the job masks the whole log). */
  log: string;
  exitCode?: number;
  summary: string;
}

/** What every step of one job shares. */
export interface JobScope {
  job: string;
  workspace: string;
  /** Step env: the base, the job's env, GITHUB_ENV additions (steps add their own). */
  env: Record<string, string>;
  /** Contexts besides `steps` and `env` (github, inputs, secrets, needs, runner, job). */
  contexts: Record<string, unknown>;
  stores: RunStores;
  ref: string;
  tmp: string;
  masks: Set<string>;
  /** `uses:` of the copperhead Action, and the folder holding its action.yml. */
  action: { ref: string; dir: string };
  /** Called before a step runs (a test may hold a step back, e.g. to line up two pushes). */
  beforeStep?: (job: string, step: StepSpec) => Promise<void>;
  counter: { steps: number };
}

export type StepsContext = Record<
  string,
  { outputs: Record<string, string>; outcome: string; conclusion: string }
>;

/** A finished step with an `id:` becomes `steps.<id>` for the steps after it. */
export function recordStep(steps: StepsContext, id: string | undefined, result: StepResult): void {
  if (id)
    steps[id] = { outputs: result.outputs, outcome: result.outcome, conclusion: result.outcome };
}

function scopeOf(
  job: JobScope,
  steps: StepsContext,
  status: ExpressionScope["status"],
  extra: Record<string, unknown> = {},
): ExpressionScope {
  return { contexts: { ...job.contexts, ...extra, steps, env: job.env }, status };
}

function interpolateAll(
  values: Record<string, string | number | boolean> | undefined,
  scope: ExpressionScope,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values ?? {}).map(([k, v]) => [k, interpolate(String(v), scope)]),
  );
}

/** A `run:` step: bash -e -o pipefail, GitHub's file commands, the step's timeout. */
async function runScript(
  job: JobScope,
  step: StepSpec,
  env: Record<string, string>,
  n: number,
): Promise<Omit<StepResult, "name" | "id">> {
  const files = {
    GITHUB_OUTPUT: join(job.tmp, `output-${n}`),
    GITHUB_STEP_SUMMARY: join(job.tmp, `summary-${n}`),
    GITHUB_ENV: join(job.tmp, `env-${n}`),
  };
  for (const file of Object.values(files)) await writeFile(file, "");
  const script = join(job.tmp, `step-${n}.sh`);
  await writeFile(script, step.run!);
  const run = await execa("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], {
    cwd: job.workspace,
    env: { ...env, ...files },
    extendEnv: false,
    reject: false,
    all: true,
    stdin: "ignore",
    timeout: (step["timeout-minutes"] ?? 360) * 60_000,
  });
  const all = String(run.all ?? "");
  for (const mask of masksIn(String(run.stdout ?? ""))) job.masks.add(mask);
  Object.assign(job.env, await readFileCommand(files.GITHUB_ENV));
  return {
    outcome: run.exitCode === 0 ? "success" : "failure",
    outputs: await readFileCommand(files.GITHUB_OUTPUT),
    log: all,
    ...(run.exitCode === undefined ? {} : { exitCode: run.exitCode }),
    summary: await readFile(files.GITHUB_STEP_SUMMARY, "utf8"),
  };
}

let actionCache: ActionMetadata | undefined;

async function loadAction(dir: string): Promise<ActionMetadata> {
  actionCache ??= actionMetadataSchema.parse(
    parse(await readFile(join(dir, "action.yml"), "utf8")),
  );
  return actionCache;
}

/**
 * The copperhead Action as GitHub runs a composite action: its inputs (with: over defaults) as
 * the `inputs` context of its own steps, each step run like any other, its outputs evaluated
 * from its steps' outputs.
 */
async function runComposite(
  job: JobScope,
  given: Record<string, string>,
): Promise<Omit<StepResult, "name" | "id">> {
  const action = await loadAction(job.action.dir);
  if (action.runs.using !== "composite") throw new Error("the copperhead Action must be composite");
  const unknown = Object.keys(given).filter((k) => !(k in (action.inputs ?? {})));
  if (unknown.length > 0) throw new Error(`the Action has no input(s) ${unknown.join(", ")}`);
  const inputs = Object.fromEntries(
    Object.entries(action.inputs ?? {}).map(([k, spec]) => [k, given[k] ?? spec.default ?? ""]),
  );
  for (const [k, spec] of Object.entries(action.inputs ?? {})) {
    if (spec.required && !inputs[k]) throw new Error(`the Action's input ${k} is required`);
  }
  const steps: StepsContext = {};
  let status: ExpressionScope["status"] = "success";
  const logs: string[] = [];
  const summaries: string[] = [];
  let exitCode: number | undefined;
  for (const inner of action.runs.steps) {
    const spec: StepSpec = { name: inner.name ?? inner.run ?? "step", ...inner } as StepSpec;
    const result = await runStep(job, spec, steps, status, { inputs });
    logs.push(result.log);
    summaries.push(result.summary);
    if (result.exitCode !== undefined) exitCode = result.exitCode;
    if (result.outcome === "failure") status = "failure";
    recordStep(steps, inner.id, result);
  }
  const scope = scopeOf(job, steps, status, { inputs });
  const outputs = Object.fromEntries(
    Object.entries(action.outputs ?? {}).map(([k, o]) => [
      k,
      "value" in o ? interpolate(o.value, scope) : "",
    ]),
  );
  return {
    outcome: status === "success" ? "success" : "failure",
    outputs,
    log: logs.join(""),
    ...(exitCode === undefined ? {} : { exitCode }),
    summary: summaries.join(""),
  };
}

/**
 * One step: its `if:` (success() unless it says otherwise), its env and `with:` interpolated,
 * then a script, a built-in action, or the copperhead Action. Anything else is refused: the
 * runner interprets only what the generator emits.
 */
export async function runStep(
  job: JobScope,
  step: StepSpec,
  steps: StepsContext,
  status: ExpressionScope["status"],
  extra: Record<string, unknown> = {},
): Promise<StepResult> {
  const head = { name: step.name, ...(step.id ? { id: step.id } : {}) };
  const scope = scopeOf(job, steps, status, extra);
  if (!condition(step.if, scope)) {
    return { ...head, outcome: "skipped", outputs: {}, log: "", summary: "" };
  }
  await job.beforeStep?.(job.job, step);
  const n = ++job.counter.steps;
  const env = { ...job.env, ...interpolateAll(step.env, scope) };
  if (step.run !== undefined) return { ...head, ...(await runScript(job, step, env, n)) };
  const uses = step.uses!;
  const given = interpolateAll(step.with, scope);
  if (uses === job.action.ref) return { ...head, ...(await runComposite(job, given)) };
  const builtin = builtinAction(uses);
  if (!builtin) throw new Error(`the local runner does not know the action ${uses}`);
  const context: BuiltinContext = {
    job: job.job,
    step: n,
    workspace: job.workspace,
    ref: job.ref,
    stores: job.stores,
    run: {
      repository: job.env.GITHUB_REPOSITORY ?? "",
      apiUrl: job.env.GITHUB_API_URL ?? "https://api.github.com",
    },
  };
  const result = await builtin(given, context);
  for (const mask of result.masks ?? []) job.masks.add(mask);
  return {
    ...head,
    outcome: result.ok ? "success" : "failure",
    outputs: result.outputs,
    log: `${result.log.join("\n")}\n`,
    summary: "",
  };
}
