import { mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { git } from "../../../engine/repo/git.js";
import { putBackCarried, restoreSnapshot, takeSnapshot } from "../../../engine/repo/snapshot.js";
import { resolveRef, saveWip, wipRef, wipWork } from "../../../engine/repo/wip-ref.js";
import { treeState } from "../../helpers/tree-state.js";
import { gitRepo } from "../agent/acceptance/git-repo.js";

const repos: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const done of repos) await done();
});
const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

async function work() {
  const made = await gitRepo({ "a.md": "a\n", "gone.md": "g\n" });
  repos.push(made.done);
  const { repo } = made;
  const base = (await git(repo, ["rev-parse", "HEAD"])).trim();
  await writeFile(join(repo, "a.md"), "a edited\n");
  await mkdir(join(repo, "docs"));
  await writeFile(join(repo, "docs/NEW.md"), "new\n");
  await rm(join(repo, "gone.md"));
  return { repo, base };
}

describe("saveWip", () => {
  it("records edits, new files and deletions on a commit over the base, and touches neither tree, index nor HEAD", async () => {
    const { repo, base } = await work();
    const before = await treeState(repo);
    const status = await git(repo, ["status", "--porcelain"]);
    const ref = wipRef("spec", 2);
    expect(ref).toBe("refs/copperhead/wip/spec/2");
    const commit = await saveWip(repo, {
      base,
      paths: ["a.md", "docs/NEW.md", "gone.md"],
      ref,
      message: "copperhead: spec attempt 2",
    });
    expect(await resolveRef(repo, ref)).toBe(commit);
    expect((await git(repo, ["rev-parse", `${commit}^`])).trim()).toBe(base);
    expect(await git(repo, ["show", "--name-status", "--format=%s", commit])).toBe(
      "copperhead: spec attempt 2\n\nM\ta.md\nA\tdocs/NEW.md\nD\tgone.md\n",
    );
    expect(await treeState(repo)).toEqual(before);
    expect(await git(repo, ["status", "--porcelain"])).toBe(status);
    expect((await git(repo, ["rev-parse", "HEAD"])).trim()).toBe(base);
    expect(await wipWork(repo, commit)).toEqual({
      commit,
      paths: ["a.md", "docs/NEW.md", "gone.md"],
    });
  });

  it("a missing ref resolves to nothing", async () => {
    const { repo } = await work();
    expect(await resolveRef(repo, "refs/copperhead/wip/spec/9")).toBeUndefined();
  });
});

describe("carried work through a rollback", () => {
  it("is stashed with the run's work and put back exactly as it was: the tree equals the snapshot", async () => {
    const { repo, base } = await work();
    const commit = await saveWip(repo, {
      base,
      paths: ["a.md", "docs/NEW.md", "gone.md"],
      ref: wipRef("spec", 1),
      message: "kept",
    });
    const carried = { commit, paths: ["a.md", "docs/NEW.md", "gone.md"] };
    await writeFile(join(repo, "mine.txt"), "the person's\n");
    const snapshot = await takeSnapshot(repo, carried);
    expect(snapshot.untracked).toEqual(["mine.txt"]);
    const before = await treeState(repo);
    const status = await git(repo, ["status", "--porcelain"]);
    // The next attempt edits the carried file and adds one of its own.
    await writeFile(join(repo, "docs/NEW.md"), "new, then more\n");
    await mkdir(dirname(join(repo, "docs/MORE.md")), { recursive: true });
    await writeFile(join(repo, "docs/MORE.md"), "more\n");
    const { stash } = await restoreSnapshot(repo, snapshot, "copperhead: spec attempt 2 x");
    expect(stash?.paths).toEqual(["a.md", "docs/MORE.md", "docs/NEW.md", "gone.md"]);
    expect(await treeState(repo)).toEqual(before);
    expect(await git(repo, ["status", "--porcelain"])).toBe(status);
    expect(await exists(join(repo, "gone.md"))).toBe(false);
    // The stash holds the whole of the second attempt's state.
    await git(repo, ["checkout", "-q", "--", "."]);
    await rm(join(repo, "docs"), { recursive: true, force: true });
    await git(repo, ["stash", "apply", "-q", stash?.sha ?? "missing"]);
    expect(await readFile(join(repo, "docs/NEW.md"), "utf8")).toBe("new, then more\n");
    expect(await readFile(join(repo, "docs/MORE.md"), "utf8")).toBe("more\n");
  });

  it("putBackCarried writes the kept work into a clean tree, unstaged", async () => {
    const { repo, base } = await work();
    const commit = await saveWip(repo, {
      base,
      paths: ["a.md", "docs/NEW.md", "gone.md"],
      ref: wipRef("spec", 1),
      message: "kept",
    });
    const wanted = await treeState(repo);
    await git(repo, ["checkout", "-q", "--", "."]);
    await rm(join(repo, "docs"), { recursive: true });
    await putBackCarried(repo, { commit, paths: ["a.md", "docs/NEW.md", "gone.md"] });
    expect(await treeState(repo)).toEqual(wanted);
    expect(await git(repo, ["status", "--porcelain"])).toBe(" M a.md\n D gone.md\n?? docs/\n");
  });
});
