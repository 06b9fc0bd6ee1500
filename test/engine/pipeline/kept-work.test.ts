import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { KEPT_TRAILER, keptWork } from "../../../engine/pipeline/kept-work.js";
import { git } from "../../../engine/repo/git.js";
import { saveWip } from "../../../engine/repo/wip-ref.js";
import { gitRepo } from "../agent/acceptance/git-repo.js";

// One repository as a failed stage attempt leaves it: HEAD is the attempt's trail commit, whose
// Kept trailer names the WIP ref holding its work (an edit, a new file, a deletion). Each case
// puts the tree in the state it needs first.
const REF = "refs/copperhead/wip/spec/1";
const BASE = { "docs/SPEC.md": "# spec v0\n", "README.md": "# readme\n", "keep.txt": "k\n" };
let repo = "";
let done: () => Promise<void> = async () => {};
let wip = "";

const read = (path: string) => readFile(join(repo, path), "utf8").catch(() => null);
const status = async () => git(repo, ["status", "--porcelain"]);

/** An empty commit as an attempt's trail: `subject`, then its trailers. */
const commitTrail = (at: string, subject: string, trailers: string) =>
  git(at, ["commit", "-q", "--allow-empty", "-m", subject, "-m", trailers]);

/** The tree as the failed attempt left it: its work in place. */
async function treeHoldsTheWork() {
  await writeFile(join(repo, "docs/SPEC.md"), "# spec v1\n");
  await writeFile(join(repo, "docs/NEW.md"), "new\n");
  await rm(join(repo, "README.md"), { force: true });
}

/** The tree as a fresh clone of the branch has it: HEAD's files, none of the work. */
async function treeHoldsNone() {
  await git(repo, ["reset", "-q", "--hard"]);
  await git(repo, ["clean", "-qfd"]);
}

beforeAll(async () => {
  ({ repo, done } = await gitRepo(BASE));
  const base = (await git(repo, ["rev-parse", "HEAD"])).trim();
  await treeHoldsTheWork();
  wip = await saveWip(repo, {
    base,
    paths: ["docs/SPEC.md", "docs/NEW.md", "README.md"],
    ref: REF,
    message: "copperhead: spec attempt 1",
  });
  await commitTrail(repo, "copperhead(spec): attempt 1 failed its gate", `${KEPT_TRAILER}: ${REF}`);
});
afterAll(() => done());

const CARRIED = () => ({
  commit: wip,
  paths: ["README.md", "docs/NEW.md", "docs/SPEC.md"],
  ref: REF,
});

