import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../helpers/fixture-project.js";
import { modulesLoaded } from "../../helpers/loaded-modules.js";
import { builtCli } from "../../helpers/packed-cli.js";
import { gitRepo } from "../agent/acceptance/git-repo.js";

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const done of cleanups) await done();
});

// `copperhead stage` that skips a valid stage or refuses a blocked one (the local runner and
// the Action spawn it for every job) needs the flow's state, not the attempt machinery, the
// agent loop and its tools: those were ~450 modules and half of such a spawn's CPU.
describe("copperhead stage's imports", () => {
  it("a refused stage loads run-stage and the flow's state, not the attempt, the agent loop, its tools or the KiCad drafting", async () => {
    const { bin } = await builtCli();
    const brief = await readFile(join(REPO_ROOT, "examples/usb-c-breakout/brief.md"), "utf8");
    const made = await gitRepo({ "brief.md": brief });
    cleanups.push(made.done);
    const run = await modulesLoaded([bin, "stage", "layout"], { cwd: made.repo });
    expect(run.stderr).toMatch(/refused: layout needs .*schematic \(missing\) to be valid first/);
    expect(run.exitCode).toBe(5);
    const ours = run.loaded
      .filter((u) => !u.includes("/node_modules/"))
      .map((u) => u.slice(u.indexOf("/dist/") + 1));
    expect(ours).toContain("dist/engine/pipeline/run-stage.js");
    expect(ours).toContain("dist/engine/flow/read-flow.js");
    expect(
      ours.filter((u) =>
        /^dist\/engine\/(pipeline\/(stage-)?attempt\.js|agent\/(loop|ledger)\/|agent\/tools\/(all-tools|families)\.js|kicad\/(draft|schematic|board|layout\/route)\/)/.test(
          u,
        ),
      ),
    ).toEqual([]);
  });
});
