import { createHash, type Hash } from "node:crypto";
import { lstat, open, readlink } from "node:fs/promises";

/** Files above this are streamed instead of read whole (STEP exports can be large). */
const STREAM_ABOVE = 8 * 1024 * 1024;

export type BlobFormat = "sha1" | "sha256";

export interface FileHash {
  sha256: string;
  /** The git blob id of the bytes that were hashed, when asked for. */
  blobId?: string;
}

function finish(sha: Hash, blob: Hash | undefined): FileHash {
  const out: FileHash = { sha256: sha.digest("hex") };
  if (blob) out.blobId = blob.digest("hex");
  return out;
}

function hashers(size: number, format: BlobFormat | undefined) {
  const sha = createHash("sha256");
  const blob = format ? createHash(format).update(`blob ${size}\0`) : undefined;
  return { sha, blob };
}

/**
 * sha256 of a file's bytes, or of a symlink's target text (symlinks are never followed, as git
 * stores them). With `format`, also the git blob id of the same bytes, so a caller can tell
 * whether what it hashed is exactly the blob git has for that path.
 * Returns undefined when the path does not exist (it vanished since it was listed).
 */
export async function hashFile(
  absPath: string,
  format?: BlobFormat,
): Promise<FileHash | undefined> {
  let stats: Awaited<ReturnType<typeof lstat>>;
  try {
    stats = await lstat(absPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  if (stats.isSymbolicLink()) {
    const target = Buffer.from(await readlink(absPath), "utf8");
    const { sha, blob } = hashers(target.length, format);
    sha.update(target);
    blob?.update(target);
    return finish(sha, blob);
  }
  if (!stats.isFile()) return undefined;
  const handle = await open(absPath, "r");
  try {
    const { size } = await handle.stat();
    const { sha, blob } = hashers(size, format);
    if (size <= STREAM_ABOVE) {
      const bytes = await handle.readFile();
      sha.update(bytes);
      // If the file changed size under us the blob id simply will not match: never cached.
      blob?.update(bytes);
      return finish(sha, blob);
    }
    for await (const chunk of handle.createReadStream({ autoClose: false })) {
      sha.update(chunk as Buffer);
      blob?.update(chunk as Buffer);
    }
    return finish(sha, blob);
  } finally {
    await handle.close();
  }
}
