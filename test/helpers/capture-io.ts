import type { CliIo } from "../../engine/cli/command.js";

export interface CapturedIo extends CliIo {
  out(): string;
  err(): string;
}

/** A CliIo that records what a command writes, for running the CLI in-process. */
export function captureIo(cwd: string, env: NodeJS.ProcessEnv = process.env): CapturedIo {
  let stdout = "";
  let stderr = "";
  return {
    cwd,
    env,
    stdout: {
      write: (chunk: string | Uint8Array) => {
        stdout += String(chunk);
        return true;
      },
    },
    stderr: {
      write: (chunk: string | Uint8Array) => {
        stderr += String(chunk);
        return true;
      },
    },
    out: () => stdout,
    err: () => stderr,
  };
}
