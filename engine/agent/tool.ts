import type { z } from "zod";

/** Why a tool call did not do what was asked; the loop and the ledger react to the kind. */
export type ToolErrorKind =
  | "invalid-arguments"
  | "refused"
  | "not-found"
  | "conflict"
  | "check-failed"
  | "tool-failure";

/**
 * What every tool returns: never an exception into the loop. `summary` is one line (the
 * terminal progress line and the transcript index); `detail` is what the model reads.
 */
export interface ToolResult {
  ok: boolean;
  summary: string;
  detail?: string;
  errorKind?: ToolErrorKind;
  /** Structured facts the ledger reads (e.g. { erc: { violations: 0 } }); never shown to the model. */
  facts?: Record<string, unknown>;
}

/** What a tool may touch: the repo it works in, the stage it serves, and secrets to redact. */
export interface ToolContext {
  /** Absolute, realpath'd repository root; file tools are confined to it. */
  repo: string;
  stage: string;
  attempt: number;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

/**
 * One tool the model can call. `mutating` tools are structurally absent from the catalog until
 * a change proposal validates (spec gating). The zod schema is the model's input schema too.
 */
export interface AgentTool<Args = unknown> {
  name: string;
  description: string;
  schema: z.ZodType<Args>;
  mutating: boolean;
  run(args: Args, context: ToolContext): Promise<ToolResult>;
}
