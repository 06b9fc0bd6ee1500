import { mkdir, mkdtemp, readFile, realpath, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { inject, type ProvidedContext } from "vitest";

const memo = new Map<string, Promise<unknown>>();
const privateDirs = new Map<string, Promise<string>>();

/**
 * The run's folder a globalSetup of test/setup made (its real path), as `provide`d to test
 * files or, in a process a test started, from the environment. Outside a vitest run (a script
 * importing a helper): a private folder per process.
 */
export function runDir(key: keyof ProvidedContext, env: string): Promise<string> {
  let dir: string | undefined;
  try {
    dir = inject(key) || process.env[env];
  } catch {
    dir = process.env[env];
  }
  if (dir) return realpath(dir);
  let own = privateDirs.get(key);
  if (!own) {
    own = mkdtemp(join(tmpdir(), `copperhead-${key}-`)).then((d) => realpath(d));
    privateDirs.set(key, own);
  }
  return own;
}

/**
 * `make()` once per vitest run across the worker processes: the first caller takes a lock
 * folder in `dir` (a per-run folder a globalSetup made) and records the answer, or its failure,
 * as `<name>.json` there; the others wait for it and read it back. The answer must be JSON.
 */
export function runOnce<T>(dir: string, name: string, make: () => Promise<T>): Promise<T> {
  const key = join(dir, name);
  let pending = memo.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = shared(dir, name, make);
    memo.set(key, pending);
  }
  return pending;
}

type Recorded<T> = { ok: true; value: T } | { ok: false; error: string };

async function shared<T>(dir: string, name: string, make: () => Promise<T>): Promise<T> {
  const file = join(dir, `${name}.json`);
  // Long enough for the slowest thing made this way (the finished demo on a loaded machine).
  const deadline = Date.now() + 30 * 60_000;
  for (;;) {
    const recorded = await readRecorded<T>(file);
    if (recorded) return unwrap(name, recorded);
    try {
      await mkdir(`${file}.lock`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${name}: gave up waiting for another worker`);
      await sleep(200);
    }
  }
  let recorded: Recorded<T>;
  try {
    recorded = { ok: true, value: await make() };
  } catch (error) {
    recorded = { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  // Write then rename: a waiting worker never reads half an answer.
  await writeFile(`${file}.tmp`, JSON.stringify(recorded));
  await rename(`${file}.tmp`, file);
  return unwrap(name, recorded);
}

async function readRecorded<T>(file: string): Promise<Recorded<T> | undefined> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as Recorded<T>;
  } catch {
    return undefined;
  }
}

function unwrap<T>(name: string, recorded: Recorded<T>): T {
  if (!recorded.ok) throw new Error(`${name} failed: ${recorded.error}`);
  return recorded.value;
}
