import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { git } from "../../engine/repo/git.js";
import { assertDemoUntouched, demoRepoIn, recordDemo } from "./finished-demo-guard.js";
import { makeTempDir, type TempDir } from "./temp-dir.js";

const made: TempDir[] = [];
afterAll(() => Promise.all(made.map((t) => t.remove())));

/** A run folder whose "demo" is a small committed repository, recorded as created. */
async function recordedRun(): Promise<{ dir: string; repo: string }> {
  const tmp = await makeTempDir("copperhead-demo-guard-");
  made.push(tmp);
  const repo = demoRepoIn(tmp.dir);
  await mkdir(repo, { recursive: true });
  await git(repo, ["init", "-q", "-b", "main"]);
  await git(repo, ["config", "user.name", "Copperhead Test"]);
  await git(repo, ["config", "user.email", "test@copperhead.invalid"]);
  await writeFile(join(repo, "brief.md"), "# A board\n");
  await git(repo, ["add", "."]);
  await git(repo, ["commit", "-qm", "baseline"]);
  await recordDemo(tmp.dir);
  return { dir: tmp.dir, repo };
}

describe("the shared finished demo's guard", () => {
  it("passes a demo only read (git log and status included), and a run that never created one", async () => {
    const { dir, repo } = await recordedRun();
    await git(repo, ["log", "--oneline"]);
    await git(repo, ["status"]);
    await expect(assertDemoUntouched(dir)).resolves.toBeUndefined();
    const never = await makeTempDir("copperhead-demo-guard-");
    made.push(never);
    await expect(assertDemoUntouched(never.dir)).resolves.toBeUndefined();
  });

  it("names a file written, a file added and a commit made in the shared repository", async () => {
    const edited = await recordedRun();
    await writeFile(join(edited.repo, "brief.md"), "# Another board\n");
    await expect(assertDemoUntouched(edited.dir)).rejects.toThrow(
      /changed the shared finished demo .*\(brief\.md, \(git status\)\): tests must work on copyOfFinishedDemo\(\)/,
    );
    const added = await recordedRun();
    await writeFile(join(added.repo, "notes.md"), "mine\n");
    await expect(assertDemoUntouched(added.dir)).rejects.toThrow(/\(notes\.md, \(git status\)\)/);
    const committed = await recordedRun();
    await git(committed.repo, ["commit", "-q", "--allow-empty", "-m", "more"]);
    await expect(assertDemoUntouched(committed.dir)).rejects.toThrow(/\(\(git refs\)\)/);
  });
});
