import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ScriptedTurn } from "../../../engine/agent/providers/script-schema.js";
import { ScriptedProvider } from "../../../engine/agent/providers/scripted.js";
import { describeError } from "../../../engine/errors.js";
import { DirtyTreeError } from "../../../engine/pipeline/dirty-tree.js";
import { runStage, type StageRunResult } from "../../../engine/pipeline/run-stage.js";
import { stageRowSchema } from "../../../engine/pipeline/stage-row.js";
import { git } from "../../../engine/repo/git.js";
import { TRAIL, treeState } from "../../helpers/tree-state.js";
import { gitRepo } from "../agent/acceptance/git-repo.js";

const BRIEF = "# Blinky\n\nA 3.3 V LED blinker, 20 x 20 mm.\n";
const repos: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const done of repos) await done();
});

const unlock = (id: string): ScriptedTurn[] => [
  {
    tools: [
      {
        name: "propose_change",
        input: {
          id,
          why: "The specification is what every later stage designs against, so it has to exist first.",
          what_changes: ["Write docs/SPEC.md"],
          tasks: ["Write docs/SPEC.md"],
          no_spec_changes: true,
        },
      },
    ],
  },
  { tools: [{ name: "validate_change", input: { id } }] },
];
const finish = (summary: string): ScriptedTurn => ({
  tools: [{ name: "finish", input: { outcome: "done", summary } }],
});

/** Writes a SPEC with no budgets: the run finishes, the gate fails. */
const noBudgets: ScriptedTurn[] = [
  ...unlock("spec-purpose"),
  {
    tools: [
      { name: "write_file", input: { path: "docs/SPEC.md", content: "# Spec\n\nA blinker.\n" } },
    ],
  },
  finish("Wrote the purpose."),
];
/** Builds on the kept SPEC: adds the budgets the gate wants. */
const addBudgets: ScriptedTurn[] = [
  ...unlock("spec-budgets"),
  {
    tools: [
      {
        name: "edit_file",
        input: {
          path: "docs/SPEC.md",
          old: "A blinker.\n",
          new: "A blinker.\n\n## Budgets\n\n- Supply (`power.supply_V`): 3.3 V (brief).\n- LED current (`power.led_current_mA`): ASSUMED: 20 mA at most.\n",
        },
      },
    ],
  },
  {
    tools: [
      {
        name: "record_constraint",
        input: {
          constraints: [
            {
              key: "power.supply_V",
              source: 'brief: "A 3.3 V LED blinker"',
              value: 3.3,
              unit: "V",
            },
            {
              key: "power.led_current_mA",
              source: "ASSUMED: the brief names no LED current; 20 mA is a standard LED's rating",
              max: 20,
              unit: "mA",
            },
          ],
        },
      },
    ],
  },
  finish("Added the budgets."),
];

async function stage(repo: string, turns: ScriptedTurn[], extra: { fresh?: boolean } = {}) {
  const provider = new ScriptedProvider(turns);
  const result = await runStage({
    repo,
    stage: "spec",
    provider: async () => provider,
    env: {},
    ...extra,
  });
  return { result, provider };
}

function ran(result: StageRunResult) {
  if (result.action !== "ran") throw new Error(`expected a run, got ${result.action}`);
  return result;
}

async function failedOnce() {
  const made = await gitRepo({ "brief.md": BRIEF });
  repos.push(made.done);
  const base = (await git(made.repo, ["rev-parse", "HEAD"])).trim();
  const first = ran((await stage(made.repo, noBudgets)).result);
  return { repo: made.repo, base, first };
}

