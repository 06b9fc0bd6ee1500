import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { git } from "../../../engine/repo/git.js";
import { prepareClone } from "../../../engine/workflow/prepare-clone.js";
import { PushError, pushStage } from "../../../engine/workflow/push-stage.js";
import { makeTempDir, type TempDir } from "../../helpers/temp-dir.js";

const BRANCH = "copperhead/issue-3";
const EVENT = (id: string, stage: string) =>
  `${JSON.stringify({ id, at: "2026-12-01T00:00:00.000Z", type: "dispatch", stage, attempt: 1 })}\n`;

let tmp: TempDir;
let home: TempDir;
// A fresh runner's git: no global or system configuration (so no identity either).
beforeAll(async () => {
  home = await makeTempDir("copperhead-push-home-");
  await writeFile(home.path("gitconfig"), "");
  process.env.GIT_CONFIG_GLOBAL = home.path("gitconfig");
  process.env.GIT_CONFIG_NOSYSTEM = "1";
});
afterAll(async () => {
  delete process.env.GIT_CONFIG_GLOBAL;
  delete process.env.GIT_CONFIG_NOSYSTEM;
  await home.remove();
});
afterEach(async () => {
  await tmp?.remove();
});

async function write(dir: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
}

/** A bare origin whose branch already holds the spec stage's logs, and a job clone of it. */
async function originWithLogs() {
  tmp = await makeTempDir("copperhead-push-");
  const origin = tmp.path("origin.git");
  await git(tmp.dir, ["init", "-q", "--bare", "-b", "main", origin]);
  const seed = tmp.path("seed");
  await git(tmp.dir, ["clone", "-q", origin, seed]);
  await git(seed, ["checkout", "-q", "-b", BRANCH]);
  await write(seed, {
    "brief.md": "# a board\n",
    ".copperhead/events.jsonl": EVENT("e1", "spec"),
    "docs/CHANGELOG.md": "# Changelog\n\n- [spec #1] wrote the spec\n",
    "docs/DECISIONS.md": "# Decisions\n\n- [spec #1] 5 V only\n",
  });
  await git(seed, ["add", "-A"]);
  await git(seed, ["-c", "user.name=s", "-c", "user.email=s@x", "commit", "-qm", "spec"]);
  await git(seed, ["push", "-q", "origin", BRANCH]);
  const clone = async (name: string) => {
    const dir = tmp.path(name);
    await git(tmp.dir, ["clone", "-q", "--branch", BRANCH, origin, dir]);
    // A fresh runner: no identity, no attributes; the fetch step sets both.
    await prepareClone(dir, { env: {} });
    return dir;
  };
  return { origin, clone };
}

/** What a stage job commits: its own files, plus a line in each append-only log. */
async function stageCommit(dir: string, stage: string, own: Record<string, string>) {
  const append = async (path: string, line: string) =>
    writeFile(join(dir, path), `${await readFile(join(dir, path), "utf8")}${line}`);
  await append(".copperhead/events.jsonl", EVENT(`${stage}-1`, stage));
  await append("docs/CHANGELOG.md", `- [${stage} #1] ${stage} done\n`);
  await append("docs/DECISIONS.md", `- [${stage} #1] a ${stage} decision\n`);
  await write(dir, {
    ...own,
    [`.copperhead/runs/${stage}/1/outcome.json`]: `{"stage":"${stage}"}\n`,
  });
  await git(dir, ["add", "-A"]);
  await git(dir, [
    "commit",
    "-qm",
    `copperhead(${stage}): done\n\nCopperhead-Stage: ${stage}\nCopperhead-Attempt: 1`,
  ]);
}

const noWait = async () => {};
const tipFile = (origin: string, path: string) =>
  git(origin, ["show", `refs/heads/${BRANCH}:${path}`]);

