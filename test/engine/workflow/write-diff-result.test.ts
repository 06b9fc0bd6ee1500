import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diffResultSchema } from "../../../engine/workflow/diff-result.js";
import { builtCli } from "../../helpers/packed-cli.js";
import { runBin } from "../../helpers/run-bin.js";
import { type DemoRepo, demoRepo } from "../diff/helpers/demo-repo.js";
import { seeded } from "../diff/helpers/design-files.js";
import { type Planted, plantValueChange } from "../diff/helpers/plant-edits.js";

const ENV = { GITHUB_REPOSITORY: "octo-org/octo-repo" };

let repo: DemoRepo;
let edit: Planted;
let base: string;
let head: string;
beforeAll(async () => {
  repo = await demoRepo("pic_programmer");
  base = (await repo.git(["rev-parse", "HEAD"])).trim();
  edit = (await plantValueChange(repo.files, "pic_programmer.kicad_sch", seeded(11)))!;
  await repo.write(edit.files, [edit.file]);
  head = await repo.commit("the schematic stage's commit");
}, 300_000);
afterAll(async () => {
  await repo?.remove();
});

async function job(args: string[], env: Record<string, string>) {
  return runBin((await builtCli()).bin, ["job", "diff-result", ...args], {
    cwd: repo.dir,
    env: { ...ENV, ...env },
    timeoutMs: 300_000,
  });
}

describe("copperhead job diff-result, through the built CLI on KiCad's pic_programmer", () => {
  // ~40 s on the shared machine: kicad-cli renders both revisions of a real two-page demo.
  it("--parent: the stage commit against its parent, as an artifact folder: diff-result.json naming bare PNG files beside it", async () => {
    await writeFile(join(repo.dir, "github-output"), "");
    const run = await job(
      ["--out", "out/diff", "--parent", "--stage", "schematic", "--no-checks"],
      {
        GITHUB_OUTPUT: join(repo.dir, "github-output"),
      },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toContain(`diffed ${base.slice(0, 12)} → ${head.slice(0, 12)}: 1 change(s)`);
    expect(await readFile(join(repo.dir, "github-output"), "utf8")).toContain("result-path");
    const dir = join(repo.dir, "out/diff");
    const result = diffResultSchema.parse(
      JSON.parse(await readFile(join(dir, "diff-result.json"), "utf8")),
    );
    expect(result).toMatchObject({
      repository: "octo-org/octo-repo",
      sha: head,
      base,
      pr: null,
      stage: "schematic",
    });
    expect(result.report.schematic.changes).toEqual([edit.expected]);
    expect(result.report.board.changes).toEqual([]);
    expect(result.report.checks).toBeNull();
    const named = (result.report.pictures ?? []).flatMap((p) => [p.overview, ...p.crops]);
    expect(named.length).toBeGreaterThan(1);
    const files = await readdir(dir);
    expect(files.sort()).toEqual(["diff-result.json", ...named].sort());
    for (const name of named) {
      const png = await readFile(join(dir, name));
      expect(png.subarray(0, 4).toString("hex"), name).toBe("89504e47");
    }
  }, 300_000);

  it("a checkout that is not COPPERHEAD_SHA, or a base not in the clone, leaves no artifact and does not fail the job", async () => {
    const wrong = await job(["--out", "out/wrong"], {
      COPPERHEAD_SHA: base,
      COPPERHEAD_PR: "5",
      COPPERHEAD_BASE: base,
    });
    expect(wrong.exitCode).toBe(0);
    expect(wrong.stderr).toContain(`no design diff: the checkout is at ${head.slice(0, 12)}`);
    const missing = await job(["--out", "out/missing"], {
      COPPERHEAD_SHA: head,
      COPPERHEAD_PR: "5",
      COPPERHEAD_BASE: "f".repeat(40),
    });
    expect(missing.exitCode).toBe(0);
    expect(missing.stderr).toContain("no design diff:");
    expect((await readdir(join(repo.dir, "out"))).sort()).toEqual(["diff"]);
  }, 300_000);

  it("refuses what the workflow never sets: a bad base or --out path is a usage error (exit 2)", async () => {
    const bad = await job(["--out", "../elsewhere"], {});
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain("--out must be a relative path in the repository");
    const base = await job([], { COPPERHEAD_BASE: "main; rm -rf /" });
    expect(base.exitCode).toBe(2);
    expect(base.stderr).toContain("COPPERHEAD_BASE");
  });
});