describe("a stage attempt whose gate failed", () => {
  it("is not rolled back: the work stays in the tree and on its WIP ref, only the trail is committed", async () => {
    const { repo, base, first } = await failedOnce();
    expect(first.result.verdict).toBe("gate-failed");
    expect(first.result.kept).toBe(true);
    expect(first.outcome.verdict).toBe("fail");
    expect(first.outcome.evidence.find((e) => !e.ok)?.check).toBe("budgets-section");
    expect(await readFile(join(repo, "docs/SPEC.md"), "utf8")).toBe("# Spec\n\nA blinker.\n");
    expect(await git(repo, ["stash", "list"])).toBe("");
    const files = (await git(repo, ["show", "--name-only", "--format=", "HEAD"]))
      .trim()
      .split("\n");
    expect(
      files.every(
        (f) =>
          f.startsWith(".copperhead/runs/spec/1/") ||
          f === ".copperhead/runs/spec/row.json" ||
          f === ".copperhead/events.jsonl" ||
          f === ".gitattributes",
      ),
    ).toBe(true);
    expect((await git(repo, ["rev-parse", "HEAD^"])).trim()).toBe(base);
    const trailers = await git(repo, ["log", "-1", "--format=%(trailers:only,unfold)"]);
    expect(trailers).toContain("Copperhead-Kept: refs/copperhead/wip/spec/1");
    expect(await git(repo, ["show", "refs/copperhead/wip/spec/1:docs/SPEC.md"])).toBe(
      "# Spec\n\nA blinker.\n",
    );
    // The outcome lists what the committed tree does not hold: the kept files, by hash.
    expect(first.outcome.artifacts.map((a) => a.path)).toContain("docs/SPEC.md");
  });

  it("the next attempt builds on it, is told what failed, and its pass commits both attempts' work once", async () => {
    const { repo, first } = await failedOnce();
    const second = ran((await stage(repo, addBudgets)).result);
    expect(second.result.verdict).toBe("passed");
    expect(second.kept.carried?.paths).toEqual(
      expect.arrayContaining(["docs/SPEC.md", "openspec/changes/spec-purpose/proposal.md"]),
    );
    expect(second.kept.reapplied).toBeUndefined();
    expect(await git(repo, ["show", "HEAD:docs/SPEC.md"])).toBe(
      "# Spec\n\nA blinker.\n\n## Budgets\n\n- Supply (`power.supply_V`): 3.3 V (brief).\n- LED current (`power.led_current_mA`): ASSUMED: 20 mA at most.\n",
    );
    const files = (await git(repo, ["show", "--name-only", "--format=", "HEAD"]))
      .trim()
      .split("\n");
    expect(files).toEqual(
      expect.arrayContaining([
        "docs/SPEC.md",
        "openspec/changes/spec-purpose/proposal.md",
        "openspec/changes/spec-budgets/proposal.md",
      ]),
    );
    expect((await git(repo, ["rev-parse", "HEAD^"])).trim()).toBe(first.result.commit);
    const prompt = (await readFile(join(repo, ".copperhead/runs/spec/2/transcript.jsonl"), "utf8"))
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l))
      .find((l) => l.type === "prompt");
    expect(prompt.prompt).toContain(
      "Attempt 1 ended failed. What failed:\n- budgets-section: no heading named Budget(s)",
    );
    expect(prompt.prompt).toContain("The previous attempt's work is in the tree: build on it");
    expect(await git(repo, ["status", "--porcelain"])).toBe("");
  });

  it("a failed retry stashes both attempts' work and puts the kept work back: the tree equals the snapshot", async () => {
    const { repo } = await failedOnce();
    const before = await treeState(repo, TRAIL);
    const broken = [
      ...unlock("spec-budgets"),
      { tools: [], error: { kind: "provider" as const, message: "529 overloaded" } },
    ];
    const second = ran((await stage(repo, broken)).result);
    expect(second.result.verdict).toBe("run-failed");
    expect(await treeState(repo, TRAIL)).toEqual(before);
    expect(second.result.stash?.paths).toEqual(
      expect.arrayContaining(["docs/SPEC.md", "openspec/changes/spec-budgets/proposal.md"]),
    );
    // The trail commit names the kept work again, so a third attempt still builds on it.
    expect(
      (await git(repo, ["log", "-1", "--format=%(trailers:key=Copperhead-Kept,valueonly)"])).trim(),
    ).toBe("refs/copperhead/wip/spec/1");
    const third = ran((await stage(repo, addBudgets)).result);
    expect(third.kept.carried?.ref).toBe("refs/copperhead/wip/spec/1");
    expect(third.result.verdict).toBe("passed");
  });

  it("a fresh clone without the work in its tree gets it back from the WIP ref; --fresh starts over", async () => {
    const { repo } = await failedOnce();
    const cloneOf = async (name: string) => {
      const clone = join(repo, "..", `${name}-${Date.now()}`);
      await git(repo, ["clone", "-q", repo, clone]);
      repos.push(async () => {
        await import("node:fs/promises").then((fs) =>
          fs.rm(clone, { recursive: true, force: true }),
        );
      });
      await git(clone, ["config", "user.name", "Copperhead Test"]);
      await git(clone, ["config", "user.email", "test@copperhead.invalid"]);
      await git(clone, ["fetch", "-q", "origin", "refs/copperhead/wip/*:refs/copperhead/wip/*"]);
      return clone;
    };
    const runner = await cloneOf("runner");
    const carried = ran((await stage(runner, addBudgets)).result);
    expect(carried.kept.reapplied).toBe(true);
    expect(carried.result.verdict).toBe("passed");
    expect(await git(runner, ["show", "HEAD:docs/SPEC.md"])).toContain("A blinker.\n\n## Budgets");

    const fresh = await cloneOf("fresh");
    const over = ran((await stage(fresh, noBudgets, { fresh: true })).result);
    expect(over.kept.carried).toBeUndefined();
  });

  it("a fix a person pushed on top of the trail is built on: the kept work is set aside and the prompt says so", async () => {
    const { repo } = await failedOnce();
    const runner = join(repo, "..", `pushed-${Date.now()}`);
    await git(repo, ["clone", "-q", repo, runner]);
    repos.push(() =>
      import("node:fs/promises").then((fs) => fs.rm(runner, { recursive: true, force: true })),
    );
    await git(runner, ["config", "user.name", "Copperhead Test"]);
    await git(runner, ["config", "user.email", "test@copperhead.invalid"]);
    await git(runner, ["fetch", "-q", "origin", "refs/copperhead/wip/*:refs/copperhead/wip/*"]);
    await import("node:fs/promises").then((fs) =>
      fs.mkdir(join(runner, "docs"), { recursive: true }),
    );
    await writeFile(
      join(runner, "docs/SPEC.md"),
      "# Spec\n\nA blinker, as the engineer wants it.\nA blinker.\n",
    );
    await git(runner, ["add", "docs/SPEC.md"]);
    await git(runner, ["commit", "-qm", "spec: my own wording"]);
    const mine = (await git(runner, ["rev-parse", "HEAD"])).trim();
    const second = ran((await stage(runner, addBudgets)).result);
    expect(second.kept).toEqual({
      superseded: { ref: "refs/copperhead/wip/spec/1", paths: ["docs/SPEC.md"] },
    });
    const prompt = (
      await readFile(join(runner, ".copperhead/runs/spec/2/transcript.jsonl"), "utf8")
    )
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l))
      .find((l) => l.type === "prompt");
    expect(prompt.prompt).toContain(
      "Since the previous attempt, commits on the branch changed docs/SPEC.md: start from the committed files",
    );
    expect(prompt.prompt).not.toContain("The previous attempt's work is in the tree");
    expect(await git(runner, ["merge-base", "--is-ancestor", mine, "HEAD"])).toBe("");
    expect(await git(runner, ["show", "HEAD:docs/SPEC.md"])).toContain("as the engineer wants it");
    // The kept attempt's other file was never put back beside the person's version.
    expect(await git(runner, ["ls-files", "openspec/changes/spec-purpose"])).toBe("");
  });

  it("an edit of the kept work by hand is the person's: the next attempt refuses it and touches nothing", async () => {
    const { repo } = await failedOnce();
    await writeFile(join(repo, "docs/SPEC.md"), "# Spec\n\nMy own rewrite.\n");
    const before = await treeState(repo);
    const refused = await stage(repo, addBudgets).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DirtyTreeError);
    expect((refused as Error).message).toMatch(
      /^docs\/SPEC\.md is untracked and owned by the spec stage/,
    );
    expect(await treeState(repo)).toEqual(before);
  });

  it("a person's untracked file on a path the stage owns is refused, not silently left out of its commit", async () => {
    const made = await gitRepo({ "brief.md": BRIEF });
    repos.push(made.done);
    await writeFile(join(made.repo, "brief.md.orig"), "mine\n");
    await import("node:fs/promises").then((fs) => fs.mkdir(join(made.repo, "docs")));
    await writeFile(join(made.repo, "docs/SPEC.md"), "# my draft\n");
    const refused = await stage(made.repo, noBudgets).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DirtyTreeError);
    expect(describeError(refused)).toBe(
      "docs/SPEC.md is untracked and owned by the spec stage; copperhead stage spec will not write over a file that is yours — commit it (the stage then builds on it) or move it out of the repository, then run copperhead stage spec again",
    );
    expect(await readFile(join(made.repo, "docs/SPEC.md"), "utf8")).toBe("# my draft\n");
  });
});

