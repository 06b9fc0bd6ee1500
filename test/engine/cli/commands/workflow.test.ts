import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { expr } from "../../../../engine/workflow/job-steps.js";
import { actionlint } from "../../../helpers/actionlint.js";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";
import { builtCli } from "../../../helpers/packed-cli.js";
import { runBin } from "../../../helpers/run-bin.js";
import { parseWorkflow, runLines } from "../../workflow/workflow-shape.js";

let bin: string;
beforeAll(async () => {
  bin = (await builtCli()).bin;
}, 300_000);

const KINDS = [
  ["design", "copperhead.yml"],
  ["check", "copperhead-check.yml"],
  ["pr", "copperhead-pr.yml"],
] as const;

async function generated(kind?: string): Promise<string> {
  const run = await runBin(bin, ["workflow", ...(kind ? [kind] : [])], { cwd: REPO_ROOT });
  expect(run.exitCode, run.stderr).toBe(0);
  return run.stdout;
}

const OPEN = expr("x").slice(0, 3);

/** Text that a person other than the repository's writers controls, or a dispatcher chose. */
const UNTRUSTED = /\$\{\{[^}]*(github\.event\.|inputs\.|github\.head_ref|\.title|\.body)/;

describe("copperhead workflow, through the built CLI", () => {
  it("prints the three workflows exactly as committed in docs/workflows/ (regenerate them when this fails)", async () => {
    for (const [kind, file] of KINDS) {
      const committed = await readFile(join(REPO_ROOT, "docs/workflows", file), "utf8");
      expect(await generated(kind), `docs/workflows/${file}`).toBe(committed);
    }
    expect(await generated()).toBe(await generated("design"));
  });

  it("actionlint is clean on the generated workflows, the release workflow and this project's own", async () => {
    const own = (await readdir(join(REPO_ROOT, ".github/workflows"))).filter((f) =>
      f.endsWith(".yml"),
    );
    expect(own.sort()).toEqual(["ci.yml", "release.yml"]);
    const files: Array<[string, string]> = [];
    for (const [kind, file] of KINDS)
      files.push([`.github/workflows/${file}`, await generated(kind)]);
    for (const file of own) {
      files.push([
        `.github/workflows/${file}`,
        await readFile(join(REPO_ROOT, ".github/workflows", file), "utf8"),
      ]);
    }
    for (const [path, text] of files) expect(await actionlint(text, path), path).toEqual([]);
  });

  it("no workflow — generated or this project's — and not action.yml interpolates dispatch-, PR- or issue-controlled text into a run: line; inputs reach scripts through env only", async () => {
    const texts: Array<[string, string]> = [];
    for (const [kind, file] of KINDS) texts.push([file, await generated(kind)]);
    for (const file of ["ci.yml", "release.yml"]) {
      texts.push([file, await readFile(join(REPO_ROOT, ".github/workflows", file), "utf8")]);
    }
    let runs = 0;
    for (const [file, text] of texts) {
      for (const { where, run } of runLines(parseWorkflow(text))) {
        runs++;
        expect(run, `${file} ${where}`).not.toMatch(UNTRUSTED);
        expect(run, `${file} ${where}`).not.toContain(OPEN);
      }
      // The untrusted values the generated files do use sit in env:, with:, run-name or if:.
      if (file.startsWith("copperhead")) expect(text).toMatch(UNTRUSTED);
    }
    expect(runs).toBeGreaterThan(18);
    const action = parse(await readFile(join(REPO_ROOT, "action.yml"), "utf8"));
    for (const step of action.runs.steps as Array<{ run?: string }>) {
      expect(step.run ?? "").not.toContain(OPEN);
    }
    // The check itself can fail: a run line with an input is caught.
    expect(`copperhead stage ${expr("inputs.stage")}`).toMatch(UNTRUSTED);
    expect(`echo ${expr("github.event.pull_request.title")}`).toMatch(UNTRUSTED);
  });

  it("the fork pull-request workflow runs with a read-only token and no secret; the check workflow needs none either", async () => {
    const pr = await generated("pr");
    const workflow = parseWorkflow(pr);
    expect(Object.keys(workflow.on)).toEqual(["pull_request"]);
    expect(workflow.permissions).toEqual({ contents: "read" });
    expect(pr).not.toMatch(/secrets\.|: write|pull_request_target|github\.token/);
    const job = workflow.jobs.check!;
    expect(job.if).toBe("github.event.pull_request.head.repo.full_name != github.repository");
    expect(job.steps[0]!.with).toMatchObject({
      ref: expr("github.event.pull_request.head.sha"),
      "persist-credentials": false,
    });
    expect(job.steps.map((s) => s.uses ?? s.run)).toEqual([
      "actions/checkout@v6",
      "copperhead job check-result --out check-result.json",
      "actions/upload-artifact@v6",
      "copperhead job diff-result --out copperhead-diff",
      "actions/upload-artifact@v6",
    ]);
    // The design diff against the PR's base, that base given through env like every input.
    expect(job.steps[3]!.env).toEqual({
      COPPERHEAD_SHA: expr("github.event.pull_request.head.sha"),
      COPPERHEAD_PR: expr("github.event.pull_request.number"),
      COPPERHEAD_BASE: expr("github.event.pull_request.base.sha"),
    });
    const check = await generated("check");
    expect(check).not.toMatch(/secrets\.|: write/);
    expect(parseWorkflow(check)["run-name"]).toBe(
      `copperhead check ${expr("inputs.sha")} [${expr("inputs.request_id")}]`,
    );
    expect(Object.keys(parseWorkflow(check).on.workflow_dispatch!.inputs!)).toEqual([
      "sha",
      "pr",
      "request_id",
    ]);
  });

  it("--image and --action change the pins; anything that is not a plain reference is refused (exit 2)", async () => {
    const run = await runBin(
      bin,
      [
        "workflow",
        "--image",
        "ghcr.io/acme/copperhead:9.9.9",
        "--action",
        "acme/copperhead@v9.9.9",
      ],
      { cwd: REPO_ROOT },
    );
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain("image: ghcr.io/acme/copperhead:9.9.9");
    expect(run.stdout).toContain("uses: acme/copperhead@v9.9.9");
    for (const bad of [
      ["--image", `ghcr.io/a/b:1 # ${expr("secrets.X")}`],
      ["--action", "acme/x@v1\n      run: evil"],
      ["nope"],
    ]) {
      const refused = await runBin(bin, ["workflow", ...bad], { cwd: REPO_ROOT });
      expect(refused.exitCode, bad.join(" ")).toBe(2);
      expect(refused.stdout).toBe("");
    }
    const unknown = await runBin(bin, ["workflow", "nope"], { cwd: REPO_ROOT });
    expect(unknown.stderr).toContain(
      "use one of: design (copperhead.yml), check (copperhead-check.yml), pr (copperhead-pr.yml)",
    );
  });
});
