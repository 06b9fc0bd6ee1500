import type { Command } from "./command.js";

/** Every command, registered explicitly so `copperhead help` and the tests see the same list. */
export const commands: readonly Command[] = [];

export function findCommand(name: string): Command | undefined {
  return commands.find((c) => c.name === name);
}
