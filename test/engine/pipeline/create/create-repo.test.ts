import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CopperheadError, UsageError } from "../../../../engine/errors.js";
import {
  BASELINE_GITIGNORE,
  openCreateRepo,
  scaffoldCreateRepo,
} from "../../../../engine/pipeline/create/create-repo.js";
import { commitLeftovers } from "../../../../engine/pipeline/create/leftovers.js";
import { DirtyTreeError } from "../../../../engine/pipeline/dirty-tree.js";
import { git } from "../../../../engine/repo/git.js";
import { pathExists as exists } from "../../../../engine/repo/path-exists.js";
import { stageGraph } from "../../../../stages/registry.js";
import { treeState } from "../../../helpers/tree-state.js";
import { gitRepo } from "../../agent/acceptance/git-repo.js";
import { emptyFolder, useCreateDirs } from "./create-fixtures.js";

useCreateDirs();

const BRIEF = "# Blinky\n\nA 3.3 V LED blinker.\n";
const SENTENCE = { kind: "sentence" as const, text: "an LED blinker" };
const log = async (repo: string) => (await git(repo, ["log", "--format=%s"])).trim().split("\n");

describe("openCreateRepo and scaffoldCreateRepo", () => {
  it("a sentence into an empty folder: a new repository, the baseline .gitignore, origin create, two commits", async () => {
    const dir = await emptyFolder();
    const { repo, initialised } = await openCreateRepo(dir, {
      kind: "sentence",
      text: "an LED blinker",
    });
    expect(initialised).toBe(true);
    const done = await scaffoldCreateRepo(repo, { kind: "sentence", text: "an LED blinker" });
    expect(done.commits).toHaveLength(2);
    expect(await log(repo)).toEqual([
      "copperhead(create): brief: An LED blinker",
      "copperhead(create): start the design repository",
    ]);
    expect(await readFile(join(repo, ".gitignore"), "utf8")).toBe(
      `${BASELINE_GITIGNORE.join("\n")}\n`,
    );
    expect(JSON.parse(await readFile(join(repo, ".copperhead/config.json"), "utf8"))).toEqual({
      origin: "create",
    });
    expect(await git(repo, ["status", "--porcelain"])).toBe("");
    expect(
      (
        await git(repo, ["log", "-1", "--format=%(trailers:key=Copperhead-Brief-SHA256,valueonly)"])
      ).trim(),
    ).toBe(done.brief.sha256);
    // Again: nothing to do, nothing written.
    const again = await scaffoldCreateRepo(repo, { kind: "sentence", text: "an LED blinker" });
    expect(again.commits).toEqual([]);
  });

  it("a person's .gitignore keeps its lines; only the missing baseline lines are added", async () => {
    const dir = await emptyFolder();
    await writeFile(join(dir, ".gitignore"), "node_modules/\n.history/");
    await writeFile(join(dir, "brief.md"), BRIEF);
    const { repo } = await openCreateRepo(dir, { kind: "existing" });
    await scaffoldCreateRepo(repo, { kind: "existing" });
    const text = await readFile(join(repo, ".gitignore"), "utf8");
    expect(text.startsWith("node_modules/\n.history/\n")).toBe(true);
    expect(text.match(/^\.history\/$/gm)).toHaveLength(1);
    expect(text).toContain("\nfp-info-cache\n");
    expect(await log(repo)).toEqual([
      "copperhead(create): brief: Blinky",
      "copperhead(create): start the design repository",
    ]);
  });

  it("an existing repository without an origin is marked, its .gitignore left alone; a changed brief is committed as such", async () => {
    const made = await gitRepo({ "brief.md": BRIEF, ".gitignore": "build/\n" });
    const first = await scaffoldCreateRepo(made.repo, { kind: "existing" });
    expect(await log(made.repo)).toEqual([
      "copperhead(create): mark the repository as a create design",
      "baseline",
    ]);
    expect(first.commits).toHaveLength(1);
    expect(await readFile(join(made.repo, ".gitignore"), "utf8")).toBe("build/\n");
    await writeFile(join(made.repo, "brief.md"), `${BRIEF}\n- Two LEDs.\n`);
    const edited = await scaffoldCreateRepo(made.repo, {
      kind: "file",
      path: join(made.repo, "brief.md"),
    });
    expect(edited.commits).toHaveLength(1);
    expect(await git(made.repo, ["log", "-1", "--format=%b"])).toContain(
      "The brief changed: every stage reads it, so each one reruns against this version.",
    );
    await made.done();
  });

  it("never writes over a different brief.md; a --brief from elsewhere is copied", async () => {
    const made = await gitRepo({ "brief.md": BRIEF });
    const outside = join(await emptyFolder("briefs"), "other.md");
    await writeFile(outside, "# Other\n\nSomething else.\n");
    const before = await treeState(made.repo);
    const error = await scaffoldCreateRepo(made.repo, { kind: "file", path: outside }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toMatch(
      /^brief\.md already holds a different brief than \.\.\/.*other\.md/,
    );
    const sentence = await scaffoldCreateRepo(made.repo, {
      kind: "sentence",
      text: "something else",
    }).catch((e: unknown) => e);
    expect((sentence as UsageError).message).toContain("than the sentence");
    expect(await treeState(made.repo)).toEqual(before);
    await made.done();

    const dir = await emptyFolder();
    const { repo } = await openCreateRepo(dir, { kind: "file", path: outside });
    await scaffoldCreateRepo(repo, { kind: "file", path: outside });
    expect(await readFile(join(repo, "brief.md"), "utf8")).toBe("# Other\n\nSomething else.\n");
  });

  it("no brief, an empty one or one that is not there says what to give, before a folder or repository is made", async () => {
    const dir = join(await emptyFolder(), "board");
    for (const brief of [
      { kind: "existing" as const },
      { kind: "sentence" as const, text: " " },
      { kind: "file" as const, path: join(dir, "..", "nope.md") },
    ]) {
      const error = await openCreateRepo(dir, brief).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CopperheadError);
      expect(await exists(dir)).toBe(false);
    }
    const empty = join(dir, "..", "empty.md");
    await writeFile(empty, "\n\n");
    const error = await openCreateRepo(dir, { kind: "file", path: empty }).catch((e: unknown) => e);
    expect((error as UsageError).message).toMatch(/empty\.md is empty$/);
    await mkdir(dir);
    const none = await openCreateRepo(dir, { kind: "existing" }).catch((e: unknown) => e);
    expect((none as UsageError).message).toBe("brief.md is missing: create needs a brief");
    expect(await exists(join(dir, ".git"))).toBe(false);
  });

  it("a folder inside another repository that holds a person's files is refused; an empty one becomes its own repository", async () => {
    const made = await gitRepo({ "README.md": "# mono\n" });
    await mkdir(join(made.repo, "boards/mine"), { recursive: true });
    await writeFile(join(made.repo, "boards/mine/notes.txt"), "mine\n");
    const error = await openCreateRepo(join(made.repo, "boards/mine"), SENTENCE).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toContain(
      `is inside the git repository ${made.repo} and is not empty`,
    );
    const fresh = await openCreateRepo(join(made.repo, "boards/new"), SENTENCE);
    expect(fresh.initialised).toBe(true);
    expect(fresh.repo).toBe(join(made.repo, "boards/new"));
    await made.done();
  });
});

