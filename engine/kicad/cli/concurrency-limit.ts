import { availableParallelism } from "node:os";

/**
 * Runs at most `size` tasks at once; the rest wait in arrival order. A task still waiting when
 * its `signal` aborts leaves the queue and rejects with the signal's reason.
 */
export interface Limit {
  <T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  readonly size: number;
}

export function createLimit(size: number): Limit {
  if (!Number.isInteger(size) || size < 1) {
    throw new RangeError(`a concurrency limit must be a positive integer, got ${size}`);
  }
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    active--;
    waiting.shift()?.();
  };
  const limit = async <T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> => {
    signal?.throwIfAborted();
    if (active >= size) await queued(signal);
    active++;
    try {
      return await task();
    } finally {
      release();
    }
  };
  const queued = (signal: AbortSignal | undefined) =>
    new Promise<void>((resume, reject) => {
      const onAbort = () => {
        const at = waiting.indexOf(go);
        if (at >= 0) waiting.splice(at, 1);
        reject(signal?.reason);
      };
      const go = () => {
        signal?.removeEventListener("abort", onAbort);
        resume();
      };
      waiting.push(go);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  return Object.assign(limit, { size });
}

let shared: Limit | undefined;

/**
 * The process-wide limit on simultaneous kicad-cli processes: each one is CPU-bound for about
 * a second, so more than one per core only adds memory and context switches. Callers may fire
 * any number of calls in parallel; `COPPERHEAD_KICAD_JOBS` overrides the CPU count.
 */
export function kicadLimit(): Limit {
  if (!shared) {
    const fromEnv = Number.parseInt(process.env.COPPERHEAD_KICAD_JOBS ?? "", 10);
    shared = createLimit(
      Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : availableParallelism(),
    );
  }
  return shared;
}

/** Replaces the shared limit (tests, or a CLI flag); calls already waiting keep the old one. */
export function setKicadConcurrency(size: number): void {
  shared = createLimit(size);
}
