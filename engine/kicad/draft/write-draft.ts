import { randomUUID } from "node:crypto";
import {
  chmod,
  copyFile,
  link,
  lstat,
  mkdir,
  readdir,
  rename,
  rm,
  writeFile,
} from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { UsageError } from "../../errors.js";
import { fileErrorOf, withPath } from "../../file-error.js";
import { readText } from "../../repo/read-text.js";
import { isEngineDrafted } from "../schematic/engine-stamp.js";
import type { DraftFiles } from "./draft-schematic.js";
import { type LibRow, mergeLibTable, rowsOf, type TableHead } from "./lib-table.js";
import { librarySlug } from "./vendor-library.js";

/** Everything a draft puts on disk: the drafted files, and what a redraft carries along. */
export interface DraftOutput {
  files: DraftFiles;
  /** The original project's footprint libraries the parts use (redraft). */
  footprintRows?: { path: string; rows: LibRow[] };
  /** The derived intent kept beside the sheet (redraft): ours only together with the sheet. */
  intent?: { path: string; text: string };
  /** A hierarchy's sub-sheets (hierarchy/), written like the root sheet. */
  subSheets?: readonly { path: string; text: string }[];
}

export interface WriteDraftOptions {
  /** Replace a sheet a person drew (never a library or table copperhead did not write). */
  force?: boolean;
  /** Checked once more before anything is renamed into place. */
  signal?: AbortSignal;
}

export interface WrittenDraft {
  /** Files created or replaced, in the order they were renamed into place. */
  written: string[];
  /** Files already as the draft needs them, or a person's .kicad_pro kept as it is. */
  untouched: string[];
}

/** The draft would replace something copperhead did not write; nothing was written. */
export class DraftConflictError extends UsageError {
  readonly conflicts: readonly string[];

  constructor(conflicts: string[], fix: string) {
    const list = conflicts.map((c, i) => `\n  ${i + 1}. ${c}`).join("");
    super(
      `drafting would replace what copperhead did not write, so nothing was written:${list}`,
      fix,
    );
    this.conflicts = conflicts;
  }
}

type Action =
  | { path: string; write: string; mode: number | undefined; existed: boolean }
  | { path: string; write: undefined };

/** A file already at a target: its text and mode, or why it can never be replaced. */
type Existing = { text: string; mode: number; readOnly: boolean } | { blocked: string };

/** What to do with one target, given what is there: write this text, leave it, or refuse. */
type Decision = string | undefined | { conflict: string };

const READ_ONLY = "read-only (make it writable with chmod u+w if it may be replaced)";

const FIX =
  "pass --out with a new file name or folder (--force replaces a sheet a person drew, never their libraries or tables)";

function sheetDecision(existing: Existing | undefined, text: string, force: boolean): Decision {
  if (!existing || "blocked" in existing || isEngineDrafted(existing.text) || force) return text;
  return {
    conflict: `a schematic a person drew (generator "${generatorOf(existing.text) ?? "none"}", not copperhead's); drafting would replace their drawing`,
  };
}

function libraryDecision(existing: Existing | undefined, text: string): Decision {
  if (!existing || "blocked" in existing) return text;
  const generator = generatorOf(existing.text);
  if (generator === "copperhead") return text;
  return {
    conflict: `a symbol library copperhead did not write (${generator ? `generator "${generator}"` : "no generator stamp"}, ${symbolCount(existing.text)}); the draft's library of the same name would replace it`,
  };
}

function intentDecision(
  existing: Existing | undefined,
  text: string,
  sheetIsOurs: boolean,
): Decision {
  if (!existing || sheetIsOurs) return text;
  return {
    conflict: "an intent file beside a sheet copperhead did not draw; it would be replaced",
  };
}

/** Collects the actions, and every conflict (all of them, so one run names them all). */
class Planner {
  readonly conflicts: string[] = [];
  readonly actions: Action[] = [];

  /** `knowsText` false (preflight): an identical file would be left alone, read-only or not. */
  constructor(private readonly knowsText = true) {}

  async plan(path: string, decide: (existing: Existing | undefined) => Decision): Promise<void> {
    const existing = await inspect(path);
    const decided = decide(existing);
    if (decided !== undefined && typeof decided !== "string") {
      this.conflicts.push(`${path}: ${decided.conflict}`);
      return;
    }
    const current = existing && !("blocked" in existing) ? existing : undefined;
    if (decided === undefined || decided === current?.text) {
      this.actions.push({ path, write: undefined });
      return;
    }
    // Only now does it matter that the file cannot be replaced.
    if (existing && "blocked" in existing) this.conflicts.push(`${path}: ${existing.blocked}`);
    else if (current?.readOnly && this.knowsText) this.conflicts.push(`${path}: ${READ_ONLY}`);
    else
      this.actions.push({
        path,
        write: decided,
        mode: current?.mode,
        existed: current !== undefined,
      });
  }
}

