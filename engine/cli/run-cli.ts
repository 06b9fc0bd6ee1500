import { CopperheadError, InterruptedError } from "../errors.js";
import type { CliIo } from "./command.js";
import { commands, findCommand } from "./registry.js";

function helpText(): string {
  const width = Math.max(...commands.map((c) => c.name.length), 4);
  const rows = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return `usage: copperhead <command> [options]\n\ncommands:\n${rows.join("\n")}\n\nRun 'copperhead <command> --help' for a command's options.\n`;
}

/** The whole CLI as a function of argv and io, so tests run it in-process. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") {
    io.stdout.write(helpText());
    return name ? 0 : 2;
  }
  const command = findCommand(name);
  if (!command) {
    io.stderr.write(`copperhead: unknown command '${name}'\n\n${helpText()}`);
    return 2;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    io.stdout.write(`${command.usage}\n`);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof InterruptedError) {
      io.stderr.write(`copperhead ${name}: ${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof CopperheadError) {
      io.stderr.write(`copperhead ${name}: ${error.message}\n`);
      return 2;
    }
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.stderr.write(`copperhead ${name}: internal error (please report it):\n${detail}\n`);
    return 3;
  }
}
