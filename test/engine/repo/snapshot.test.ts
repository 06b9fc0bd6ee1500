import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { git } from "../../../engine/repo/git.js";
import {
  dirtyPaths,
  dropStashIfCommitted,
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