describe("commitLeftovers", () => {
  it("copperhead's bookkeeping and its union-merge line are committed; a clean tree is left alone", async () => {
    const made = await gitRepo({ "brief.md": BRIEF, ".gitattributes": "*.png binary\n" });
    const graph = stageGraph();
    expect(await commitLeftovers(made.repo, graph, { command: "copperhead create" })).toEqual({
      paths: [],
    });
    await mkdir(join(made.repo, ".copperhead/runs/spec/1"), { recursive: true });
    await writeFile(join(made.repo, ".copperhead/runs/spec/1/outcome.json"), "{}\n");
    await writeFile(join(made.repo, ".copperhead/events.jsonl"), "");
    await writeFile(
      join(made.repo, ".gitattributes"),
      "*.png binary\n.copperhead/events.jsonl merge=union\n",
    );
    const left = await commitLeftovers(made.repo, graph, { command: "copperhead create" });
    expect(left.paths).toEqual([
      ".copperhead/events.jsonl",
      ".copperhead/runs/spec/1/outcome.json",
      ".gitattributes",
    ]);
    expect(left.stage).toBeUndefined();
    expect(await git(made.repo, ["log", "-1", "--format=%s"])).toBe(
      "copperhead(create): resume: commit its bookkeeping\n",
    );
    expect(await git(made.repo, ["status", "--porcelain"])).toBe("");
    await made.done();
  });

  it("a person's change — tracked, in .gitattributes, or an untracked file a stage owns — stops it before anything is touched; other untracked files do not count", async () => {
    const made = await gitRepo({ "brief.md": BRIEF, ".gitattributes": "*.png binary\n" });
    const graph = stageGraph();
    await writeFile(join(made.repo, "notes.txt"), "mine, untracked\n");
    expect(
      (await commitLeftovers(made.repo, graph, { command: "copperhead create" })).paths,
    ).toEqual([]);
    await writeFile(join(made.repo, ".gitattributes"), "*.png binary\n*.jpg binary\n");
    await mkdir(join(made.repo, "docs"));
    await writeFile(join(made.repo, "docs/SPEC.md"), "# my spec\n");
    await writeFile(join(made.repo, "brief.md"), `${BRIEF}more\n`);
    const before = await treeState(made.repo);
    const error = await commitLeftovers(made.repo, graph, { command: "copperhead create" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DirtyTreeError);
    expect((error as DirtyTreeError).message).toContain("(.gitattributes, brief.md, docs/SPEC.md)");
    expect(await treeState(made.repo)).toEqual(before);
    // The brief the person hands over is create's to commit, not a leftover.
    const handed = await commitLeftovers(made.repo, graph, {
      command: "copperhead create",
      brief: "brief.md",
    }).catch((e: unknown) => e);
    expect((handed as DirtyTreeError).message).toContain("(.gitattributes, docs/SPEC.md)");
    await made.done();
  });
});
