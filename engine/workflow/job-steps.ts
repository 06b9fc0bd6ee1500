import type { Step } from "./workflow-types.js";

/**
 * The third-party actions the workflows use, each pinned to a major version that runs on
 * Node 24 (GitHub forces Node 20 actions onto Node 24 from June 2026).
 */
export const ACTIONS = {
  checkout: "actions/checkout@v6",
  cacheRestore: "actions/cache/restore@v5",
  cacheSave: "actions/cache/save@v5",
  uploadArtifact: "actions/upload-artifact@v6",
  appToken: "actions/create-github-app-token@v2",
} as const;

/** Where the model response cache lives in a checkout (engine/agent/cache). */
export const RESPONSE_CACHE = ".copperhead/cache";

/** `${{ body }}`: a GitHub Actions expression, never placed inside a `run:` script. */
export function expr(body: string): string {
  return `\${{ ${body} }}`;
}

/** The secrets the design workflow reads (docs/actions.md). */
export const SECRETS = {
  appId: "COPPERHEAD_APP_ID",
  appKey: "COPPERHEAD_APP_PRIVATE_KEY",
  model: "ANTHROPIC_API_KEY",
} as const;

/**
 * Checks out `ref` with the full history (stage commits are rebased on push) and without
 * leaving the token in .git/config, where nothing the stage runs should find it: every later
 * git call that needs a token gets one through its own step's environment.
 */
export function checkoutStep(ref: string): Step {
  return {
    name: "Check out",
    id: "checkout",
    uses: ACTIONS.checkout,
    with: { ref, "fetch-depth": 0, "persist-credentials": false },
  };
}

/** A `copperhead job …` step: the CLI in the container does the work, inputs come as env. */
export function jobStep(name: string, command: string, env: Record<string, string>): Step {
  return { name, run: `copperhead job ${command}`, env };
}

/** The dispatch input every generated workflow takes so the App finds the run it started. */
export const REQUEST_ID_INPUT = {
  description: "An opaque id from the copperhead App, shown in the run's name",
  required: true,
  type: "string",
} as const;
