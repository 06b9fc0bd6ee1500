import { appendFile, mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";

const SHA256_HEX = /^[0-9a-f]{64}$/;

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
    // Fixed-width lines, parsed without regexes (this runs on every query). A torn line has the
    // wrong length and is ignored; values are checked when used.
    let pos = 0;
    while (pos < text.length) {
      const stop = text.indexOf("\n", pos);
      const end = stop === -1 ? text.length : stop;
      const keyLength = end - pos - 65;
      if ((keyLength === 40 || keyLength === 64) && text[pos + keyLength] === " ") {
        cache.#known.set(text.slice(pos, pos + keyLength), text.slice(pos + keyLength + 1, end));
      }
      pos = end + 1;
    }
    return cache;
  }

  get(blobId: string): string | undefined {
    const sha = this.#known.get(blobId);
    return sha !== undefined && SHA256_HEX.test(sha) ? sha : undefined;
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
