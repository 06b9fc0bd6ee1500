import { mkdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import type { z } from "zod";
import { type ClearedDesign, clearedBoard } from "../cli/cleared-design.js";
import { kicadLimit } from "../cli/concurrency-limit.js";
import { inScratchFolder } from "../cli/scratch-folder.js";
import { traceKicad } from "../cli/trace-kicad.js";
import { HELPER_SOURCE } from "./helper-script.js";
import {
  PcbnewCrashError,
  PcbnewJobError,
  PcbnewMissingError,
  PcbnewTimeoutError,
} from "./pcbnew-errors.js";

/** The interpreter KiCad's Debian package builds pcbnew for; a pyenv `python3` lacks it. */
export const SYSTEM_PYTHON = "/usr/bin/python3";

export interface PcbnewRunOptions {
  /** Start from this environment (default process.env); KICAD_CONFIG_HOME and TMPDIR are replaced. */
  env?: NodeJS.ProcessEnv;
  /** Stop the helper after this long (default 5 minutes: a large board fills in seconds). */
  timeoutMs?: number;
  /** The interpreter (default COPPERHEAD_PCBNEW_PYTHON, else /usr/bin/python3). */
  python?: string;
  /** The Python source to run instead of copperhead's helper (tests of the failure paths). */
  script?: string;
}

const DEFAULT_TIMEOUT_MS = 5 * 60_000;

/** Lines KiCad's wx build prints on stderr for every import; they say nothing about the job. */
const NOISE = [
  /^\d\d:\d\d:\d\d: Debug: /,
  /^Debug: /,
  /Adding duplicate image handler/,
  /^\(process:\d+\): (GLib|Gtk)/,
  /^\s*$/,
];

export function filterStderr(stderr: string): string {
  return stderr
    .split(/\r?\n/)
    .filter((line) => !NOISE.some((pattern) => pattern.test(line)))
    .join("\n");
}

const INSTALL =
  "install KiCad 9's Python module (Debian: the kicad package, run `bash scripts/install-kicad.sh`) and use the system interpreter /usr/bin/python3, or point COPPERHEAD_PCBNEW_PYTHON at an interpreter that can `import pcbnew`";

/**
 * Runs one job of the pcbnew helper: the request goes in as a JSON file, the answer comes back
 * as one, parsed with `schema`. Hermetic like kicad-cli (private KICAD_CONFIG_HOME and TMPDIR,
 * C locale) and under the same concurrency limit. Failures are typed: PcbnewMissingError (no
 * interpreter or no pcbnew module), PcbnewCrashError (signal, traceback, unreadable answer),
 * PcbnewTimeoutError, PcbnewJobError (pcbnew refused the job, e.g. the board does not load).
 *
 * pcbnew follows a board's footprint, 3-D model and project paths as kicad-cli does, so the
 * board comes only as the pre-flight's proof (`design`, see cleared-design.ts): the request's
 * `board` is the one it cleared, never a path of the caller's. NO_DESIGN runs a job that opens
 * no board.
 */
export async function runPcbnew<T>(
  design: ClearedDesign,
  job: { command: string } & Record<string, unknown>,
  schema: z.ZodType<T>,
  options: PcbnewRunOptions = {},
): Promise<T> {
  if ("board" in job) throw new Error("runPcbnew takes its board from the cleared design only");
  const request = design.files.length > 0 ? { ...job, board: clearedBoard(design) } : job;
  const baseEnv = options.env ?? process.env;
  const python = options.python ?? (baseEnv.COPPERHEAD_PCBNEW_PYTHON || SYSTEM_PYTHON);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return kicadLimit()(() =>
    inScratchFolder(baseEnv.TMPDIR || tmpdir(), "copperhead-pcbnew-", async (dir) => {
      await Promise.all([mkdir(join(dir, "config")), mkdir(join(dir, "tmp"))]);
      const script = join(dir, "copperhead_pcbnew.py");
      const requestFile = join(dir, "request.json");
      const responseFile = join(dir, "response.json");
      await writeFile(script, options.script ?? HELPER_SOURCE);
      await writeFile(requestFile, JSON.stringify(request));
      const args = [script, requestFile, responseFile];
      const command = [python, "<copperhead_pcbnew.py>", request.command].join(" ");
      const startedAt = Date.now();
      const result = await execa(python, args, {
        env: {
          ...baseEnv,
          KICAD_CONFIG_HOME: join(dir, "config"),
          TMPDIR: join(dir, "tmp"),
          LANG: "C.UTF-8",
          LC_ALL: "C.UTF-8",
          PYTHONDONTWRITEBYTECODE: "1",
        },
        extendEnv: false,
        cwd: dir,
        stdin: "ignore",
        reject: false,
        timeout: timeoutMs,
      });
      traceKicad(baseEnv, startedAt, command);
      const stderr = filterStderr(String(result.stderr ?? ""));
      const failure = { command, stderr };
      if (result.timedOut) {
        throw new PcbnewTimeoutError(
          `the pcbnew helper did not finish ${request.command} within ${Math.round(timeoutMs / 1000)} s and was stopped`,
          "retry with a longer timeout; if a small board hangs, open it in KiCad and refill its zones there to see why",
          failure,
        );
      }
      if (result.exitCode === undefined && !result.signal) {
        throw new PcbnewMissingError(
          `the Python interpreter ${python} could not be started (${result.shortMessage})`,
          INSTALL,
          failure,
          { cause: result.cause },
        );
      }
      if (result.signal) {
        throw new PcbnewCrashError(
          `the pcbnew helper crashed (${result.signal}) during ${request.command}`,
          "check that the board opens in KiCad 9; if it does, report the crash with the board attached",
          failure,
        );
      }
      const answer = await readAnswer(responseFile);
      if (answer?.ok === false && answer.error === "module-missing") {
        throw new PcbnewMissingError(
          `${python} has no pcbnew module (${String(answer.message)})`,
          INSTALL,
          failure,
        );
      }
      if (result.exitCode !== 0 || answer === undefined) {
        throw new PcbnewCrashError(
          `the pcbnew helper failed during ${request.command} (exit ${result.exitCode}${answer === undefined ? ", no answer" : ""})`,
          "rerun with the same board; a Python traceback above names the failing call",
          failure,
        );
      }
      if (answer.ok === false) {
        throw new PcbnewJobError(
          `pcbnew could not ${request.command}: ${String(answer.message ?? answer.error)}`,
          "check that the board loads in KiCad 9 (`copperhead drc <board>` loads it the same way)",
          failure,
        );
      }
      const parsed = schema.safeParse(answer);
      if (!parsed.success) {
        throw new PcbnewCrashError(
          `the pcbnew helper answered ${request.command} in an unexpected shape (${parsed.error.issues[0]?.message ?? "invalid"})`,
          "this is a copperhead fault: report it with the board attached",
          failure,
        );
      }
      return parsed.data;
    }),
  );
}

async function readAnswer(file: string): Promise<Record<string, unknown> | undefined> {
  try {
    const value: unknown = JSON.parse(await readFile(file, "utf8"));
    return value !== null && typeof value === "object"
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
