/** Injected when few turns remain, so the model wraps up instead of starting new work. */
export function convergeNudge(remaining: number): string {
  return `converge now: ${remaining} turn(s) remain. Stop starting new work; run the remaining checks, fix what they report, and call finish (outcome done, or refuse with the reason).`;
}

/** Sent back after a turn with no tool call; the stall counter is already running. */
export const NO_TOOL_CALL =
  "You did not call a tool. Continue with tool calls, or call finish to end the run.";

export function unavailableTool(name: string, gated: boolean): string {
  return gated
    ? `tool "${name}" is not available (edit tools unlock after the proposal validates: propose_change, then validate_change)`
    : `tool "${name}" does not exist; use one of the tools listed`;
}
