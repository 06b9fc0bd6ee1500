import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { git } from "../../../engine/repo/git.js";
import {
  dirtyPaths,
  dropStashIfCommitted,
  isKeptPath,
  restoreSnapshot,
  takeSnapshot,
  touchedPaths,
} from "../../../engine/repo/snapshot.js";

let repo: string;

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(join(repo, path)), { recursive: true });
  await writeFile(join(repo, path), text);
}

const read = (path: string) => readFile(join(repo, path), "utf8");
const exists = (path: string) =>
  readFile(join(repo, path)).then(
    () => true,
    () => false,
  );

beforeEach(async () => {
  repo = await realpath(await mkdtemp(join(tmpdir(), "copperhead-snapshot-")));
  await git(repo, ["init", "-q", "-b", "main"]);
  await git(repo, ["config", "user.name", "Test"]);
  await git(repo, ["config", "user.email", "test@test.invalid"]);
  await put("docs/A.md", "a\n");
  await put("keep.txt", "committed\n");
  await git(repo, ["add", "."]);
  await git(repo, ["commit", "-qm", "base"]);
});
afterEach(() => rm(repo, { recursive: true, force: true }));

describe("snapshot", () => {
  it("records HEAD and the untracked files, and an untracked file does not make the tree dirty", async () => {
    await put("notes/mine.txt", "my work\n");
    const snap = await takeSnapshot(repo);
    expect(snap.head).toBe((await git(repo, ["rev-parse", "HEAD"])).trim());
    expect(snap.untracked).toEqual(["notes/mine.txt"]);
    expect(await dirtyPaths(repo)).toEqual([]);
    await put("keep.txt", "changed\n");
    expect(await dirtyPaths(repo)).toEqual(["keep.txt"]);
  });

  it("restore stashes the run's work under its name, keeps the user's untracked files and the run trail", async () => {
    await put("notes/mine.txt", "my work\n");
    const snap = await takeSnapshot(repo);
    // What a run does: edit a tracked file, add a file, commit once, leave a transcript.
    await put("docs/A.md", "a edited\n");
    await put("docs/NEW.md", "new\n");
    await git(repo, ["add", "docs/NEW.md"]);
    await git(repo, ["commit", "-qm", "mid-run commit"]);
    await put("hardware/x.txt", "untracked new\n");
    await put(".copperhead/runs/do/1/transcript.jsonl", "{}\n");
    expect(await touchedPaths(repo, snap)).toEqual(["docs/A.md", "docs/NEW.md", "hardware/x.txt"]);

    const result = await restoreSnapshot(repo, snap, "copperhead/do/20250101T000000Z");
    expect(result.stash?.paths).toEqual(["docs/A.md", "docs/NEW.md", "hardware/x.txt"]);
    expect((await git(repo, ["rev-parse", "HEAD"])).trim()).toBe(snap.head);
    expect(await read("docs/A.md")).toBe("a\n");
    expect(await exists("docs/NEW.md")).toBe(false);
    expect(await exists("hardware/x.txt")).toBe(false);
    expect(await read("notes/mine.txt")).toBe("my work\n");
    expect(await exists(".copperhead/runs/do/1/transcript.jsonl")).toBe(true);
    expect(await dirtyPaths(repo)).toEqual([]);
    expect(await git(repo, ["stash", "list"])).toContain("copperhead/do/20250101T000000Z");

    // The work comes back with the command the run prints.
    await git(repo, ["stash", "apply", result.stash?.sha ?? "missing"]);
    expect(await read("docs/A.md")).toBe("a edited\n");
    expect(await read("docs/NEW.md")).toBe("new\n");
    expect(await read("hardware/x.txt")).toBe("untracked new\n");
  });

  it("restore with nothing touched makes no stash", async () => {
    const snap = await takeSnapshot(repo);
    await put(".copperhead/runs/do/1/ledger.json", "{}\n");
    expect(await restoreSnapshot(repo, snap, "copperhead/do/x")).toEqual({});
    expect(await git(repo, ["stash", "list"])).toBe("");
  });
});

