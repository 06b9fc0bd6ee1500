import { CopperheadError, describeError } from "../errors.js";
import { FileAccessError, fileErrorOf } from "../file-error.js";
import type { CliIo } from "./command.js";
import { EXIT, exitCodeOf } from "./exit-codes.js";
import { interruptOf } from "./interrupt.js";
import { commands, findCommand } from "./registry.js";

function helpText(): string {
  const width = commands.reduce((w, c) => Math.max(w, c.name.length), 4);
  const rows = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return `usage: copperhead <command> [options]\n\ncommands:\n${rows.join("\n")}\n\nRun 'copperhead <command> --help' for a command's options.\n`;
}

/** The whole CLI as a function of argv and io, so tests run it in-process. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") {
    io.stdout.write(helpText());
    return name ? EXIT.ok : EXIT.error;
  }
  const entry = findCommand(name);
  if (!entry) {
    io.stderr.write(`copperhead: unknown command '${name}'\n\n${helpText()}`);
    return EXIT.error;
  }
  let code: number;
  try {
    // Only the command that runs is imported (engine/cli/registry.ts says why).
    const command = await entry.load();
    if (rest.includes("--help") || rest.includes("-h")) {
      io.stdout.write(`${command.usage}\n`);
      return EXIT.ok;
    }
    code = await command.run(rest, io);
  } catch (error) {
    // Whatever an interrupted command threw on its way out (a killed kicad-cli, an AbortError),
    // the answer is the interrupt's.
    code = interruptOf(io.signal) ? EXIT.error : reportError(name, error, io);
  }
  const interrupted = interruptOf(io.signal);
  if (interrupted) {
    io.stderr.write(`copperhead ${name}: ${describeError(interrupted)}\n`);
    return interrupted.exitCode;
  }
  return code;
}

/**
 * How the CLI answers a thrown error: copperhead's own and file system errors (mapped to the
 * path and the fix) with their category's exit code; anything else is a bug to report.
 */
export function reportError(name: string, error: unknown, io: CliIo): number {
  // A file error raised deep down names the absolute path; say it as the person typed it.
  const known =
    error instanceof FileAccessError
      ? (fileErrorOf(error.cause, io.cwd) ?? error)
      : error instanceof CopperheadError
        ? error
        : fileErrorOf(error, io.cwd);
  if (known) {
    io.stderr.write(`copperhead ${name}: ${describeError(known)}\n`);
    return exitCodeOf(known);
  }
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  io.stderr.write(`copperhead ${name}: internal error (please report it):\n${detail}\n`);
  return EXIT.internal;
}
