import { cp, mkdir, mkdtemp, readFile, realpath, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git } from "../../../engine/repo/git.js";
import { stages } from "../../../stages/registry.js";
import { LED_EXAMPLE, REPO_ROOT } from "../../helpers/fixture-project.js";
import { type PackedCli, packedCli } from "../../helpers/packed-cli.js";
import { runBin } from "../../helpers/run-bin.js";

// What a user installs: `npm pack` of the built checkout, `npm install`ed into a folder outside
// it, run through its `copperhead` bin on copies of the examples in fresh temp folders.
let cli: PackedCli;
let work: string;

beforeAll(async () => {
  cli = await packedCli();
  work = await realpath(await mkdtemp(join(tmpdir(), "copperhead-installed-")));
});
afterAll(() => rm(work, { recursive: true, force: true }));

const env = { COPPERHEAD_PROVIDER: undefined, ANTHROPIC_API_KEY: undefined };

describe("the packed and installed copperhead", () => {
  it("is installed outside the checkout, with every prompt a command loads", async () => {
    expect(cli.prefix.startsWith(REPO_ROOT)).toBe(false);
    const installed = join(cli.prefix, "node_modules/copperhead");
    const prompts = ["engine/agent/prompts/do.md", ...stages.map((s) => s.prompt)];
    for (const prompt of prompts) {
      expect(await readFile(join(installed, prompt), "utf8"), prompt).toBe(
        await readFile(join(REPO_ROOT, prompt), "utf8"),
      );
    }
    expect((await stat(join(installed, "dist/engine/cli/main.js"))).isFile()).toBe(true);
  });

  it("checks the LED example clean", async () => {
    const project = join(work, "check-led");
    await cp(LED_EXAMPLE, project, { recursive: true });
    const run = await runBin(cli.bin, ["check", "."], { cwd: project, env });
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("ERC: clean");
    expect(run.stdout).toContain("DRC: clean");
    expect(run.stdout.trimEnd().endsWith("check: ok")).toBe(true);
    expect(run.exitCode).toBe(0);
  });

  it("initialises the LED example, leaving its hand-written BOM and PINOUT alone", async () => {
    const project = join(work, "init-led");
    await cp(LED_EXAMPLE, project, { recursive: true });
    await git(project, ["init", "-q"]);
    const bom = await readFile(join(project, "docs/BOM.md"), "utf8");
    const run = await runBin(cli.bin, ["init"], { cwd: project, env });
    expect(run.stdout).toContain("created     docs/SPEC.md\n");
    expect(run.stdout).toContain("refused     docs/BOM.md\n");
    expect(run.stdout).toContain("refused     docs/PINOUT.md\n");
    expect(run.stdout).toMatch(/not adopted spec: budgets-section/);
    expect(run.stderr).toContain("left alone (edited by a person): docs/BOM.md, docs/PINOUT.md");
    expect(run.exitCode).toBe(1);
    expect(await readFile(join(project, "docs/BOM.md"), "utf8")).toBe(bom);
  });

  it("drafts the USB-C breakout intent into an ERC-clean sheet", async () => {
    const project = join(work, "draft-usb");
    await cp(join(REPO_ROOT, "examples/intents"), project, { recursive: true });
    const sheet = join(project, "usb.kicad_sch");
    const drafted = await runBin(
      cli.bin,
      ["draft", "--intent", "usb-c-breakout.intent.json", "--out", "usb.kicad_sch"],
      { cwd: project, env },
    );
    expect(drafted.stderr).toBe("");
    expect(drafted.exitCode, drafted.stdout).toBe(0);
    expect(await readFile(sheet, "utf8")).toContain('(generator "copperhead")');
    const erc = await runBin(cli.bin, ["erc", "usb.kicad_sch"], { cwd: project, env });
    expect(erc.stdout).toContain("ERC clean");
    expect(erc.exitCode).toBe(0);
  });

  it("lays out the drafted USB-C breakout: the pcbnew zone filler ships inside the package", async () => {
    const project = join(work, "layout-usb");
    await cp(join(REPO_ROOT, "examples/intents"), project, { recursive: true });
    await mkdir(join(project, ".copperhead"), { recursive: true });
    await cp(
      join(REPO_ROOT, "examples/layout/usb-c-breakout.constraints.json"),
      join(project, ".copperhead/constraints.json"),
    );
    const sheet = "hardware/usb-c-breakout.kicad_sch";
    const drafted = await runBin(
      cli.bin,
      ["draft", "--intent", "usb-c-breakout.intent.json", "--out", sheet],
      { cwd: project, env },
    );
    expect(drafted.exitCode, drafted.stdout).toBe(0);
    const board = "hardware/usb-c-breakout.kicad_pcb";
    const laid = await runBin(cli.bin, ["layout", "--board", board, "--place-only"], {
      cwd: project,
      env,
    });
    expect(laid.stderr).toBe("");
    expect(laid.exitCode, laid.stdout).toBe(0);
    expect(await readFile(join(project, board), "utf8")).toContain("(filled_polygon");
    const checked = await runBin(cli.bin, ["drc", board, "--schematic-parity", "--json"], {
      cwd: project,
      env,
    });
    const report = JSON.parse(checked.stdout);
    expect(report.violations).toEqual([]);
    expect(report.parity).toEqual([]);
    expect(report.unconnected.length).toBeGreaterThan(0);
  });

  it("runs `do` with the scripted provider through a validated proposal to a commit", async () => {
    const repo = join(work, "do-led");
    await cp(LED_EXAMPLE, repo, { recursive: true });
    await git(repo, ["init", "-q", "-b", "main"]);
    await git(repo, ["config", "user.name", "Copperhead Test"]);
    await git(repo, ["config", "user.email", "test@copperhead.invalid"]);
    await git(repo, ["add", "."]);
    await git(repo, ["commit", "-qm", "baseline"]);
    const baseline = (await git(repo, ["rev-parse", "HEAD"])).trim();
    const script = join(REPO_ROOT, "examples/scripts/write-note.json");
    const run = await runBin(
      cli.bin,
      ["do", "add a bring-up note", "--provider", "scripted", "--script", script],
      { cwd: repo, env },
    );
    expect(run.stderr).toContain("change add-bring-up-note validated");
    expect(run.stderr).toContain("edit tools unlocked");
    expect(run.exitCode, run.stderr).toBe(0);
    const head = (await git(repo, ["rev-parse", "HEAD"])).trim();
    expect(run.stdout.trim()).toBe(head);
    expect((await git(repo, ["rev-parse", "HEAD~1"])).trim()).toBe(baseline);
    const files = (await git(repo, ["show", "--name-only", "--format=", "HEAD"])).split("\n");
    expect(files).toEqual(
      expect.arrayContaining([
        "docs/BRINGUP.md",
        "openspec/changes/add-bring-up-note/proposal.md",
        "openspec/changes/add-bring-up-note/tasks.md",
      ]),
    );
    const message = await git(repo, ["log", "-1", "--format=%B"]);
    expect(message).toContain("Copperhead-Stage: do");
    expect(message).toContain("Copperhead-Verified: drift");
    // Committed work only: beside the commit, just the run's audit trail (never committed).
    const left = (await git(repo, ["status", "--porcelain", "--untracked-files=all"]))
      .split("\n")
      .filter(Boolean);
    expect(left).toEqual([
      "?? .copperhead/runs/do/1/ledger.json",
      "?? .copperhead/runs/do/1/transcript.jsonl",
    ]);
  });
});
