import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GitError, git } from "../../../engine/repo/git.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe("git wrapper", () => {
  it("returns stdout untouched, NULs and final newline included", async () => {
    const dir = await mkdtemp(join(tmpdir(), "copperhead-git-"));
    dirs.push(dir);
    await git(dir, ["init", "-q"]);
    expect(await git(dir, ["rev-parse", "--is-inside-work-tree"])).toBe("true\n");
    const hashed = await git(dir, ["hash-object", "--stdin"], { input: "hello\n" });
    expect(hashed).toBe("ce013625030ba8dba906f756967f9e9ca394464a\n");
  });

  it("turns a failing command into a GitError carrying exit code and stderr", async () => {
    const dir = await mkdtemp(join(tmpdir(), "copperhead-git-"));
    dirs.push(dir);
    const error = await git(dir, ["log"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitError);
    const gitError = error as GitError;
    expect(gitError.exitCode).toBe(128);
    expect(gitError.stderr).toMatch(/not a git repository/);
    expect(gitError.message).toMatch(/^git log failed \(exit 128\): fatal: not a git repository/);
    expect(gitError.fix).toMatch(/check that .* is a git repository/);
  });

  it("says to install git when the binary is missing", async () => {
    const error = await git(tmpdir(), ["status"], { env: { PATH: "/nonexistent" } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GitError);
    expect((error as GitError).fix).toMatch(/install git/);
  });

  it("tells a repository with no commits to make one, and only when it has none", async () => {
    const dir = await mkdtemp(join(tmpdir(), "copperhead-git-"));
    dirs.push(dir);
    await git(dir, ["init", "-q"]);
    const error = (await git(dir, ["rev-parse", "--verify", "HEAD"]).catch((e) => e)) as GitError;
    expect(error).toBeInstanceOf(GitError);
    expect(error.message).toBe(
      `git rev-parse --verify HEAD failed (exit 128): ${dir} has no commits yet`,
    );
    expect(error.fix).toMatch(/^make a first commit \(git add -A && git commit/);
    expect(error.category).toBe("usage");
    // With a commit, a bad revision is an ordinary failure with git's own words.
    await git(dir, [
      "-c",
      "user.name=t",
      "-c",
      "user.email=t@t",
      "commit",
      "-q",
      "--allow-empty",
      "-m",
      "x",
    ]);
    const other = (await git(dir, ["rev-parse", "--verify", "HEAD~5"]).catch((e) => e)) as GitError;
    expect(other.message).toMatch(/Needed a single revision/);
    expect(other.fix).toMatch(/check that/);
  });
});
