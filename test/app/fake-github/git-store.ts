import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import { git } from "../../../engine/repo/git.js";

/**
 * The git side of the GitHub stand-in: a real bare repository. Refs, trees, blobs and commits
 * the App reads and writes through the REST API are git's own, so a workflow runner can clone
 * and push the same repository (file://) and the App sees exactly what it pushed.
 */
export class GitStore {
  // Objects never change: what was read by sha is kept (each git call is a process spawn).
  readonly #cache = new Map<string, Promise<unknown>>();

  #batch: ChildProcessWithoutNullStreams | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #buffer = "";
  #waiting: Array<(line: string) => void> = [];

  constructor(readonly dir: string) {}

  /**
   * One long-lived `git cat-file --batch-check` answers "what is <name>" (refs resolved at
   * query time) without a process per question.
   */
  #check(name: string): Promise<{ sha: string; type: string } | null> {
    if (!this.#batch) {
      this.#batch = spawn("git", ["cat-file", "--batch-check"], {
        cwd: this.dir,
        env: { ...process.env, LC_ALL: "C" },
      });
      this.#batch.stdout.setEncoding("utf8");
      this.#batch.stdout.on("data", (chunk: string) => {
        this.#buffer += chunk;
        let nl = this.#buffer.indexOf("\n");
        while (nl !== -1) {
          const line = this.#buffer.slice(0, nl);
          this.#buffer = this.#buffer.slice(nl + 1);
          this.#waiting.shift()?.(line);
          nl = this.#buffer.indexOf("\n");
        }
      });
    }
    const batch = this.#batch;
    const ask = () =>
      new Promise<string>((resolve) => {
        this.#waiting.push(resolve);
        batch.stdin.write(`${name}\n`);
      });
    const answer = this.#queue.then(ask);
    this.#queue = answer.catch(() => undefined);
    return answer.then((line) => {
      const [sha, type] = line.split(" ");
      return type === "missing" || !sha || !type ? null : { sha, type };
    });
  }

  close(): void {
    this.#batch?.stdin.end();
    this.#batch?.kill();
  }

  #memo<T>(key: string, read: () => Promise<T>): Promise<T> {
    let hit = this.#cache.get(key) as Promise<T> | undefined;
    if (!hit) {
      hit = read();
      this.#cache.set(key, hit);
      hit.catch(() => this.#cache.delete(key));
    }
    return hit;
  }

  #isSha(ref: string): boolean {
    return /^[0-9a-f]{40}$/.test(ref);
  }

  static async create(dir: string, defaultBranch: string): Promise<GitStore> {
    await mkdir(dir, { recursive: true });
    await git(dir, ["init", "-q", "--bare", "-b", defaultBranch]);
    await git(dir, ["config", "gc.auto", "0"]);
    return new GitStore(dir);
  }

  run(args: string[], options: { input?: string; env?: Record<string, string> } = {}) {
    return git(this.dir, args, options);
  }

  async resolve(ref: string): Promise<string | null> {
    if (/[\s]/.test(ref)) return null;
    return (await this.#check(`${ref}^{commit}`))?.sha ?? null;
  }

  async branchSha(branch: string): Promise<string | null> {
    return this.resolve(`refs/heads/${branch}`);
  }

  async objectType(sha: string): Promise<string | null> {
    if (!this.#isSha(sha)) return null;
    return this.#memo(`type:${sha}`, async () => (await this.#check(sha))?.type ?? null);
  }

  /** `git ls-tree` of a tree-ish: entries `{ path, mode, type, sha, size }`. */
  async tree(treeish: string, recursive: boolean) {
    const sha = this.#isSha(treeish) ? treeish : await this.treeSha(treeish);
    if (!sha) throw new Error(`no tree ${treeish}`);
    return this.#memo(`tree:${sha}:${recursive}`, () => this.#readTree(sha, recursive));
  }

  async #readTree(treeish: string, recursive: boolean) {
    const out = await this.run([
      "ls-tree",
      "-z",
      "-l",
      ...(recursive ? ["-r", "-t"] : []),
      treeish,
    ]);
    return out
      .split("\0")
      .filter(Boolean)
      .map((line) => {
        const [meta, path] = line.split("\t") as [string, string];
        const [mode, type, sha, size] = meta.split(/\s+/) as [string, string, string, string];
        return { path, mode, type, sha, size: size === "-" ? undefined : Number(size) };
      });
  }

  async treeSha(treeish: string): Promise<string | null> {
    if (this.#isSha(treeish)) return this.#memo(`treesha:${treeish}`, () => this.#treeSha(treeish));
    return this.#treeSha(treeish);
  }

  async #treeSha(treeish: string): Promise<string | null> {
    if (/[\s]/.test(treeish)) return null;
    return (await this.#check(`${treeish}^{tree}`))?.sha ?? null;
  }

  async blob(sha: string): Promise<Buffer> {
    return this.#memo(`blob:${sha}`, async () =>
      Buffer.from(await this.run(["cat-file", "blob", sha]), "utf8"),
    );
  }

  async blobAt(ref: string, path: string): Promise<{ sha: string; text: string } | null> {
    const entries = await this.tree(ref, true).catch(() => []);
    const hit = entries.find((e) => e.path === path && e.type === "blob");
    if (!hit) return null;
    return { sha: hit.sha, text: (await this.blob(hit.sha)).toString("utf8") };
  }

  /** One commit on `branch` writing `files`; fails (false) when the branch moved past `expect`. */
  async commitFiles(
    branch: string,
    files: Record<string, string>,
    message: string,
    author = { name: "copperhead-test[bot]", email: "bot@invalid" },
  ): Promise<string> {
    const parent = await this.branchSha(branch);
    const index = `${this.dir}/index-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const env = { GIT_INDEX_FILE: index };
    if (parent) await this.run(["read-tree", parent], { env });
    for (const [path, text] of Object.entries(files)) {
      const blob = (await this.run(["hash-object", "-w", "--stdin"], { input: text })).trim();
      await this.run(["update-index", "--add", "--cacheinfo", `100644,${blob},${path}`], { env });
    }
    const tree = (await this.run(["write-tree"], { env })).trim();
    await this.run(["update-index", "--force-remove", "--", ...Object.keys(files)], { env }).catch(
      () => "",
    );
    const who = {
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_COMMITTER_NAME: author.name,
      GIT_COMMITTER_EMAIL: author.email,
    };
    const commit = (
      await this.run(["commit-tree", tree, ...(parent ? ["-p", parent] : []), "-m", message], {
        env: who,
      })
    ).trim();
    await this.run(["update-ref", `refs/heads/${branch}`, commit, ...(parent ? [parent] : [])]);
    await rm(index, { force: true });
    return commit;
  }

  async createRef(ref: string, sha: string): Promise<boolean> {
    if (await this.resolve(ref)) return false;
    await this.run(["update-ref", ref, sha]);
    return true;
  }

  /** Changed files between the merge base of base and head, with GitHub-style patches. */
  async diff(
    base: string,
    head: string,
  ): Promise<Array<{ filename: string; status: string; patch?: string }>> {
    const names = await this.run([
      "diff",
      "--name-status",
      "-z",
      "--no-renames",
      `${base}...${head}`,
    ]);
    const parts = names.split("\0").filter(Boolean);
    const out: Array<{ filename: string; status: string; patch?: string }> = [];
    for (let i = 0; i + 1 < parts.length; i += 2) {
      const status = parts[i]!;
      const filename = parts[i + 1]!;
      const text = await this.run([
        "diff",
        "--no-color",
        "-U3",
        `${base}...${head}`,
        "--",
        filename,
      ]);
      const at = text.indexOf("\n@@");
      const patch = at === -1 ? undefined : text.slice(at + 1).replace(/\n$/, "");
      out.push({
        filename,
        status: status === "A" ? "added" : status === "D" ? "removed" : "modified",
        ...(patch !== undefined ? { patch } : {}),
      });
    }
    return out;
  }
}
