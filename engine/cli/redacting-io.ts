import { type Redactor, redactText } from "../agent/redact.js";

/** Held back at most this long without a line break (a progress bar, a huge JSON line). */
const MAX_PENDING = 1 << 20;

const PEM_BEGIN = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY[A-Z0-9 ]*-----/g;
const PEM_END = /-----END [A-Z0-9 ]*PRIVATE KEY[A-Z0-9 ]*-----/;

/** Where the last private key block that has not ended yet begins, or -1. */
function openKeyBlock(text: string): number {
  let last = -1;
  for (const match of text.matchAll(PEM_BEGIN)) last = match.index;
  return last !== -1 && !PEM_END.test(text.slice(last)) ? last : -1;
}

// GitHub's runner consumes this workflow command and never shows it; it must carry the value
// itself, or the runner masks "[REDACTED]" and the secret stays unmasked in later output.
const MASK_COMMAND = /^::add-mask::/;

export interface RedactingWriter {
  write(chunk: string | Uint8Array): boolean;
  /** Writes out what is held back (a last line without a line break). */
  flush(): void;
}

/**
 * A stream writer that redacts whole lines: text is held until its line ends, so a secret
 * split across two writes is still one match; a private key block is held until its END line.
 * Redaction is idempotent, so a writer behind another one changes nothing more.
 */
export function createRedactingWriter(
  emit: (text: string) => void,
  redactor: Redactor,
  options: { maskCommands?: boolean } = {},
): RedactingWriter {
  let pending = "";
  const release = (text: string) => {
    if (text === "") return;
    if (options.maskCommands !== true || !text.includes("::add-mask::")) {
      emit(redactor.redact(text));
      return;
    }
    // Whole runs of other lines are redacted together (a key block stays one match).
    let run = "";
    let out = "";
    for (const line of text.split(/(?<=\n)/)) {
      if (!MASK_COMMAND.test(line)) {
        run += line;
        continue;
      }
      out += redactor.redact(run) + line;
      run = "";
    }
    emit(out + redactor.redact(run));
  };
  return {
    write(chunk) {
      pending += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      let cut = pending.lastIndexOf("\n") + 1;
      const open = openKeyBlock(pending);
      if (open !== -1 && open < cut) cut = open;
      if (pending.length > MAX_PENDING) cut = pending.length;
      release(pending.slice(0, cut));
      pending = pending.slice(cut);
      return true;
    },
    flush() {
      release(pending);
      pending = "";
    },
  };
}

let installed = false;

/**
 * Every byte the process prints goes through the redactor, always (not only when CI=true or
 * GITHUB_ACTIONS=true: one rule is cheaper to reason about, and a terminal has no more use for
 * a token than a log). Wraps process.stdout and process.stderr (so commands, libraries and
 * Node's own warnings are covered), flushes held text on exit, and prints a crash redacted
 * instead of letting Node print it raw. Call once, first thing in main. The one exception: under
 * GITHUB_ACTIONS=true a line `::add-mask::<value>` passes as written, since the runner needs
 * the value to mask it and never prints the command.
 */
export function redactProcessOutput(env: NodeJS.ProcessEnv = process.env): void {
  if (installed) return;
  installed = true;
  // Looked up on every write: a secret set during the run (a minted token) is covered too.
  const redactor: Redactor = {
    redact: (text) => redactText(text, env),
    containsSecret: () => false,
  };
  const writers = [process.stdout, process.stderr].map((stream) => {
    const write = stream.write.bind(stream) as (text: string) => boolean;
    // A reader that went away (`copperhead draft … | head`) is not a failure of the command: its
    // output is dropped from then on and the command finishes its work (no file is left half
    // written by a process cut short), exiting with its own code. Any other stream error is one.
    let gone = false;
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") throw error;
      gone = true;
    });
    const original = (text: string) => (gone ? true : write(text));
    // In GitHub Actions, `::add-mask::<value>` lines (@actions/core's setSecret) pass as written.
    const writer = createRedactingWriter((text) => original(text), redactor, {
      maskCommands: env.GITHUB_ACTIONS === "true",
    });
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      writer.write(chunk);
      const done = rest.find((arg): arg is () => void => typeof arg === "function");
      done?.();
      return true;
    }) as typeof stream.write;
    return writer;
  });
  const flush = () => {
    for (const writer of writers) writer.flush();
  };
  process.on("exit", flush);
  const crash = (error: unknown) => {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`copperhead: internal error (please report it):\n${detail}\n`);
    flush();
    process.exit(3);
  };
  process.on("uncaughtException", crash);
  process.on("unhandledRejection", crash);
}
