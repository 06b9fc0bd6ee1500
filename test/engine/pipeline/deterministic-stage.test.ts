import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CopperheadError } from "../../../engine/errors.js";
import { buildFlowGraph } from "../../../engine/flow/graph.js";
import type { StageDeclaration } from "../../../engine/flow/stage.js";
import { runStage } from "../../../engine/pipeline/run-stage.js";
import { git } from "../../../engine/repo/git.js";
import { gitRepo } from "../agent/acceptance/git-repo.js";

const repos: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const done of repos) await done();
});

/** A stage that needs no model: its `run` writes what its gate checks. */
function exportStage(run: StageDeclaration["run"]): StageDeclaration {
  return {
    name: "export",
    summary: "write the export files deterministically",
    inputs: ["brief.md"],
    outputs: ["out/"],
    tools: ["files"],
    turnBudget: 1,
    prompt: "stages/outputs/prompt.md",
    run,
    gate: async ({ repo }) => {
      const text = await readFile(join(repo, "out/board.txt"), "utf8").catch(() => "");
      return [
        { check: "board-exported", ok: text.length > 0, detail: text ? "written" : "missing" },
      ];
    },
  };
}

const noModel = async () => {
  throw new Error("a deterministic stage must never ask for a model");
};

describe("a stage with a deterministic run", () => {
  it("runs its code instead of the agent, is gated, and commits once; no provider is made", async () => {
    const made = await gitRepo({ "brief.md": "# Board\n" });
    repos.push(made.done);
    const graph = buildFlowGraph([
      exportStage(async ({ repo }) => {
        await mkdir(join(repo, "out"));
        await writeFile(join(repo, "out/board.txt"), "exported\n");
        return { summary: "Exported the board." };
      }),
    ]);
    const result = await runStage({
      repo: made.repo,
      stage: "export",
      provider: noModel,
      env: {},
      graph,
    });
    if (result.action !== "ran") throw new Error(result.action);
    expect(result.result.verdict).toBe("passed");
    expect(result.provider).toBe("deterministic");
    expect(result.outcome.cost).toMatchObject({ turns: 0, tokensIn: 0, tokensOut: 0 });
    expect(await git(made.repo, ["show", "HEAD:out/board.txt"])).toBe("exported\n");
    expect(
      await git(made.repo, ["log", "-1", "--format=%(trailers:key=Copperhead-Provider,valueonly)"]),
    ).toBe("deterministic\n\n");
    // The changelog entry is owed by any run that changed files.
    expect(await git(made.repo, ["show", "HEAD:docs/CHANGELOG.md"])).toContain(
      "- [export #1] Exported the board.",
    );
  });

  it("a CopperheadError from its run is a failed run: stashed, the tree restored, recorded as a fail", async () => {
    const made = await gitRepo({ "brief.md": "# Board\n" });
    repos.push(made.done);
    const graph = buildFlowGraph([
      exportStage(async ({ repo }) => {
        await mkdir(join(repo, "out"));
        await writeFile(join(repo, "out/half.txt"), "half\n");
        throw new CopperheadError(
          "kicad-cli could not export the drill file",
          "check the board loads",
        );
      }),
    ]);
    const result = await runStage({
      repo: made.repo,
      stage: "export",
      provider: noModel,
      env: {},
      graph,
    });
    if (result.action !== "ran") throw new Error(result.action);
    expect(result.result.verdict).toBe("run-failed");
    expect(result.outcome.verdict).toBe("fail");
    expect(result.outcome.evidence[0]?.detail).toBe(
      "the run ended run-error: kicad-cli could not export the drill file — check the board loads",
    );
    expect(await stat(join(made.repo, "out")).catch(() => undefined)).toBeUndefined();
    expect(await git(made.repo, ["show", `${result.result.wip?.commit}:out/half.txt`])).toBe(
      "half\n",
    );
  });
});
