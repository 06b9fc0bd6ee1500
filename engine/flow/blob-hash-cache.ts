import { appendFile, mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * git blob id → sha256 of the same bytes, kept in the clone's git directory (never committed).
 * It is content-addressed: an entry is only added after the bytes just hashed were checked to
 * be exactly that blob, so a hit can never be stale. This lets a status query rely on git's own
 * index (which knows which files are unchanged) instead of rereading every file.
 */
export class BlobHashCache {
  readonly #file: string;
  readonly #known = new Map<string, string>();
  readonly #added: string[] = [];

  private constructor(file: string) {
    this.#file = file;
  }

  static async load(gitDir: string): Promise<BlobHashCache> {
    const cache = new BlobHashCache(join(gitDir, "copperhead", "blob-sha256"));
    let text = "";
    try {
      text = await readFile(cache.#file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    for (const line of text.split("\n")) {
      const match = /^([0-9a-f]{40}|[0-9a-f]{64}) ([0-9a-f]{64})$/.exec(line);
      // A torn line from a concurrent writer simply does not match and is ignored.
      if (match) cache.#known.set(match[1]!, match[2]!);
    }
    return cache;
  }

  get(blobId: string): string | undefined {
    return this.#known.get(blobId);
  }

  /** Records a pair the caller has verified (the hashed bytes had exactly this blob id). */
  add(blobId: string, sha256: string): void {
    if (this.#known.has(blobId)) return;
    this.#known.set(blobId, sha256);
    this.#added.push(`${blobId} ${sha256}\n`);
  }

  /** Appends new pairs; best-effort, since losing cache entries only costs time. */
  async save(): Promise<void> {
    if (this.#added.length === 0) return;
    const lines = this.#added.splice(0).join("");
    try {
      await mkdir(join(this.#file, ".."), { recursive: true });
      await appendFile(this.#file, lines);
    } catch {
      // A read-only clone still answers queries, only slower.
    }
  }
}
