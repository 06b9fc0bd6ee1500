import type { Writable } from "node:stream";

/** What a command may touch of the outside world; tests pass their own. */
export interface CliIo {
  stdout: Pick<Writable, "write">;
  stderr: Pick<Writable, "write">;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Aborted (reason: an InterruptedError) when SIGINT or SIGTERM arrives; see interrupt.ts. */
  signal?: AbortSignal;
}

/**
 * One `copperhead <name>` command. `run` returns the exit code: 0 clean, 1 findings,
 * 2 bad usage or unreadable input (raise UsageError / a CopperheadError for those).
 */
export interface Command {
  name: string;
  summary: string;
  usage: string;
  run(args: string[], io: CliIo): Promise<number>;
}