/**
 * The refusals that need no drafting to find (a person's sheet or library where the draft's
 * go, a folder in a file's place), so a refused draft fails before the minutes a large design
 * takes to draw. writeDraft checks everything again when it writes.
 */
export async function preflightDraft(
  sheetPath: string,
  options: WriteDraftOptions & { intentPath?: string } = {},
): Promise<void> {
  const force = options.force === true;
  // Where draftSchematic puts the project library (vendor-library.ts names it).
  const library = join(
    dirname(sheetPath),
    `${librarySlug(basename(sheetPath, ".kicad_sch"))}.kicad_sym`,
  );
  const planner = new Planner(false);
  const sheet = await inspect(sheetPath);
  const sheetIsOurs = isOurs(sheet) || force;
  await planner.plan(library, (existing) => libraryDecision(existing, "\0"));
  if (options.intentPath) {
    await planner.plan(options.intentPath, (existing) =>
      intentDecision(existing, "\0", sheetIsOurs),
    );
  }
  await planner.plan(sheetPath, (existing) => sheetDecision(existing, "\0", force));
  if (planner.conflicts.length > 0) throw new DraftConflictError(planner.conflicts, FIX);
}

function isOurs(sheet: Existing | undefined): boolean {
  return sheet === undefined || (!("blocked" in sheet) && isEngineDrafted(sheet.text));
}

/**
 * Writes a draft without ever replacing a file copperhead did not author: a sheet without its
 * generator stamp (unless `force`), a symbol library it did not write, a table row of the same
 * name that points elsewhere (the person's rows are kept and ours added), a read-only file, a
 * folder or a link where a file goes. Every file is staged in a folder beside the targets and
 * renamed into place only when all of them are ready; a failure on the way puts back what was
 * there, so the folder is as it was. A replaced file keeps its mode.
 */
export async function writeDraft(
  output: DraftOutput,
  options: WriteDraftOptions = {},
): Promise<WrittenDraft> {
  const { files } = output;
  const force = options.force === true;
  const planner = new Planner();
  const sheetIsOurs = isOurs(await inspect(files.sheet.path)) || force;
  await planner.plan(files.library.path, (existing) =>
    libraryDecision(existing, files.library.text),
  );
  await planner.plan(files.symLibTable.path, (existing) =>
    table(
      "sym_lib_table",
      existing,
      files.symLibTable.path,
      rowsOf(files.symLibTable.text, files.symLibTable.path),
      files.symLibTable.text,
    ),
  );
  if (output.footprintRows) {
    const { path, rows } = output.footprintRows;
    await planner.plan(path, (existing) => table("fp_lib_table", existing, path, rows));
  }
  // A person's .kicad_pro is kept (their project settings); KiCad only needs one to exist.
  await planner.plan(files.project.path, (existing) =>
    existing && !("blocked" in existing) ? undefined : files.project.text,
  );
  if (output.intent) {
    const { path, text } = output.intent;
    await planner.plan(path, (existing) => intentDecision(existing, text, sheetIsOurs));
  }
  for (const sub of output.subSheets ?? [])
    await planner.plan(sub.path, (existing) => sheetDecision(existing, sub.text, force));
  await planner.plan(files.sheet.path, (existing) =>
    sheetDecision(existing, files.sheet.text, force),
  );
  if (planner.conflicts.length > 0) throw new DraftConflictError(planner.conflicts, FIX);
  return commit(planner.actions, options.signal);
}

/** What is at `path`: nothing (undefined), a file, or something that is not a file. */
async function inspect(path: string): Promise<Existing | undefined> {
  let info: Awaited<ReturnType<typeof lstat>>;
  try {
    info = await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw fileErrorOf(withPath(error, path)) ?? error;
  }
  if (info.isDirectory()) return { blocked: "a folder stands where the draft's file goes" };
  if (info.isSymbolicLink()) {
    return {
      blocked: "a symbolic link; replacing it would cut the link (name its target instead)",
    };
  }
  if (!info.isFile()) return { blocked: "not a regular file" };
  return {
    text: await readText(path),
    mode: info.mode & 0o7777,
    readOnly: (info.mode & 0o222) === 0,
  };
}

function table(
  head: TableHead,
  existing: Existing | undefined,
  path: string,
  rows: readonly LibRow[],
  fresh: string = tableText(head, rows),
): Decision {
  if (!existing) return fresh;
  if ("blocked" in existing) return fresh;
  const merged = mergeLibTable(head, existing.text, rows, path);
  if (merged.kind === "conflict") {
    return { conflict: `the library table cannot take the draft's rows: ${merged.reason}` };
  }
  return merged.kind === "unchanged" ? undefined : merged.text;
}