describe("keptWork", () => {
  it("the tree holding exactly the kept work carries it, and leaves the tree alone", async () => {
    await treeHoldsTheWork();
    const before = await status();
    expect(await keptWork(repo)).toEqual({ carried: CARRIED() });
    expect(await status()).toBe(before);
    expect(before).not.toBe("");
  });

  it("a tree holding none of it (a fresh clone) gets it back from the WIP ref", async () => {
    await treeHoldsNone();
    expect(await status()).toBe("");
    expect(await keptWork(repo)).toEqual({ carried: CARRIED(), reapplied: true });
    expect(await read("docs/SPEC.md")).toBe("# spec v1\n");
    expect(await read("docs/NEW.md")).toBe("new\n");
    expect(await read("README.md")).toBeNull();
    expect(await read("keep.txt")).toBe("k\n");
  });

  it("--fresh: a tree holding none of it stays as it is and nothing is carried", async () => {
    await treeHoldsNone();
    expect(await keptWork(repo, { fresh: true })).toEqual({});
    expect(await status()).toBe("");
  });

  it("--fresh does not drop work that is in the tree: it is still carried", async () => {
    await treeHoldsTheWork();
    expect(await keptWork(repo, { fresh: true })).toEqual({ carried: CARRIED() });
  });

  it("the kept work edited by hand is the person's: nothing carried, nothing put back", async () => {
    await treeHoldsTheWork();
    await writeFile(join(repo, "docs/SPEC.md"), "# spec, edited by hand\n");
    const before = await status();
    expect(await keptWork(repo)).toEqual({});
    expect(await status()).toBe(before);
    expect(await read("docs/SPEC.md")).toBe("# spec, edited by hand\n");
  });

  it("a version of a kept path staged, the file itself reverted to HEAD's, is the person's: nothing carried, the staged version kept", async () => {
    await treeHoldsNone();
    await writeFile(join(repo, "docs/SPEC.md"), "# spec, staged by hand\n");
    await git(repo, ["add", "docs/SPEC.md"]);
    await writeFile(join(repo, "docs/SPEC.md"), BASE["docs/SPEC.md"]);
    expect(await status()).toBe("MM docs/SPEC.md\n");
    expect(await keptWork(repo)).toEqual({});
    expect(await status()).toBe("MM docs/SPEC.md\n");
    expect(await git(repo, ["show", ":docs/SPEC.md"])).toBe("# spec, staged by hand\n");
    expect(await read("docs/SPEC.md")).toBe(BASE["docs/SPEC.md"]);
    expect(await read("docs/NEW.md")).toBeNull();
  });

  it("a version of a kept path staged and left as staged is the person's too: nothing carried, nothing put back", async () => {
    await treeHoldsNone();
    await writeFile(join(repo, "docs/SPEC.md"), "# spec, staged by hand\n");
    await git(repo, ["add", "docs/SPEC.md"]);
    expect(await status()).toBe("M  docs/SPEC.md\n");
    expect(await keptWork(repo)).toEqual({});
    expect(await status()).toBe("M  docs/SPEC.md\n");
    expect(await read("docs/SPEC.md")).toBe("# spec, staged by hand\n");
    expect(await read("docs/NEW.md")).toBeNull();
  });

  it("part of the kept work in the tree, part not, is neither carried nor put back", async () => {
    await treeHoldsNone();
    await writeFile(join(repo, "docs/NEW.md"), "new\n");
    expect(await keptWork(repo)).toEqual({});
    expect(await read("docs/SPEC.md")).toBe("# spec v0\n");
    expect(await read("README.md")).toBe("# readme\n");
  });
});

describe("keptWork without kept work", () => {
  it("HEAD without the trailer carries nothing; a trailer naming a ref this clone lacks says so", async () => {
    const other = await gitRepo({ "a.txt": "a\n" });
    try {
      expect(await keptWork(other.repo)).toStrictEqual({});
      await commitTrail(
        other.repo,
        "copperhead(spec): attempt 2 failed its gate",
        `${KEPT_TRAILER}: refs/copperhead/wip/spec/2`,
      );
      expect(await keptWork(other.repo)).toEqual({ missingRef: "refs/copperhead/wip/spec/2" });
      expect(await git(other.repo, ["status", "--porcelain"])).toBe("");
    } finally {
      await other.done();
    }
  });
});

// A person pushed commits on the branch after the failed attempt (a fix through GitHub's editor,
// a merge of main) and then asked for a retry: the trail is no longer HEAD.
describe("keptWork on an unusual history", () => {
  it("a repository with no commits yet has no kept work, and is left as it is", async () => {
    const empty = await gitRepo({ "a.txt": "a\n" });
    try {
      await git(empty.repo, ["update-ref", "-d", "HEAD"]);
      expect(await keptWork(empty.repo)).toStrictEqual({});
      expect(await git(empty.repo, ["status", "--porcelain"])).toBe("A  a.txt\n");
    } finally {
      await empty.done();
    }
  });

  it("a trail naming kept work twice builds on the last one named", async () => {
    const twice = await gitRepo(BASE);
    try {
      const base = (await git(twice.repo, ["rev-parse", "HEAD"])).trim();
      await writeFile(join(twice.repo, "docs/SPEC.md"), "# spec v2\n");
      const commit = await saveWip(twice.repo, {
        base,
        paths: ["docs/SPEC.md"],
        ref: "refs/copperhead/wip/spec/2",
        message: "copperhead: spec attempt 2",
      });
      await commitTrail(
        twice.repo,
        "copperhead(spec): attempt 2 failed its gate",
        `Copperhead-Stage: spec\n${KEPT_TRAILER}: refs/copperhead/wip/spec/1\n${KEPT_TRAILER}: refs/copperhead/wip/spec/2`,
      );
      expect(await keptWork(twice.repo)).toEqual({
        carried: { commit, paths: ["docs/SPEC.md"], ref: "refs/copperhead/wip/spec/2" },
      });
    } finally {
      await twice.done();
    }
  });
});

