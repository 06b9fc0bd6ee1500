import { createHash } from "node:crypto";
import type { Dirent } from "node:fs";
import { lstat, mkdir, readdir, readFile, readlink, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { Exported } from "./export-outputs.js";

/**
 * An export's bytes, kept in-process so the outputs gate can compare outputs/ against the
 * export the stage just made instead of running kicad-cli nine more times on the same inputs.
 *
 * The key is sha256 of every file in the repository (its path and bytes; a symlink by its
 * target; a FIFO, socket or device by its name) except what cannot be an input: .git/, outputs/ and the stage's .outputs-* swap
 * folders (the export's own product: exportOutputs refuses any other file there), and
 * .copperhead/ other than config.json (run logs and transcripts). That is a superset of what
 * the export reads — board, sheets, project, library tables, vendored footprints and models —
 * so any changed input byte misses. A design whose KiCad files name one of the skipped places
 * is never memoized. KiCad's installed libraries are taken as fixed for the process; the
 * KICAD* environment variables that point at them are part of the key.
 */
interface Memo {
  exported: Exported;
  /** Every file of the export folder (manifest included), by its path there. */
  bytes: Map<string, Buffer>;
}

const memos = new Map<string, Memo>();
/** One design per process is the case that matters (stage then gate); two bound the memory. */
const KEEP = 2;

function skipped(path: string): boolean {
  return (
    path === ".git" ||
    path === "outputs" ||
    path.startsWith(".outputs-") ||
    (path.startsWith(".copperhead/") && path !== ".copperhead/config.json")
  );
}

/** A KiCad file that names a skipped place could read a file the key does not cover. */
const NAMES_SKIPPED = /outputs[/\\]|\.copperhead[/\\]|\.git[/\\]/;
const KICAD_TEXT = /\.kicad_(?:pcb|sch|pro|dru)$|(?:^|\/)(?:fp|sym)-lib-table$/;

async function walk(repo: string, dir: string, out: string[]): Promise<void> {
  const entries: Dirent[] = await readdir(join(repo, dir), { withFileTypes: true });
  for (const entry of entries) {
    const path = dir === "" ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (path === ".copperhead" || !skipped(path)) await walk(repo, path, out);
    } else if (!skipped(path)) out.push(path);
  }
}

/** The key of an export of `repo` with the given environment, or undefined: never memoize. */
export async function exportKey(repo: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const root = resolve(repo);
  const paths: string[] = [];
  await walk(root, "", paths);
  const hash = createHash("sha256");
  hash.update(`repo\0${root}\0`);
  for (const name of Object.keys(env)
    .filter((k) => k.startsWith("KICAD"))
    .sort())
    hash.update(`env\0${name}=${env[name]}\0`);
  for (const path of paths.sort()) {
    const full = join(root, path);
    const stats = await lstat(full);
    // A FIFO, socket or device is never opened (reading a FIFO blocks until someone writes;
    // the pre-flight refuses any design that names one): its name is in the key, not its bytes.
    if (!stats.isFile() && !stats.isSymbolicLink()) {
      hash.update(`special\0${path}\0`);
      continue;
    }
    const bytes = stats.isSymbolicLink()
      ? Buffer.from(`symlink:${await readlink(full)}`)
      : await readFile(full);
    if (KICAD_TEXT.test(path) && NAMES_SKIPPED.test(bytes.toString("latin1"))) return undefined;
    hash.update(`file\0${path}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  return hash.digest("hex");
}

async function readTree(dir: string, prefix = "", out = new Map<string, Buffer>()) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) await readTree(join(dir, entry.name), rel, out);
    else out.set(rel, await readFile(join(dir, entry.name)));
  }
  return out;
}

/**
 * Exports into `dest` with `run`, or — when an export of the very same inputs already ran in
 * this process — writes that export's bytes into `dest` without starting KiCad.
 */
export async function memoizedExport(
  repo: string,
  dest: string,
  env: NodeJS.ProcessEnv,
  run: () => Promise<Exported>,
): Promise<Exported> {
  const key = await exportKey(repo, env);
  const known = key === undefined ? undefined : memos.get(key);
  if (known) {
    await mkdir(dest);
    for (const [path, bytes] of known.bytes) {
      await mkdir(dirname(join(dest, path)), { recursive: true });
      await writeFile(join(dest, path), bytes);
    }
    return structuredClone(known.exported);
  }
  const exported = await run();
  if (key !== undefined) {
    memos.delete(key);
    memos.set(key, { exported: structuredClone(exported), bytes: await readTree(dest) });
    for (const old of [...memos.keys()].slice(0, Math.max(0, memos.size - KEEP))) memos.delete(old);
  }
  return exported;
}

/** Drops every memoized export: the next export runs KiCad (a test of determinism needs that). */
export function forgetExports(): void {
  memos.clear();
}
