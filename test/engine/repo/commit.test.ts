import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { commitMessage, commitPaths, commitTrailer } from "../../../engine/repo/commit.js";
import { git } from "../../../engine/repo/git.js";
import { gitRepo } from "../agent/acceptance/git-repo.js";

const repos: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const done of repos) await done();
});

describe("commitMessage", () => {
  it("is the subject, the paragraphs and the trailers git reads, in that order", () => {
    expect(
      commitMessage({
        scope: "spec",
        subject: "Wrote the\n specification",
        paragraphs: ["First.", "", "  Second.  "],
        trailers: [
          ["Copperhead-Stage", "spec"],
          ["Copperhead-Attempt", "2"],
        ],
      }),
    ).toBe(
      "copperhead(spec): Wrote the specification\n\nFirst.\n\nSecond.\n\nCopperhead-Stage: spec\nCopperhead-Attempt: 2\n",
    );
  });

  it("cuts a long subject to 64 characters with an ellipsis, and folds a trailer value to one line", () => {
    const message = commitMessage({
      scope: "do",
      subject: "x".repeat(80),
      paragraphs: [],
      trailers: [["Copperhead-Verified", "erc,\n drift"]],
    });
    const [subject, , trailer] = message.split("\n");
    expect(subject).toBe(`copperhead(do): ${"x".repeat(63)}…`);
    expect(trailer).toBe("Copperhead-Verified: erc, drift");
  });
});

describe("commitPaths", () => {
  it("commits exactly the paths given (edits, new files, deletions) and leaves everything else staged or not as it was", async () => {
    const made = await gitRepo({ "a.md": "a\n", "b.md": "b\n", "gone.md": "g\n" });
    repos.push(made.done);
    const { repo } = made;
    const put = async (p: string, t: string) => {
      await mkdir(dirname(join(repo, p)), { recursive: true });
      await writeFile(join(repo, p), t);
    };
    await put("a.md", "a edited\n");
    await put("new/c.md", "c\n");
    await git(repo, ["rm", "-q", "gone.md"]);
    // The person's: a staged edit and an unstaged one, neither may ride along.
    await put("b.md", "b staged\n");
    await git(repo, ["add", "b.md"]);
    await put("mine.txt", "untracked\n");
    const message = commitMessage({
      scope: "spec",
      subject: "work",
      paragraphs: [],
      trailers: [["Copperhead-Stage", "spec"]],
    });
    const sha = await commitPaths(repo, ["a.md", "new/c.md", "gone.md"], message);
    expect(sha).toBe((await git(repo, ["rev-parse", "HEAD"])).trim());
    expect(
      (await git(repo, ["show", "--name-status", "--format=", "HEAD"])).trim().split("\n"),
    ).toEqual(["M\ta.md", "D\tgone.md", "A\tnew/c.md"]);
    expect(await git(repo, ["status", "--porcelain"])).toBe("M  b.md\n?? mine.txt\n");
    expect(await commitTrailer(repo, "HEAD", "Copperhead-Stage")).toBe("spec");
    expect(await commitTrailer(repo, "HEAD", "Copperhead-Kept")).toBeUndefined();
  });

  it("commits copperhead's trail even where a .gitignore hides it", async () => {
    const made = await gitRepo({ ".gitignore": ".copperhead/\n" });
    repos.push(made.done);
    await mkdir(join(made.repo, ".copperhead/runs/spec/1"), { recursive: true });
    await writeFile(join(made.repo, ".copperhead/runs/spec/1/outcome.json"), "{}\n");
    await commitPaths(made.repo, [".copperhead/runs/spec/1"], "copperhead(spec): trail\n");
    expect((await git(made.repo, ["show", "--name-only", "--format=", "HEAD"])).trim()).toBe(
      ".copperhead/runs/spec/1/outcome.json",
    );
  });
});