describe("what a stage attempt leaves for create", () => {
  const rowOf = async (repo: string) =>
    stageRowSchema.parse(
      JSON.parse(await readFile(join(repo, ".copperhead/runs/spec/row.json"), "utf8")),
    );

  it("its report row: committed with the attempt, failed after a gate failure, resumed when the next attempt passes on it", async () => {
    const { repo, first } = await failedOnce();
    expect(first.row).toMatchObject({ stage: "spec", status: "failed", verdict: "fail" });
    expect(first.row.attempts).toEqual([1]);
    expect(await git(repo, ["show", "HEAD:.copperhead/runs/spec/row.json"])).toBe(
      `${JSON.stringify(first.row, null, 2)}\n`,
    );
    const second = ran((await stage(repo, addBudgets)).result);
    const row = await rowOf(repo);
    expect(row).toEqual(second.row);
    expect(row).toMatchObject({ status: "resumed", verdict: "pass", attempts: [2], turns: 5 });
    expect(row.tokensOut).toBe(second.outcome.cost.tokensOut);
    expect(row.tokensOut).toBeGreaterThan(0);
    expect(row.renders).toEqual([]);
    expect(await git(repo, ["status", "--porcelain"])).toBe("");
  });

  it("a diagnosis's guidance is the first thing the retry's prompt says; a carry adds the earlier spend", async () => {
    const { repo } = await failedOnce();
    const provider = new ScriptedProvider(addBudgets);
    const result = ran(
      await runStage({
        repo,
        stage: "spec",
        provider: async () => provider,
        env: {},
        guidance: { afterAttempt: 1, text: "Add a Budgets section and record its constraint." },
        carry: {
          attempts: [1],
          wallMs: 1000,
          turns: 5,
          tokensIn: 10,
          tokensOut: 20,
          cacheHits: 0,
          diagnoses: [],
          resumed: false,
        },
      }),
    );
    expect(result.result.verdict).toBe("passed");
    const prompt = (await readFile(join(repo, ".copperhead/runs/spec/2/transcript.jsonl"), "utf8"))
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l))
      .find((l) => l.type === "prompt");
    expect(prompt.prompt).toMatch(
      /^Guidance from the diagnosis of attempt 1, which failed:\nAdd a Budgets section and record its constraint\.\n\nRun the spec stage, attempt 2:/,
    );
    expect(result.row).toMatchObject({ status: "ran", attempts: [1, 2], turns: 5 + 5 });
    expect(result.row.tokensOut).toBe(20 + result.outcome.cost.tokensOut);
  });

  it("adopt: a person's edit of what the stage owns becomes its result without a model: an adopted pass, its trailer and row", async () => {
    const { repo } = await failedOnce();
    ran((await stage(repo, addBudgets)).result);
    const spec = await readFile(join(repo, "docs/SPEC.md"), "utf8");
    await writeFile(
      join(repo, "docs/SPEC.md"),
      spec.replace("A blinker.", "A blinker, reviewed by hand."),
    );
    await git(repo, ["commit", "-qam", "spec reviewed"]);
    const never = async () => {
      throw new Error("an adoption must not make a provider");
    };
    const adopted = ran(
      await runStage({ repo, stage: "spec", provider: never, env: {}, adopt: true }),
    );
    expect(adopted.result.verdict).toBe("passed");
    expect(adopted.provider).toBe("adopted");
    expect(adopted.row).toMatchObject({ status: "adopted", verdict: "pass", turns: 0 });
    expect(adopted.result.work?.summary).toBe(
      "Adopted docs/SPEC.md as they are: the spec gate passes on them",
    );
    const trailers = await git(repo, ["log", "-1", "--format=%(trailers:only,unfold)"]);
    expect(trailers).toContain("Copperhead-Adopted: yes");
    expect(trailers).toContain("Copperhead-Provider: adopted");
    const log = (await readFile(join(repo, ".copperhead/events.jsonl"), "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(log.at(-1)).toMatchObject({ type: "outcome", verdict: "pass", adopted: true });
    expect(await git(repo, ["status", "--porcelain"])).toBe("");
  });
});
