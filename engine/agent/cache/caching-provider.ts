import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type Turn, turnSchema, ZERO_USAGE } from "../providers/message.js";
import type { CallOptions, EngineView, Provider, TurnRequest } from "../providers/provider.js";
import type { Redactor } from "../redact.js";
import { cacheKey } from "./cache-key.js";

export const CACHE_DIR = ".copperhead/cache";

/**
 * Wraps a provider with the on-disk response cache in `<repo>/.copperhead/cache/`. A hit replays
 * the turn at zero tokens with `cached: true`. Cache I/O is best effort: a corrupt entry is a
 * miss (and gets rewritten), a failed write loses only the saving.
 */
export class CachingProvider implements Provider {
  readonly name: string;
  readonly model: string;
  readonly #inner: Provider;
  readonly #dir: string;
  readonly #redactor: Redactor;
  hits = 0;
  misses = 0;

  constructor(inner: Provider, repo: string, redactor: Redactor) {
    this.#inner = inner;
    this.name = inner.name;
    this.model = inner.model;
    this.#dir = join(repo, CACHE_DIR);
    this.#redactor = redactor;
  }

  async complete(request: TurnRequest, view: EngineView, options?: CallOptions): Promise<Turn> {
    const file = join(this.#dir, `${cacheKey(this.name, this.model, request)}.json`);
    const hit = await readEntry(file);
    if (hit) {
      this.hits++;
      this.#inner.replayed?.(view);
      return { ...hit, usage: { ...ZERO_USAGE }, cached: true };
    }
    this.misses++;
    const turn = await this.#inner.complete(request, view, options);
    // A response carrying a secret must not be persisted, not even redacted: a redacted replay
    // would hand the model different text than it actually produced.
    if (!this.#redactor.containsSecret(JSON.stringify(turn.content))) {
      await writeEntry(this.#dir, file, turn).catch(() => undefined);
    }
    return turn;
  }

  end(): void {
    this.#inner.end?.();
  }
}

async function readEntry(file: string): Promise<Turn | undefined> {
  try {
    const parsed = turnSchema.safeParse(JSON.parse(await readFile(file, "utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

async function writeEntry(dir: string, file: string, turn: Turn): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, ".gitignore"), "*\n").catch(() => undefined);
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify({ ...turn, cached: false })}\n`);
  await rename(tmp, file);
}