describe("pushing a stage job's commit", () => {
  it("the clone's fetch step gives it an identity and union-merges the append-only logs", async () => {
    const { clone } = await originWithLogs();
    const dir = await clone("job");
    expect((await git(dir, ["config", "user.name"])).trim()).toBe("copperhead");
    const attrs = await readFile(join(dir, ".git/info/attributes"), "utf8");
    expect(attrs.split("\n")).toEqual(
      expect.arrayContaining([
        ".copperhead/events.jsonl merge=union",
        "docs/DECISIONS.md merge=union",
        "docs/CHANGELOG.md merge=union",
        "CHANGELOG.md merge=union",
      ]),
    );
    await prepareClone(dir, { env: {} });
    expect(await readFile(join(dir, ".git/info/attributes"), "utf8")).toBe(attrs);
  });

  it("two parallel stage jobs from one base: the second rebases onto the first, both land, every log keeps both lines, nothing conflicts", async () => {
    const { origin, clone } = await originWithLogs();
    const layout = await clone("layout");
    const firmware = await clone("firmware");
    await stageCommit(layout, "layout", {
      "hardware/board.kicad_pcb": "(kicad_pcb)\n",
      "docs/LAYOUT.md": "# Layout\n",
    });
    await stageCommit(firmware, "firmware", { "firmware/README.md": "no programmable part\n" });
    const lines: string[] = [];
    const first = await pushStage({ repo: layout, stage: "layout", branch: BRANCH, sleep: noWait });
    const second = await pushStage({
      repo: firmware,
      stage: "firmware",
      branch: BRANCH,
      sleep: noWait,
      write: (l) => lines.push(l),
    });
    expect(first).toMatchObject({ commits: 1, rebases: 0, tries: 1 });
    expect(second).toMatchObject({ commits: 1, rebases: 1, tries: 2 });
    expect(lines).toEqual([
      `${BRANCH} moved on origin: rebasing the firmware commit onto it (try 2 of 8)`,
    ]);
    const subjects = (await git(origin, ["log", "--format=%s", `refs/heads/${BRANCH}`]))
      .trim()
      .split("\n");
    expect(subjects).toEqual(["copperhead(firmware): done", "copperhead(layout): done", "spec"]);
    expect(await tipFile(origin, ".copperhead/events.jsonl")).toBe(
      EVENT("e1", "spec") + EVENT("layout-1", "layout") + EVENT("firmware-1", "firmware"),
    );
    expect(await tipFile(origin, "docs/CHANGELOG.md")).toBe(
      "# Changelog\n\n- [spec #1] wrote the spec\n- [layout #1] layout done\n- [firmware #1] firmware done\n",
    );
    expect(await tipFile(origin, "docs/DECISIONS.md")).toContain(
      "- [layout #1] a layout decision\n- [firmware #1] a firmware decision\n",
    );
    for (const path of [
      "hardware/board.kicad_pcb",
      "firmware/README.md",
      ".copperhead/runs/layout/1/outcome.json",
      ".copperhead/runs/firmware/1/outcome.json",
    ]) {
      expect(await tipFile(origin, path)).not.toBe("");
    }
    expect(second.head).toBe((await git(origin, ["rev-parse", `refs/heads/${BRANCH}`])).trim());
  });

  it("pushed at the same moment, both land whichever wins", async () => {
    const { origin, clone } = await originWithLogs();
    const jobs = ["layout", "firmware", "outputs"];
    const dirs = await Promise.all(jobs.map((s) => clone(s)));
    await Promise.all(
      dirs.map((dir, i) => stageCommit(dir, jobs[i]!, { [`${jobs[i]}/own.txt`]: `${jobs[i]}\n` })),
    );
    const results = await Promise.all(
      dirs.map((repo, i) => pushStage({ repo, stage: jobs[i]!, branch: BRANCH, sleep: noWait })),
    );
    expect(results.reduce((n, r) => n + r.rebases, 0)).toBeGreaterThanOrEqual(2);
    const events = (await tipFile(origin, ".copperhead/events.jsonl")).trim().split("\n");
    expect(events).toHaveLength(4);
    expect(new Set(events.map((e) => JSON.parse(e).stage))).toEqual(new Set(["spec", ...jobs]));
    const changelog = await tipFile(origin, "docs/CHANGELOG.md");
    for (const s of jobs) expect(changelog).toContain(`- [${s} #1] ${s} done\n`);
  });

  it("the WIP refs of the stage go with it, and kept work in the tree survives the rebase", async () => {
    const { origin, clone } = await originWithLogs();
    const layout = await clone("layout");
    const firmware = await clone("firmware");
    await stageCommit(layout, "layout", { "docs/LAYOUT.md": "# Layout\n" });
    await stageCommit(firmware, "firmware", { "firmware/README.md": "draft\n" });
    const wip = (await git(firmware, ["rev-parse", "HEAD"])).trim();
    await git(firmware, ["update-ref", "refs/copperhead/wip/firmware/1", wip]);
    await writeFile(join(firmware, "firmware/README.md"), "draft, kept for the next attempt\n");
    await pushStage({ repo: layout, stage: "layout", branch: BRANCH, sleep: noWait });
    const result = await pushStage({
      repo: firmware,
      stage: "firmware",
      branch: BRANCH,
      sleep: noWait,
    });
    expect(result.wipRefs).toEqual(["refs/copperhead/wip/firmware/1"]);
    expect((await git(origin, ["rev-parse", "refs/copperhead/wip/firmware/1"])).trim()).toBe(wip);
    expect(await readFile(join(firmware, "firmware/README.md"), "utf8")).toBe(
      "draft, kept for the next attempt\n",
    );
  });

  it("nothing new: up to date, no commit pushed", async () => {
    const { clone } = await originWithLogs();
    const dir = await clone("skipped");
    expect(
      await pushStage({ repo: dir, stage: "spec", branch: BRANCH, sleep: noWait }),
    ).toMatchObject({
      commits: 0,
      rebases: 0,
    });
  });

  it("a real conflict (someone changed the stage's own file meanwhile) stops with the commit kept on a pushed rescue ref", async () => {
    const { origin, clone } = await originWithLogs();
    const person = await clone("person");
    const job = await clone("job");
    await write(person, { "docs/LAYOUT.md": "# mine\n" });
    await git(person, ["add", "-A"]);
    await git(person, ["commit", "-qm", "a person's layout notes"]);
    await git(person, ["push", "-q", "origin", `HEAD:refs/heads/${BRANCH}`]);
    await stageCommit(job, "layout", { "docs/LAYOUT.md": "# Layout\n" });
    const commit = (await git(job, ["rev-parse", "HEAD"])).trim();
    const error = await pushStage({
      repo: job,
      stage: "layout",
      branch: BRANCH,
      sleep: noWait,
    }).catch((e) => e);
    expect(error).toBeInstanceOf(PushError);
    expect(error.message).toContain("(conflicts in docs/LAYOUT.md)");
    const rescue = (
      await git(origin, [
        "for-each-ref",
        "--format=%(refname) %(objectname)",
        "refs/copperhead/unmerged/",
      ])
    ).trim();
    expect(rescue).toMatch(new RegExp(`^refs/copperhead/unmerged/layout/\\d+ ${commit}$`));
    expect(await git(job, ["status", "--porcelain"])).toBe("");
    expect((await git(job, ["rev-parse", "HEAD"])).trim()).toBe(commit);
  });

  it("a push the origin refuses for good (a protected branch) is not retried and says what to change", async () => {
    const { origin, clone } = await originWithLogs();
    const job = await clone("job");
    await stageCommit(job, "spec", {});
    const hook = join(origin, "hooks/pre-receive");
    await writeFile(hook, "#!/bin/sh\necho 'GH006: Protected branch update failed' >&2\nexit 1\n");
    await chmod(hook, 0o755);
    const error = await pushStage({
      repo: job,
      stage: "spec",
      branch: BRANCH,
      sleep: noWait,
    }).catch((e) => e);
    expect(error).toBeInstanceOf(PushError);
    expect(error.fix).toContain(`the branch ${BRANCH} is protected against this push`);
  });
});
