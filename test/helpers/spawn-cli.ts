import { execa } from "execa";

export interface SpawnedCli {
  /** The child: `kill(signal)` it, and await it for `{ exitCode, signal, stdout }`. */
  process: {
    kill(signal: NodeJS.Signals): boolean;
    then: Promise<{
      exitCode?: number | undefined;
      signal?: string | undefined;
      stdout: unknown;
    }>["then"];
  };
  /** Resolves once stderr holds `text` (rejects when the process ends first). */
  waitForStderr(text: string): Promise<void>;
  stderr(): string;
}

/**
 * The built CLI (`node dist/engine/cli/main.js`) as a child process a test can signal: for
 * what only a real process shows (SIGINT/SIGTERM handling, SIGKILL leftovers).
 */
export function spawnCli(
  bin: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): SpawnedCli {
  const child = execa(process.execPath, [bin, ...args], {
    cwd: options.cwd,
    env: options.env ?? {},
    extendEnv: true,
    reject: false,
    stdin: "ignore",
    timeout: 180_000,
  });
  let err = "";
  const waiters: Array<{ text: string; resolve: () => void }> = [];
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString();
    for (const w of [...waiters]) {
      if (err.includes(w.text)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  });
  return {
    process: child,
    stderr: () => err,
    waitForStderr: (text) =>
      new Promise<void>((resolve, reject) => {
        if (err.includes(text)) {
          resolve();
          return;
        }
        waiters.push({ text, resolve });
        child.then(() => {
          if (!err.includes(text))
            reject(new Error(`the CLI ended before printing ${JSON.stringify(text)}:\n${err}`));
        });
      }),
  };
}