describe("keptWork with commits made on top of the trail", () => {
  let other = { repo: "", done: async () => {} };
  const at = (path: string) => readFile(join(other.repo, path), "utf8").catch(() => null);

  /** A repository whose HEAD is a failed attempt's trail commit, its tree as a fresh clone's. */
  async function failedAttempt() {
    other = await gitRepo(BASE);
    const base = (await git(other.repo, ["rev-parse", "HEAD"])).trim();
    await writeFile(join(other.repo, "docs/SPEC.md"), "# spec v1\n");
    await writeFile(join(other.repo, "docs/NEW.md"), "new\n");
    const commit = await saveWip(other.repo, {
      base,
      paths: ["docs/SPEC.md", "docs/NEW.md"],
      ref: REF,
      message: "copperhead: spec attempt 1",
    });
    await commitTrail(
      other.repo,
      "copperhead(spec): attempt 1 failed its gate",
      `Copperhead-Stage: spec\n${KEPT_TRAILER}: ${REF}`,
    );
    await git(other.repo, ["checkout", "-q", "--", "docs/SPEC.md"]);
    await rm(join(other.repo, "docs/NEW.md"));
    return { commit, paths: ["docs/NEW.md", "docs/SPEC.md"], ref: REF };
  }

  async function commitFile(path: string, text: string, message = `edit ${path}`) {
    await writeFile(join(other.repo, path), text);
    await git(other.repo, ["add", "--", path]);
    await git(other.repo, ["commit", "-qm", message]);
  }

  afterEach(() => other.done());

  it("a commit that leaves the kept paths alone keeps the work: put back on a fresh clone", async () => {
    const carried = await failedAttempt();
    await commitFile("README.md", "# readme, fixed on GitHub\n");
    expect(await keptWork(other.repo)).toEqual({ carried, reapplied: true });
    expect(await at("docs/SPEC.md")).toBe("# spec v1\n");
    expect(await at("docs/NEW.md")).toBe("new\n");
    expect(await at("README.md")).toBe("# readme, fixed on GitHub\n");
  });

  it("the tree still holding the work, under an unrelated commit, carries it as it is", async () => {
    const carried = await failedAttempt();
    await commitFile("keep.txt", "k2\n");
    await writeFile(join(other.repo, "docs/SPEC.md"), "# spec v1\n");
    await writeFile(join(other.repo, "docs/NEW.md"), "new\n");
    const before = await git(other.repo, ["status", "--porcelain"]);
    expect(await keptWork(other.repo)).toEqual({ carried });
    expect(await git(other.repo, ["status", "--porcelain"])).toBe(before);
  });

  it("a commit that changes a kept path supersedes the work: nothing put back, the ref named", async () => {
    await failedAttempt();
    await commitFile("docs/SPEC.md", "# spec, written by the engineer\n");
    await commitFile("keep.txt", "k2\n");
    expect(await keptWork(other.repo)).toEqual({
      superseded: { ref: REF, paths: ["docs/SPEC.md"] },
    });
    expect(await at("docs/SPEC.md")).toBe("# spec, written by the engineer\n");
    expect(await at("docs/NEW.md")).toBeNull();
    expect(await git(other.repo, ["status", "--porcelain"])).toBe("");
  });

  it("a merge of another branch is walked through on its first parent", async () => {
    const carried = await failedAttempt();
    const trail = (await git(other.repo, ["rev-parse", "HEAD"])).trim();
    await git(other.repo, ["checkout", "-q", "-b", "side", "HEAD~1"]);
    await commitFile("side.txt", "from main\n");
    await git(other.repo, ["checkout", "-q", "--detach", trail]);
    await git(other.repo, ["merge", "-q", "--no-edit", "side"]);
    expect(await keptWork(other.repo)).toEqual({ carried, reapplied: true });
    expect(await at("side.txt")).toBe("from main\n");
    expect(await at("docs/NEW.md")).toBe("new\n");
  });

  it("a later copperhead commit without the trailer ends the kept work", async () => {
    await failedAttempt();
    await commitTrail(other.repo, "copperhead(spec): attempt 2", "Copperhead-Stage: spec");
    await commitFile("README.md", "# readme 2\n");
    expect(await keptWork(other.repo)).toStrictEqual({});
    expect(await at("docs/NEW.md")).toBeNull();
  });
});
