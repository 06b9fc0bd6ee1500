import { appendFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

const SHA256_HEX = /^[0-9a-f]{64}$/;
/** Past this many entries a save rewrites the file with only the entries this process used. */
const COMPACT_ABOVE = 200_000;

/**
 * A content-addressed map from a key (a git blob id, or the digest of a pattern's clean file
 * list) to a sha256, kept in the clone's git directory and never committed. Callers add an
 * entry only after checking that the value really is what the key names, so a hit can never be
 * stale; deleting the file only costs time.
 */
export class HashCache {
  readonly #file: string;
  readonly #known = new Map<string, string>();
  readonly #used = new Set<string>();
  readonly #added: string[] = [];

  private constructor(file: string) {
    this.#file = file;
  }

  /** Loads `<gitDir>/copperhead/<name>`; a missing file is an empty cache. */
  static async load(gitDir: string, name: string): Promise<HashCache> {
    const cache = new HashCache(join(gitDir, "copperhead", name));
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

  get(key: string): string | undefined {
    const value = this.#known.get(key);
    if (value === undefined || !SHA256_HEX.test(value)) return undefined;
    this.#used.add(key);
    return value;
  }

  /** Records a pair the caller has verified. Keys are 40 or 64 lowercase hex digits. */
  add(key: string, sha256: string): void {
    this.#used.add(key);
    if (this.#known.has(key)) return;
    this.#known.set(key, sha256);
    this.#added.push(`${key} ${sha256}\n`);
  }

  /** Appends new pairs (or compacts an oversized file); best-effort, since a miss only costs time. */
  async save(): Promise<void> {
    try {
      if (this.#known.size > COMPACT_ABOVE) {
        const kept = [...this.#used].map((k) => `${k} ${this.#known.get(k)}\n`).join("");
        await mkdir(dirname(this.#file), { recursive: true });
        await writeFile(this.#file, kept);
        this.#added.length = 0;
        return;
      }
      if (this.#added.length === 0) return;
      const lines = this.#added.splice(0).join("");
      await mkdir(dirname(this.#file), { recursive: true });
      await appendFile(this.#file, lines);
    } catch {
      // A read-only clone still answers queries, only slower.
    }
  }
}
