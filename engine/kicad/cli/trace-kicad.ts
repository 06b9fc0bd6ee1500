import { appendFileSync } from "node:fs";

/**
 * COPPERHEAD_TRACE_KICAD=<file>: one line per finished kicad-cli or pcbnew process (ISO time,
 * milliseconds taken, the command) appended to <file>, to count and time the KiCad work a run
 * does (docs/create.md, "What a stage run costs"). Unset, nothing is written. The command is
 * the argument list only: no environment, so no secret reaches the file.
 */
export function traceKicad(env: NodeJS.ProcessEnv, startedAt: number, command: string): void {
  const file = env.COPPERHEAD_TRACE_KICAD;
  if (!file) return;
  const ms = Date.now() - startedAt;
  appendFileSync(file, `${new Date().toISOString()}\t${ms}\t${command}\n`);
}
