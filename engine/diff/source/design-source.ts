import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { UsageError } from "../../errors.js";
import type { PathFinding } from "../../kicad/paths/path-finding.js";
import { readConfinedText } from "../../kicad/paths/read-confined.js";
import { trustScopeFor } from "../../kicad/paths/trust-scope.js";
import { UnsafeDesignError } from "../../kicad/paths/unsafe-design-error.js";
import { git } from "../../repo/git.js";
import { isDesignFile } from "./design-files.js";
import type { RevisionSpec } from "./revision-pair.js";

/**
 * One side of a diff as files: what the design looked like at a commit, or on disk now. Paths
 * are repository-relative with `/`. Blob ids let the two sides tell identical files apart
 * without reading them.
 */
export interface DesignSource {
  readonly revision: RevisionSpec;
  /** Design files (see isDesignFile) → git blob id. */
  readonly files: ReadonlyMap<string, string>;
  /** A file's text; undefined when this side has no such file. */
  read(path: string): Promise<string | undefined>;
  /** A folder holding this side's design files at their repository paths (for kicad-cli). */
  folder(): Promise<string>;
  /** Removes whatever folder() made. */
  dispose(): Promise<void>;
}

const LFS_POINTER = /^version https:\/\/git-lfs\.github\.com\/spec\//;

function checkNotLfs(path: string, text: string, where: string): string {
  if (LFS_POINTER.test(text)) {
    throw new UsageError(
      `${path} at ${where} is a Git LFS pointer, not the KiCad file`,
      "install git-lfs and run `git lfs pull` (in GitHub Actions: actions/checkout with lfs: true)",
    );
  }
  return text;
}

/** The design files of a commit, read from git's object store (nothing checked out). */
export async function commitSource(
  repo: string,
  revision: RevisionSpec & { kind: "commit" },
): Promise<DesignSource> {
  const listing = await git(repo, ["ls-tree", "-r", "-z", "--full-tree", revision.commit]);
  const files = new Map<string, string>();
  for (const entry of listing.split("\0")) {
    const match = /^\d+ blob ([0-9a-f]+)\t(.+)$/s.exec(entry);
    if (match && isDesignFile(match[2]!)) files.set(match[2]!, match[1]!);
  }
  const texts = new Map<string, Promise<string>>();
  const read = (path: string): Promise<string | undefined> => {
    const blob = files.get(path);
    if (blob === undefined) return Promise.resolve(undefined);
    let text = texts.get(path);
    if (!text) {
      text = git(repo, ["cat-file", "blob", blob]).then((t) =>
        checkNotLfs(path, t, revision.label),
      );
      texts.set(path, text);
    }
    return text;
  };
  let made: Promise<string> | undefined;
  return {
    revision,
    files,
    read,
    folder() {
      made ??= (async () => {
        const dir = await mkdtemp(join(tmpdir(), "copperhead-diff-"));
        // A repository of its own, so kicad-cli's pre-flight judges the revision's paths
        // against its whole tree, as it does the working tree's (not the root sheet's folder).
        await git(dir, ["init", "-q"]);
        for (const path of files.keys()) {
          const target = join(dir, path);
          await mkdir(dirname(target), { recursive: true });
          await writeFile(target, (await read(path))!);
        }
        return dir;
      })();
      return made;
    },
    async dispose() {
      if (made) await rm(await made, { recursive: true, force: true });
    },
  };
}

/**
 * The design files on disk now, tracked or not (ignored files excluded, as git sees them).
 * Each is read only as a regular file inside the repository: one symlinked out of it, or a
 * FIFO under a design file's name, is UnsafeDesignError (all of them named), never a read.
 */
export async function worktreeSource(repo: string, revision: RevisionSpec): Promise<DesignSource> {
  const listing = await git(repo, [
    "ls-files",
    "-z",
    "--cached",
    "--others",
    "--exclude-standard",
    "--deduplicate",
  ]);
  const candidates = [...new Set(listing.split("\0").filter((p) => p !== "" && isDesignFile(p)))];
  const texts = new Map<string, string>();
  const scope = trustScopeFor(repo);
  const refused: PathFinding[] = [];
  for (const path of candidates) {
    // Tracked files deleted from disk are listed by --cached: they are not on this side.
    const read = await readConfinedText(scope, join(repo, path), "design file");
    if (read.status === "refused") refused.push(read.finding);
    if (read.status === "read") texts.set(path, read.text);
  }
  if (refused.length > 0) throw new UnsafeDesignError(refused);
  const paths = [...texts.keys()].sort();
  const files = new Map<string, string>();
  if (paths.length > 0) {
    const ids = await git(repo, ["hash-object", "--stdin-paths"], {
      input: `${paths.join("\n")}\n`,
    });
    const lines = ids.trim().split("\n");
    paths.forEach((path, i) => {
      files.set(path, lines[i]?.trim() ?? "");
    });
  }
  return {
    revision,
    files,
    read: async (path) => texts.get(path),
    folder: async () => repo,
    dispose: async () => {},
  };
}
