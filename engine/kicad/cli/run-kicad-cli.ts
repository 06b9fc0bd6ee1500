import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { execa } from "execa";
import { isInside } from "../paths/real-location.js";
import type { ClearedDesign } from "./cleared-design.js";
import { kicadLimit } from "./concurrency-limit.js";
import { KicadCliError } from "./errors.js";
import { type KicadVersion, requireSupportedVersion } from "./kicad-version.js";
import { locateKicadCli } from "./locate-kicad-cli.js";
import { inScratchFolder } from "./scratch-folder.js";
import { traceKicad } from "./trace-kicad.js";

export interface KicadRunOptions {
  /**
   * The environment to start from (PATH, COPPERHEAD_KICAD_CLI, TMPDIR are read from it);
   * default `process.env`. KICAD_CONFIG_HOME, TMPDIR and the locale are always replaced.
   */
  env?: NodeJS.ProcessEnv;
  /** Kill kicad-cli after this long (default 15 minutes: a large board's DRC takes minutes). */
  timeoutMs?: number;
  /**
   * Aborting it (the CLI does on SIGINT/SIGTERM) kills the running kicad-cli, removes the scratch
   * folder and rejects with the signal's reason; calls still queued never start.
   */
  signal?: AbortSignal;
}

/** One finished kicad-cli process (it exited on its own; crashes and timeouts throw instead). */
export interface KicadRun {
  rc: number;
  stdout: string;
  stderr: string;
  command: string;
}

/** The private scratch folder of one call; deleted when the call ends. */
export interface KicadWork {
  dir: string;
  /** A path for an output file (`-o`) inside the scratch folder. */
  out(name: string): string;
}

const DEFAULT_TIMEOUT_MS = 15 * 60_000;
const DESIGN_FILE = /\.kicad_(?:sch|pcb|pro)$/i;

/**
 * The proof must be for the files the call opens: every KiCad design file an argument names is
 * one the pre-flight cleared, or a file of the call's own scratch folder. NO_DESIGN (or a proof
 * for another design) handed with a design is a programming error, caught before kicad-cli runs.
 */
function requireCleared(design: ClearedDesign, argv: readonly string[], dir: string): void {
  for (const arg of argv) {
    if (!DESIGN_FILE.test(arg)) continue;
    const path = resolve(dir, arg);
    if (isInside(dir, path) || design.files.includes(path)) continue;
    throw new Error(
      `kicad-cli was to open ${path}, which the pre-flight did not clear (cleared: ${design.files.join(", ") || "none"})`,
    );
  }
}
const versions = new Map<string, Promise<KicadVersion>>();

/**
 * Runs kicad-cli once, hermetically: a fresh KICAD_CONFIG_HOME (so the machine's KiCad settings
 * and global library tables never change a result), a private TMPDIR and a fixed locale (report
 * texts are translated otherwise). `design` is the pre-flight's proof (clearDesign / resolveInput,
 * or NO_DESIGN for a call that opens no file). `args` builds the argument list given the scratch
 * folder; `use` reads the outputs before the folder is removed. Calls beyond the concurrency
 * limit wait.
 */
export async function withKicadCli<T>(
  design: ClearedDesign,
  args: (work: KicadWork) => string[],
  use: (run: KicadRun, work: KicadWork) => Promise<T>,
  options: KicadRunOptions = {},
): Promise<T> {
  const baseEnv = options.env ?? process.env;
  const signal = options.signal;
  signal?.throwIfAborted();
  const binary = await locateKicadCli(baseEnv);
  return kicadLimit()(async () => {
    signal?.throwIfAborted();
    return inScratchFolder(baseEnv.TMPDIR || tmpdir(), "copperhead-kicad-", async (dir) => {
      const work: KicadWork = { dir, out: (name) => join(dir, "out", name) };
      await Promise.all(
        ["config", "tmp", "out", "data", "cache", "state"].map((d) => mkdir(join(dir, d))),
      );
      const env = {
        ...baseEnv,
        KICAD_CONFIG_HOME: join(dir, "config"),
        // kicad-cli creates its data and cache folders on start: here, not in a HOME that may
        // be read-only (a CI user) or shared with other runs.
        XDG_DATA_HOME: join(dir, "data"),
        XDG_CACHE_HOME: join(dir, "cache"),
        XDG_STATE_HOME: join(dir, "state"),
        TMPDIR: join(dir, "tmp"),
        LANG: "C.UTF-8",
        LC_ALL: "C.UTF-8",
      };
      const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      const argv = args(work);
      requireCleared(design, argv, dir);
      const spawned = { env, cwd: dir, timeoutMs, signal };
      await checkVersion(binary, spawned);
      const run = await spawn(binary, argv, spawned);
      signal?.throwIfAborted();
      return await use(run, work);
    });
  }, signal);
}

interface SpawnOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  timeoutMs: number;
  signal: AbortSignal | undefined;
}

function checkVersion(binary: string, options: SpawnOptions) {
  let known = versions.get(binary);
  if (!known) {
    known = spawn(binary, ["version"], options).then((run) =>
      requireSupportedVersion(run.stdout, binary),
    );
    versions.set(binary, known);
    // An interrupted or failed probe is not the binary's answer: ask again next time.
    known.catch(() => versions.delete(binary));
  }
  return known;
}

async function spawn(binary: string, args: string[], options: SpawnOptions): Promise<KicadRun> {
  const command = [binary, ...args].map(quote).join(" ");
  const startedAt = Date.now();
  const result = await execa(binary, args, {
    env: options.env,
    extendEnv: false,
    cwd: options.cwd,
    stdin: "ignore",
    reject: false,
    timeout: options.timeoutMs,
    stripFinalNewline: false,
    ...(options.signal ? { cancelSignal: options.signal, forceKillAfterDelay: 2000 } : {}),
  });
  traceKicad(options.env, startedAt, command);
  if (result.isCanceled) throw options.signal?.reason ?? new Error("kicad-cli was cancelled");
  const timeoutMs = options.timeoutMs;
  const stdout = String(result.stdout ?? "");
  const stderr = String(result.stderr ?? "");
  const failure = { rc: result.exitCode, stdout, stderr, command };
  if (result.timedOut) {
    throw new KicadCliError(
      `kicad-cli did not finish within ${Math.round(timeoutMs / 1000)} s and was stopped`,
      "retry with a longer timeout; very large boards need minutes for DRC",
      failure,
    );
  }
  if (result.signal) {
    throw new KicadCliError(
      `kicad-cli crashed (${result.signal})`,
      "check that the file opens in KiCad 9; if it does, report the crash with the file attached",
      failure,
    );
  }
  if (result.exitCode === undefined) {
    throw new KicadCliError(
      `kicad-cli could not be started (${result.shortMessage})`,
      "check that the binary is a working kicad-cli (run it with `version`)",
      failure,
      { cause: result.cause },
    );
  }
  return { rc: result.exitCode, stdout, stderr, command };
}

function quote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}
