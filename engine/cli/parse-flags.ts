import { parseArgs } from "node:util";
import { UsageError } from "../errors.js";

type FlagSpec = Record<string, { type: "string" | "boolean"; short?: string; multiple?: boolean }>;

/** node:util parseArgs with copperhead's error: unknown or malformed flags become UsageError. */
export function parseFlags<T extends FlagSpec>(args: string[], options: T, usage: string) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(reason, `usage: ${usage}`);
  }
}

/** The one file a command works on: exactly one positional, else a UsageError naming `what`. */
export function onePositional(positionals: readonly string[], what: string, usage: string): string {
  const [file, ...extra] = positionals;
  if (!file) throw new UsageError(`no ${what} given`, `usage: ${usage}`);
  if (extra.length > 0) {
    throw new UsageError(`unexpected arguments: ${extra.join(" ")}`, `usage: ${usage}`);
  }
  return file;
}
