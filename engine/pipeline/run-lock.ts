import { rm } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { atomicCreate, atomicWrite } from "../agent/tools/atomic-write.js";
import { CopperheadError } from "../errors.js";
import { readOptional } from "../repo/read-optional.js";
import { gitDirOf } from "../repo/repo-root.js";

/**
 * Held while a copperhead run works in a working tree, so two attempts never restore over each
 * other. Once an attempt is dispatched the lock also records what it started from: a lock whose
 * process is gone is what a killed run leaves, and recovery reads that snapshot to tell
 * copperhead's work from the person's. It lives in the clone's git directory
 * (`.git/copperhead/run.lock`, per worktree): never in the tree, never committed (it names the
 * person's untracked files).
 */
export function lockFile(repo: string): string {
  return join(gitDirOf(repo), "copperhead", "run.lock");
}

const snapshotSchema = z.object({
  head: z.string(),
  untracked: z.array(z.string()),
  carried: z
    .object({ commit: z.string(), paths: z.array(z.string()), ref: z.string().optional() })
    .optional(),
});

const lockSchema = z.object({
  pid: z.int(),
  host: z.string(),
  command: z.string(),
  startedAt: z.string(),
  /** The attempt under way, once dispatched. */
  run: z
    .object({ scope: z.string().min(1), attempt: z.int().min(1), snapshot: snapshotSchema })
    .optional(),
});

export type LockHolder = z.infer<typeof lockSchema>;
export type LockedRun = NonNullable<LockHolder["run"]>;

/** Another copperhead run is working in this tree right now. */
export class RunLockedError extends CopperheadError {}

/** Whether a process with this id is alive on this machine (EPERM: alive, someone else's). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface HeldLock {
  /** What a killed run's lock said, when this one took it over (its work needs recovering). */
  readonly stale?: LockHolder;
  /** Records the attempt now under way (before any of its work is done). */
  record(run: LockedRun): Promise<void>;
  /** Forgets the attempt (it ended and settled its work). */
  clear(): Promise<void>;
  release(): Promise<void>;
}

/**
 * Takes the working tree's run lock for `command`. A lock held by a live process (or by another
 * machine, on a shared folder) is refused, naming the holder; one whose process is gone was
 * left by a killed run and is taken over, and returned as `stale`.
 */
export async function acquireRunLock(repo: string, command: string): Promise<HeldLock> {
  const file = lockFile(repo);
  const mine: LockHolder = {
    pid: process.pid,
    host: hostname(),
    command,
    startedAt: new Date().toISOString(),
  };
  let stale: LockHolder | undefined;
  for (let tries = 0; tries < 3; tries++) {
    if (await atomicCreate(file, serialize(mine))) return held(file, mine, stale);
    const holder = parseHolder(await readOptional(file));
    if (holder && (holder.host !== mine.host || processAlive(holder.pid))) {
      throw new RunLockedError(
        `another copperhead run is working in this repository (${holder.command}, pid ${holder.pid} on ${holder.host}, since ${holder.startedAt})`,
        `wait for it to finish; if it is gone (another machine, or a container that was thrown away), delete ${file} and run again`,
      );
    }
    stale = holder ?? stale;
    await rm(file, { force: true });
  }
  throw new RunLockedError(
    `could not take ${file}: other runs keep replacing it`,
    "run one copperhead command at a time in a working tree",
  );
}

function held(file: string, mine: LockHolder, stale: LockHolder | undefined): HeldLock {
  const ours = async () => {
    const now = parseHolder(await readOptional(file).catch(() => undefined));
    return now?.pid === mine.pid && now.startedAt === mine.startedAt;
  };
  return {
    ...(stale ? { stale } : {}),
    record: (run) => atomicWrite(file, serialize({ ...mine, run })),
    clear: () => atomicWrite(file, serialize(mine)),
    // Only our own lock is removed: never one a later run took over.
    release: async () => {
      if (await ours()) await rm(file, { force: true });
    },
  };
}

function serialize(holder: LockHolder): string {
  return `${JSON.stringify(lockSchema.parse(holder))}\n`;
}

function parseHolder(text: string | undefined): LockHolder | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = lockSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
