/**
 * The part of GitHub's workflow syntax the generator emits. Anything outside it is refused by
 * the local runner (test/helpers/workflow-runner), which interprets exactly this.
 */
export type Expression = string;

export interface WorkflowInput {
  description: string;
  required: boolean;
  type: "string";
  default?: string;
}

export interface Step {
  name: string;
  id?: string;
  if?: Expression;
  uses?: string;
  with?: Record<string, string | number | boolean>;
  run?: string;
  shell?: "bash";
  env?: Record<string, string>;
  "timeout-minutes"?: number;
}

export interface Job {
  name: string;
  if?: Expression;
  needs?: string[];
  "runs-on": string;
  "timeout-minutes": number;
  permissions?: Record<string, "read" | "write">;
  container?: { image: string };
  env?: Record<string, string>;
  steps: Step[];
}

export interface Workflow {
  name: string;
  "run-name"?: string;
  on: Record<string, unknown>;
  permissions: Record<string, "read" | "write">;
  concurrency?: { group: string; "cancel-in-progress": boolean };
  jobs: Record<string, Job>;
}

/** Which release of copperhead the jobs run: the container image and the Action. */
export interface WorkflowRefs {
  image: string;
  action: string;
}
