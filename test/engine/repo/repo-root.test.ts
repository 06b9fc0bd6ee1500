import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { git } from "../../../engine/repo/git.js";
import { findRepoRoot, gitDirOf, NotARepositoryError } from "../../../engine/repo/repo-root.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe("repo root", () => {
  it("walks up from a subfolder to the working tree top, like git does", async () => {
    const top = await realpath(await mkdtemp(join(tmpdir(), "copperhead-root-")));
    dirs.push(top);
    await git(top, ["init", "-q"]);
    await mkdir(join(top, "docs/deep"), { recursive: true });
    expect(findRepoRoot(join(top, "docs/deep"))).toBe(top);
    const byGit = (await git(join(top, "docs/deep"), ["rev-parse", "--show-toplevel"])).trim();
    expect(findRepoRoot(join(top, "docs/deep"))).toBe(byGit);
    expect(gitDirOf(top)).toBe(join(top, ".git"));
  });

  it("follows a .git file to a linked worktree's git dir", async () => {
    const top = await realpath(await mkdtemp(join(tmpdir(), "copperhead-root-")));
    dirs.push(top);
    await git(top, ["init", "-q", "-b", "main", "main"]);
    const main = join(top, "main");
    await writeFile(join(main, "f"), "x");
    await git(main, ["add", "f"]);
    await git(main, ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x"]);
    await git(main, ["worktree", "add", "-q", "-b", "side", join(top, "side")]);
    const expected = (await git(join(top, "side"), ["rev-parse", "--absolute-git-dir"])).trim();
    expect(gitDirOf(join(top, "side"))).toBe(expected);
  });

  it("is a usage error outside any repository", async () => {
    // A temp folder might sit inside someone's repo; /proc never does.
    expect(() => findRepoRoot("/proc/self")).toThrow(NotARepositoryError);
    expect(() => findRepoRoot("/proc/self")).toThrow(
      expect.objectContaining({ fix: expect.stringMatching(/run `git init` first/) }),
    );
  });
});