describe("dropStashIfCommitted", () => {
  /** A run edits A.md, adds NEW.md and deletes keep.txt; restore stashes that work. */
  async function stashedRun() {
    const snapshot = await takeSnapshot(repo);
    await put("docs/A.md", "a edited\n");
    await put("docs/NEW.md", "new\n");
    await rm(join(repo, "keep.txt"));
    const { stash } = await restoreSnapshot(repo, snapshot, "copperhead/do/x-paused");
    if (!stash) throw new Error("expected a stash");
    return stash;
  }

  async function commitRedo(newText: string) {
    await put("docs/A.md", "a edited\n");
    await put("docs/NEW.md", newText);
    await rm(join(repo, "keep.txt"));
    await git(repo, ["add", "-A"]);
    await git(repo, ["commit", "-qm", "redo"]);
  }

  it("drops the stash when HEAD holds exactly its work (edits, new files, deletions)", async () => {
    const stash = await stashedRun();
    await commitRedo("new\n");
    expect(await dropStashIfCommitted(repo, stash)).toBe(true);
    expect(await git(repo, ["stash", "list"])).toBe("");
  });

  it("keeps the stash when any path differs from the commit", async () => {
    const stash = await stashedRun();
    await commitRedo("something else\n");
    expect(await dropStashIfCommitted(repo, stash)).toBe(false);
    expect(await git(repo, ["stash", "list", "--format=%H"])).toBe(`${stash.sha}\n`);
  });

  it("keeps every other stash: only the named entry can be dropped", async () => {
    const stash = await stashedRun();
    await put("docs/A.md", "mine\n");
    await git(repo, ["stash", "push", "-q", "-m", "mine"]);
    await commitRedo("new\n");
    expect(await dropStashIfCommitted(repo, stash)).toBe(true);
    expect(await git(repo, ["stash", "list", "--format=%s"])).toBe("On main: mine\n");
  });
});

describe("isKeptPath", () => {
  it("is the run trail and the cache, as folders or anything under them, and nothing that merely starts alike", () => {
    expect(isKeptPath(".copperhead/runs")).toBe(true);
    expect(isKeptPath(".copperhead/runs/do/1/outcome.json")).toBe(true);
    expect(isKeptPath(".copperhead/cache")).toBe(true);
    expect(isKeptPath(".copperhead/cache/ab.json")).toBe(true);
    expect(isKeptPath(".copperhead/runs-old/x")).toBe(false);
    expect(isKeptPath(".copperhead/config.json")).toBe(false);
    expect(isKeptPath(".copperhead")).toBe(false);
  });
});

describe("dirty and touched paths", () => {
  it("a one-letter file name is a path like any other (git status lines are that short)", async () => {
    await put("a", "one\n");
    await git(repo, ["add", "a"]);
    await git(repo, ["commit", "-qm", "a"]);
    const snapshot = await takeSnapshot(repo);
    await put("a", "two\n");
    await put("z", "new\n");
    expect(await dirtyPaths(repo)).toEqual(["a"]);
    expect(await touchedPaths(repo, snapshot)).toEqual(["a", "z"]);
    expect((await takeSnapshot(repo)).untracked).toEqual(["z"]);
  });

  it("a staged rename is dirty on both its paths; staged, unstaged and deleted files are dirty; the kept trail never is", async () => {
    await git(repo, ["mv", "keep.txt", "moved.txt"]);
    await put("docs/A.md", "a changed\n");
    await put(".copperhead/runs/do/1/transcript.jsonl", "{}\n");
    await put("untracked.txt", "mine\n");
    expect(await dirtyPaths(repo)).toEqual(["docs/A.md", "keep.txt", "moved.txt"]);
    await git(repo, ["reset", "-q", "--hard"]);
    await rm(join(repo, "keep.txt"));
    expect(await dirtyPaths(repo)).toEqual(["keep.txt"]);
  });

  it("the snapshot lists untracked files sorted, kept trail included; touched leaves out what was there and the trail", async () => {
    await put("z.txt", "mine\n");
    await put("a dir/with space.txt", "mine\n");
    const snapshot = await takeSnapshot(repo);
    expect(snapshot.untracked).toEqual(["a dir/with space.txt", "z.txt"]);
    await put("new.txt", "run\n");
    await put("docs/A.md", "a by the run\n");
    await put(".copperhead/cache/k.json", "{}\n");
    await put("z.txt", "mine, changed by the run\n");
    expect(await touchedPaths(repo, snapshot)).toEqual(["docs/A.md", "new.txt"]);
  });

  it("touched paths are sorted across both sources (a new file that sorts before an edited one)", async () => {
    const snapshot = await takeSnapshot(repo);
    await put("docs/A.md", "edited\n");
    await put("0-first.txt", "new\n");
    expect(await touchedPaths(repo, snapshot)).toEqual(["0-first.txt", "docs/A.md"]);
  });

  it("a tracked file under the kept trail never makes the tree dirty", async () => {
    await put(".copperhead/runs/do/1/outcome.json", "{}\n");
    await git(repo, ["add", "-f", ".copperhead/runs/do/1/outcome.json"]);
    await git(repo, ["commit", "-qm", "a committed run record"]);
    await put(".copperhead/runs/do/1/outcome.json", "{ }\n");
    expect(await dirtyPaths(repo)).toEqual([]);
  });

  it("work the run committed, renamed or deleted counts as touched", async () => {
    const snapshot = await takeSnapshot(repo);
    await git(repo, ["mv", "keep.txt", "c.txt"]);
    await git(repo, ["commit", "-qm", "run commit"]);
    await rm(join(repo, "docs/A.md"));
    expect(await touchedPaths(repo, snapshot)).toEqual(["c.txt", "docs/A.md", "keep.txt"]);
  });
});

