import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { inject } from "vitest";
import { type DrcResult, drc } from "../../engine/kicad/cli/drc.js";
import { type ErcResult, erc } from "../../engine/kicad/cli/erc.js";
import { exportNetlist } from "../../engine/kicad/cli/export-netlist.js";
import { KICAD_CACHE_ENV } from "../setup/cache-env.js";

const pending = new Map<string, Promise<unknown>>();

function cacheDir(): string | undefined {
  try {
    return inject("kicadCacheDir") || process.env[KICAD_CACHE_ENV];
  } catch {
    return process.env[KICAD_CACHE_ENV];
  }
}

/**
 * A kicad-cli result shared by every test file of one `npm test` run: computed once, stored as
 * JSON in the run's cache folder, read back by the others. The key is the command plus the
 * input file's path and bytes. That is only sound for inputs that do not change during a run
 * and whose result depends on that one file's bytes — the KiCad demo corpus and the committed
 * fixtures. Never use it for files a test writes (an edited sub-sheet would not change the key).
 */
export async function cachedKicad<T>(
  command: string,
  input: string,
  compute: () => Promise<T>,
): Promise<T> {
  const path = resolve(input);
  const hash = createHash("sha256").update(command).update("\0").update(path).update("\0");
  hash.update(await readFile(path));
  const key = hash.digest("hex");
  let result = pending.get(key) as Promise<T> | undefined;
  if (!result) {
    result = lookup(key, compute);
    pending.set(key, result);
    result.catch(() => pending.delete(key));
  }
  return result;
}

async function readResult<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

/**
 * Test files in the two workers often ask for the same demo at the same moment (the ERC sweep
 * and the legibility corpus both want every demo's ERC). A lock folder per key makes the second
 * asker wait for the first one's result instead of running kicad-cli again.
 */
async function lookup<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const dir = cacheDir();
  if (!dir) return compute();
  const file = join(dir, `${key}.json`);
  const lock = `${file}.lock`;
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const cached = await readResult<T>(file);
    if (cached !== undefined) return cached;
    try {
      await mkdir(lock);
      break;
    } catch {
      // Someone else is computing it; past the deadline (a crashed worker), compute it here.
      if (Date.now() > deadline) break;
      await sleep(100);
    }
  }
  try {
    const cached = await readResult<T>(file);
    if (cached !== undefined) return cached;
    const value = await compute();
    // Write then rename: a test file in another worker never reads half a result.
    const partial = `${file}.${randomUUID()}.tmp`;
    await writeFile(partial, JSON.stringify(value));
    await rename(partial, file);
    return value;
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

export function cachedErc(schPath: string): Promise<ErcResult> {
  return cachedKicad("sch erc", schPath, () => erc(schPath));
}

export function cachedNetlist(schPath: string): Promise<string> {
  return cachedKicad("sch export netlist", schPath, () => exportNetlist(schPath));
}

export function cachedDrc(pcbPath: string): Promise<DrcResult> {
  return cachedKicad("pcb drc", pcbPath, () => drc(pcbPath));
}
