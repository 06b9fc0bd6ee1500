import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseOutcome } from "../../../engine/flow/read-outcome.js";
import { git } from "../../../engine/repo/git.js";
import { REPO_ROOT } from "../../helpers/fixture-project.js";
import { builtCli } from "../../helpers/packed-cli.js";
import { runBin } from "../../helpers/run-bin.js";
import {
  type GitHubAppMock,
  mockGitHubApp,
  testApp,
} from "../../helpers/workflow-runner/github-app-mock.js";
import {
  demoBrief,
  type HardwareOrigin,
  hardwareOrigin,
} from "../../helpers/workflow-runner/hardware-origin.js";

const EXAMPLE = join(REPO_ROOT, "examples/usb-c-breakout");
const BRANCH = "copperhead/issue-12";

let bin: string;
let api: GitHubAppMock;
let h: HardwareOrigin | undefined;
beforeAll(async () => {
  bin = (await builtCli()).bin;
  api = mockGitHubApp("octo-org/octo-repo", testApp());
}, 300_000);
afterAll(async () => {
  api.done();
  await h?.remove();
});

describe("a KiCad stage in the design workflow, run by the local runner", () => {
  it("the upstream adopted from hand-written docs, a dispatch skips spec, architecture and parts as valid and runs schematic with the real kicad-cli in the job's fresh HOME; its commit, outcome and summary land", async () => {
    const upstream = Object.fromEntries(
      await Promise.all(
        ["docs/SPEC.md", "docs/SUBSYSTEMS.md", "docs/BOM.md", ".copperhead/constraints.json"].map(
          async (f) => [f, await readFile(join(EXAMPLE, "upstream", f), "utf8")],
        ),
      ),
    );
    h = await hardwareOrigin({
      bin,
      branch: BRANCH,
      design: { "brief.md": await demoBrief(), ...upstream },
      settings: "stages: [spec, architecture, parts, schematic]\n",
    });
    // The person adopts what their hand-written docs already satisfy, commits and pushes.
    const adopt = await runBin(bin, ["next", "--adopt"], { cwd: h.person });
    expect(adopt.stdout, adopt.stderr).toContain("adopted parts");
    await git(h.person, ["add", "-A"]);
    await git(h.person, ["commit", "-qm", "adopt the hand-written docs"]);
    await git(h.person, ["push", "-q", "origin", BRANCH]);
    const base = await h.tip(BRANCH);

    const run = await h.dispatch(BRANCH, {
      env: { COPPERHEAD_PROVIDER: "scripted", COPPERHEAD_SCRIPT: join(EXAMPLE, "sessions") },
    });
    const schematic = run.jobs.get("schematic")!;
    expect(schematic.conclusion, schematic.log).toBe("success");
    expect(run.conclusion).toBe("success");
    for (const id of ["spec", "architecture", "parts"]) {
      expect(run.jobs.get(id)!.summary).toContain(`## copperhead / ${id}: valid, nothing to do`);
    }
    const commits = (await git(h.origin, ["log", "--format=%s", `${base}..refs/heads/${BRANCH}`]))
      .trim()
      .split("\n");
    expect(commits).toEqual([expect.stringMatching(/^copperhead\(schematic\): /)]);
    const outcome = parseOutcome(
      await git(h.origin, [
        "show",
        `refs/heads/${BRANCH}:.copperhead/runs/schematic/1/outcome.json`,
      ]),
      "outcome.json",
    );
    expect(outcome).toMatchObject({ stage: "schematic", verdict: "pass", commit: base });
    expect(outcome.evidence.find((e) => e.check === "erc-clean")).toMatchObject({
      ok: true,
      detail: "ERC on hardware/usb-c-5v-power-breakout.kicad_sch: 0 errors, 0 warnings",
    });
    expect(schematic.summary).toContain("## copperhead / schematic: passed");
    expect(schematic.summary).toContain("| `erc-clean` | ok |");
    expect(schematic.summary).toContain(`pushed 1 commit(s) of schematic to ${BRANCH}`);
    const files = await git(h.origin, ["ls-tree", "-r", "--name-only", `refs/heads/${BRANCH}`]);
    expect(files).toContain("hardware/usb-c-5v-power-breakout.kicad_sch");
    expect(api.refused).toEqual([]);
  }, 600_000);
});