describe("restore after a rename", () => {
  it("a renamed file is back under its old name and gone under its new one, committed or only staged; the stash holds both sides", async () => {
    for (const commit of [true, false]) {
      const snapshot = await takeSnapshot(repo);
      await git(repo, ["mv", "keep.txt", "c.txt"]);
      if (commit) await git(repo, ["commit", "-qm", "run renamed"]);
      const { stash } = await restoreSnapshot(repo, snapshot, `copperhead/do/rename-${commit}`);
      expect(stash?.paths).toEqual(["c.txt", "keep.txt"]);
      expect(await read("keep.txt")).toBe("committed\n");
      expect(await exists("c.txt")).toBe(false);
      expect(await dirtyPaths(repo)).toEqual([]);
    }
  });
});

describe("restore with odd paths", () => {
  it("stashes files whose names git would read as pathspec magic, and brings them back byte for byte", async () => {
    const snapshot = await takeSnapshot(repo);
    const odd = ["*.txt", ":(glob)x", "dir/[ab].md", "with space.md"];
    for (const path of odd) await put(path, `${path}\n`);
    const { stash } = await restoreSnapshot(repo, snapshot, "copperhead/do/odd");
    expect(stash?.paths).toEqual([...odd].sort());
    for (const path of odd) expect(await exists(path), path).toBe(false);
    // keep.txt matches the *.txt glob: a non-literal pathspec would have stashed it too.
    expect(await read("keep.txt")).toBe("committed\n");
    await git(repo, ["stash", "apply", stash?.sha ?? "missing"]);
    for (const path of odd) expect(await read(path)).toBe(`${path}\n`);
  });

  it("a run that only committed is rolled back to the snapshot with its commit's work in the stash", async () => {
    const snapshot = await takeSnapshot(repo);
    await put("docs/A.md", "committed by the run\n");
    await git(repo, ["commit", "-qam", "run"]);
    const { stash } = await restoreSnapshot(repo, snapshot, "copperhead/do/c");
    expect((await git(repo, ["rev-parse", "HEAD"])).trim()).toBe(snapshot.head);
    expect(await read("docs/A.md")).toBe("a\n");
    expect(stash).toEqual({
      name: "copperhead/do/c",
      sha: expect.stringMatching(/^[0-9a-f]{40}$/),
      paths: ["docs/A.md"],
    });
    expect(await git(repo, ["stash", "list", "--format=%s"])).toBe("On main: copperhead/do/c\n");
  });
});

describe("dropStashIfCommitted edge cases", () => {
  it("a stash already gone is not dropped (and nothing else is)", async () => {
    const snapshot = await takeSnapshot(repo);
    await put("docs/A.md", "run\n");
    const { stash } = await restoreSnapshot(repo, snapshot, "copperhead/do/gone");
    if (!stash) throw new Error("expected a stash");
    await git(repo, ["stash", "drop", "-q"]);
    await put("docs/A.md", "run\n");
    await git(repo, ["commit", "-qam", "redo"]);
    await put("keep.txt", "other\n");
    await git(repo, ["stash", "push", "-q", "-m", "other"]);
    expect(await dropStashIfCommitted(repo, stash)).toBe(false);
    expect(await git(repo, ["stash", "list", "--format=%s"])).toBe("On main: other\n");
  });

  it("the named entry is dropped even when it is not the newest", async () => {
    const snapshot = await takeSnapshot(repo);
    await put("docs/A.md", "run\n");
    const { stash } = await restoreSnapshot(repo, snapshot, "copperhead/do/old");
    if (!stash) throw new Error("expected a stash");
    await put("keep.txt", "newer\n");
    await git(repo, ["stash", "push", "-q", "-m", "newer"]);
    await put("docs/A.md", "run\n");
    await git(repo, ["commit", "-qam", "redo"]);
    expect(await dropStashIfCommitted(repo, stash)).toBe(true);
    expect(await git(repo, ["stash", "list", "--format=%s"])).toBe("On main: newer\n");
  });

  it("an untracked file the stash holds must be committed with the same bytes", async () => {
    const snapshot = await takeSnapshot(repo);
    await put("new.md", "run\n");
    const { stash } = await restoreSnapshot(repo, snapshot, "copperhead/do/u");
    if (!stash) throw new Error("expected a stash");
    expect(await dropStashIfCommitted(repo, stash)).toBe(false);
    await put("new.md", "run\n");
    await git(repo, ["add", "new.md"]);
    await git(repo, ["commit", "-qm", "redo"]);
    expect(await dropStashIfCommitted(repo, stash)).toBe(true);
  });
});
