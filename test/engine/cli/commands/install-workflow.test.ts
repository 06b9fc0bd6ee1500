import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { git } from "../../../../engine/repo/git.js";
import { defaultSettings, parseSettings } from "../../../../engine/workflow/settings.js";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";
import { builtCli } from "../../../helpers/packed-cli.js";
import { runBin } from "../../../helpers/run-bin.js";
import { treeState } from "../../../helpers/tree-state.js";
import { gitRepo } from "../../agent/acceptance/git-repo.js";

const WORKFLOWS = ["copperhead.yml", "copperhead-check.yml", "copperhead-pr.yml"];

let bin: string;
const cleanups: Array<() => Promise<void>> = [];
beforeAll(async () => {
  bin = (await builtCli()).bin;
}, 300_000);
afterAll(async () => {
  for (const done of cleanups) await done();
});

async function hardwareRepo(files: Record<string, string> = { "README.md": "# a board\n" }) {
  const made = await gitRepo(files);
  cleanups.push(made.done);
  return made.repo;
}
const install = (repo: string, ...args: string[]) =>
  runBin(bin, ["install-workflow", ...args], { cwd: repo });
const read = (repo: string, path: string) => readFile(join(repo, path), "utf8");

describe("copperhead install-workflow, through the built CLI", () => {
  it("writes the three workflows as generated, the default settings and the logs' merge=union, prints the secrets; a second run changes nothing", async () => {
    const repo = await hardwareRepo();
    const run = await install(repo);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      [
        "created   .github/workflows/copperhead.yml",
        "created   .github/workflows/copperhead-check.yml",
        "created   .github/workflows/copperhead-pr.yml",
        "created   .github/copperhead.yml",
      ].join("\n"),
    );
    for (const secret of ["COPPERHEAD_APP_ID", "COPPERHEAD_APP_PRIVATE_KEY", "ANTHROPIC_API_KEY"]) {
      expect(run.stdout).toMatch(new RegExp(`^  ${secret} `, "m"));
    }
    // The committed copies are tested equal to `copperhead workflow` (workflow.test.ts).
    for (const file of WORKFLOWS) {
      expect(await read(repo, `.github/workflows/${file}`)).toBe(
        await read(REPO_ROOT, `docs/workflows/${file}`),
      );
    }
    const settingsText = await read(repo, ".github/copperhead.yml");
    expect(parseSettings(parse(settingsText))).toEqual(defaultSettings);
    const attributes = (await read(repo, ".gitattributes")).split("\n");
    for (const log of [".copperhead/events.jsonl", "docs/DECISIONS.md", "docs/CHANGELOG.md"]) {
      expect(attributes).toContain(`${log} merge=union`);
    }
    expect(run.stdout).toMatch(/^updated {3}\.gitattributes \(merge=union for /m);

    await git(repo, ["add", "-A"]);
    await git(repo, ["commit", "-qm", "install"]);
    const before = await treeState(repo);
    const again = await install(repo);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toContain("unchanged .github/workflows/copperhead.yml");
    expect(again.stdout).toContain("kept      .github/copperhead.yml");
    expect(again.stdout).not.toContain(".gitattributes (");
    expect(await treeState(repo)).toEqual(before);
  }, 120_000);

  it("never loses the person's work: a differing workflow is refused without --force, and with it while uncommitted; their settings are kept", async () => {
    const repo = await hardwareRepo();
    expect((await install(repo)).exitCode).toBe(0);
    const mine = "name: copperhead\n# my tweaks\n";
    const settings = "label: board-brief\nstages: [spec, architecture]\n";
    await writeFile(join(repo, ".github/workflows/copperhead.yml"), mine);
    await writeFile(join(repo, ".github/copperhead.yml"), settings);
    await git(repo, ["add", "-A"]);
    await git(repo, ["commit", "-qm", "my workflow"]);
    const committed = await treeState(repo);

    const refused = await install(repo);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(
      ".github/workflows/copperhead.yml differs from what this copperhead generates",
    );
    expect(refused.stderr).toContain("copperhead install-workflow --force");
    expect(await treeState(repo)).toEqual(committed);

    const edited = `${mine}# not committed yet\n`;
    await writeFile(join(repo, ".github/workflows/copperhead.yml"), edited);
    const unsaved = await install(repo, "--force");
    expect(unsaved.exitCode).toBe(2);
    expect(unsaved.stderr).toContain("has changes that are not committed; --force would lose them");
    expect(await read(repo, ".github/workflows/copperhead.yml")).toBe(edited);

    await git(repo, ["checkout", "--", ".github/workflows/copperhead.yml"]);
    const forced = await install(repo, "--force");
    expect(forced.exitCode, forced.stderr).toBe(0);
    expect(forced.stdout).toContain("updated   .github/workflows/copperhead.yml");
    expect(await read(repo, ".github/workflows/copperhead.yml")).toBe(
      await read(REPO_ROOT, "docs/workflows/copperhead.yml"),
    );
    expect(await git(repo, ["show", "HEAD:.github/workflows/copperhead.yml"])).toBe(mine);
    expect(await read(repo, ".github/copperhead.yml")).toBe(settings);
  }, 120_000);

  it("with stray arguments it says what to do and writes nothing", async () => {
    const repo = await hardwareRepo();
    const stray = await install(repo, "now");
    expect(stray.exitCode).toBe(2);
    expect(stray.stderr).toContain("unexpected arguments: now");
    expect(await git(repo, ["status", "--porcelain"])).toBe("");
  }, 60_000);
});