function tableText(head: TableHead, rows: readonly LibRow[]): string {
  const empty = `(${head}\n\t(version 7)\n)\n`;
  const merged = mergeLibTable(head, empty, rows, head);
  return merged.kind === "update" ? merged.text : empty;
}

/** The `(generator …)` of a KiCad file's header, read from its first lines. */
function generatorOf(text: string): string | undefined {
  return /\(\s*generator\s+"?([^\s")]+)"?\s*\)/.exec(text.slice(0, 4000))?.[1];
}

function symbolCount(text: string): string {
  const count = text.match(/^\t\(symbol "/gm)?.length ?? 0;
  return `${count} symbol${count === 1 ? "" : "s"}`;
}

const STAGE_PREFIX = ".copperhead-draft-";
const STALE_MS = 60 * 60_000;

/** A draft killed mid-way (SIGKILL) leaves its staging folder: copies only, removed after an hour. */
async function sweepStale(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith(STAGE_PREFIX))) {
    const path = join(dir, name);
    const info = await lstat(path).catch(() => undefined);
    if (info?.isDirectory() && Date.now() - info.mtimeMs > STALE_MS) {
      await rm(path, { recursive: true, force: true }).catch(() => undefined);
    }
  }
}

/**
 * Stages every write in a fresh folder beside its target, then renames each into place, the
 * sheet last (it is planned last). Before a rename, the old file is hard-linked into the
 * staging folder, so a failure part-way can put every replaced file back.
 */
async function commit(
  actions: readonly Action[],
  signal: AbortSignal | undefined,
): Promise<WrittenDraft> {
  const writes = actions.filter(
    (a): a is Extract<Action, { write: string }> => a.write !== undefined,
  );
  const untouched = actions.filter((a) => a.write === undefined).map((a) => a.path);
  if (writes.length === 0) return { written: [], untouched };
  const dirs = [...new Set(writes.map((w) => dirname(w.path)))];
  const made: string[] = [];
  const stages = new Map<string, string>();
  const done: Array<{ path: string; backup: string | undefined }> = [];
  try {
    for (const dir of dirs) {
      const top = await mkdir(dir, { recursive: true }).catch((e: unknown) => {
        throw fileErrorOf(withPath(e, dir)) ?? e;
      });
      if (top) made.push(top);
      await sweepStale(dir);
      const stage = join(dir, `${STAGE_PREFIX}${randomUUID().slice(0, 8)}`);
      await mkdir(stage).catch((e: unknown) => {
        // Say it about the folder the person named, not our staging folder in it.
        throw fileErrorOf(Object.assign(e as object, { path: dir, syscall: "write" })) ?? e;
      });
      stages.set(dir, stage);
    }
    // Settled, not raced: cleanup must not start while other writes still fill the staging folder
    // (it would leave a file behind, or hide the real error behind ENOTEMPTY).
    const settled = await Promise.allSettled(
      writes.map(async (w, i) => {
        const file = join(stages.get(dirname(w.path))!, `${i}-${basename(w.path)}`);
        try {
          await writeFile(file, w.write);
          if (w.mode !== undefined) await chmod(file, w.mode);
        } catch (error) {
          // The person should hear about the file they asked for, not our staging name.
          throw fileErrorOf(Object.assign(error as object, { path: w.path })) ?? error;
        }
        return file;
      }),
    );
    const failed = settled.find((r) => r.status === "rejected");
    if (failed) throw failed.reason;
    const staged = settled.map((r) => (r as PromiseFulfilledResult<string>).value);
    signal?.throwIfAborted();
    for (const [i, w] of writes.entries()) {
      const backup = w.existed ? `${staged[i]}.old` : undefined;
      if (backup) await link(w.path, backup).catch(() => copyFile(w.path, backup));
      await rename(staged[i]!, w.path).catch((e: unknown) => {
        // Node names the staged source; the person asked for the target.
        throw fileErrorOf(Object.assign(e as object, { path: w.path })) ?? e;
      });
      done.push({ path: w.path, backup });
    }
    return { written: writes.map((w) => w.path), untouched };
  } catch (error) {
    // Put back what was there; one step failing must not stop the others.
    for (const { path, backup } of done.reverse()) {
      await (backup ? rename(backup, path) : rm(path, { force: true })).catch(() => undefined);
    }
    for (const top of made) await rm(top, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  } finally {
    for (const stage of stages.values()) await rm(stage, { recursive: true, force: true });
  }
}
