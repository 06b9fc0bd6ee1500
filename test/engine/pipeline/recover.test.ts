import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { recordDispatch } from "../../../engine/flow/dispatch.js";
import { parseEventLog } from "../../../engine/flow/event-log.js";
import { recoverKilledRuns } from "../../../engine/pipeline/recover.js";
import { acquireRunLock, lockFile } from "../../../engine/pipeline/run-lock.js";
import { configSchema } from "../../../engine/repo/config.js";
import { git } from "../../../engine/repo/git.js";
import { takeSnapshot } from "../../../engine/repo/snapshot.js";
import { saveWip } from "../../../engine/repo/wip-ref.js";
import { stageGraph } from "../../../stages/registry.js";
import { gitRepo } from "../agent/acceptance/git-repo.js";

const repos: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const done of repos) await done();
});
const config = configSchema.parse({});
const graph = stageGraph();

async function put(repo: string, path: string, text: string) {
  await mkdir(dirname(join(repo, path)), { recursive: true });
  await writeFile(join(repo, path), text);
}
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** A lock a killed run left: a process id that is not alive, and the attempt it was running. */
async function killedLock(repo: string, run: object) {
  const file = lockFile(repo);
  await mkdir(dirname(file), { recursive: true });
  const dead = {
    pid: 2 ** 22 + 12345,
    host: (await import("node:os")).hostname(),
    command: "copperhead stage spec",
    startedAt: "2026-01-01T00:00:00.000Z",
    run,
  };
  await writeFile(file, `${JSON.stringify(dead)}\n`);
}

/** A repo where a spec attempt was dispatched, wrote files, and was killed. */
async function killedSpec() {
  const made = await gitRepo({ "brief.md": "# brief\n", "README.md": "# readme\n" });
  repos.push(made.done);
  const { repo } = made;
  await put(repo, "scratch/mine.txt", "the person's, untracked before\n");
  const snapshot = await takeSnapshot(repo);
  await recordDispatch(repo, graph, { stage: "spec" });
  await put(repo, "docs/SPEC.md", "# half a spec\n");
  await put(repo, "openspec/changes/x/proposal.md", "why\n");
  await put(repo, "docs/NOTES.md", "written by the killed run\n");
  await put(
    repo,
    ".copperhead/runs/spec/1/transcript.jsonl",
    `${JSON.stringify({ type: "tool_call", turn: 3, id: "a", name: "write_file", input: { path: "docs/NOTES.md", content: "x" } })}\n{"type":"tool_ca`,
  );
  await killedLock(repo, { scope: "spec", attempt: 1, snapshot });
  return { repo, snapshot };
}

describe("recoverKilledRuns", () => {
  it("moves copperhead's paths (owned, shared, written per the transcript) to the WIP ref and a stash, names the rest as the person's, records blocked and commits that", async () => {
    const { repo, snapshot } = await killedSpec();
    // After the kill, the person edits a tracked file and adds one.
    await put(repo, "README.md", "# readme, edited\n");
    await put(repo, "todo.txt", "mine\n");
    const lock = await acquireRunLock(repo, "copperhead stage spec");
    expect(lock.stale?.run?.attempt).toBe(1);
    const [recovered, ...more] = await recoverKilledRuns({
      repo,
      graph,
      config,
      lock,
      now: () => Date.UTC(2026, 5, 1),
    });
    await lock.release();
    expect(more).toEqual([]);
    expect(recovered?.stash?.paths).toEqual([
      "docs/NOTES.md",
      "docs/SPEC.md",
      "openspec/changes/x/proposal.md",
    ]);
    expect(recovered?.stash?.name).toBe("copperhead: spec attempt 1 20260601T000000Z (recovered)");
    expect(recovered?.yours).toEqual(["README.md", "todo.txt"]);
    expect(recovered?.wip?.ref).toBe("refs/copperhead/wip/spec/1");

    // The person's files are exactly as they were; copperhead's are gone from the tree.
    expect(await readFile(join(repo, "README.md"), "utf8")).toBe("# readme, edited\n");
    expect(await readFile(join(repo, "todo.txt"), "utf8")).toBe("mine\n");
    expect(await readFile(join(repo, "scratch/mine.txt"), "utf8")).toBe(
      "the person's, untracked before\n",
    );
    for (const p of ["docs/SPEC.md", "docs/NOTES.md", "openspec"])
      expect(await exists(join(repo, p)), p).toBe(false);
    expect(await git(repo, ["show", "refs/copperhead/wip/spec/1:docs/SPEC.md"])).toBe(
      "# half a spec\n",
    );
    expect((await git(repo, ["rev-parse", "refs/copperhead/wip/spec/1^"])).trim()).toBe(
      snapshot.head,
    );

    // Recorded blocked, committed alone: the person's edit is not in the commit.
    const { events } = parseEventLog(
      await readFile(join(repo, ".copperhead/events.jsonl"), "utf8"),
    );
    expect(events.map((e) => e.type)).toEqual(["dispatch", "blocked"]);
    expect(recovered?.commit).toBe((await git(repo, ["rev-parse", "HEAD"])).trim());
    const files = (await git(repo, ["show", "--name-only", "--format=", "HEAD"]))
      .trim()
      .split("\n");
    expect(files).toEqual([
      ".copperhead/events.jsonl",
      ".copperhead/runs/spec/1/dispatch.json",
      ".copperhead/runs/spec/1/outcome.json",
      ".copperhead/runs/spec/1/transcript.jsonl",
      ".gitattributes",
    ]);
    expect(await git(repo, ["status", "--porcelain"])).toBe(
      " M README.md\n?? scratch/\n?? todo.txt\n",
    );
    expect(await exists(lockFile(repo))).toBe(false);
  });

  it("never moves HEAD: commits the person made since the kill stay, and their content is not stashed", async () => {
    const { repo } = await killedSpec();
    await put(repo, "README.md", "# readme, committed after the kill\n");
    await git(repo, ["commit", "-qm", "mine", "--", "README.md"]);
    const mine = (await git(repo, ["rev-parse", "HEAD"])).trim();
    const lock = await acquireRunLock(repo, "copperhead do");
    const [recovered] = await recoverKilledRuns({ repo, graph, config, lock });
    await lock.release();
    expect((await git(repo, ["rev-parse", "HEAD^"])).trim()).toBe(mine);
    expect(recovered?.stash?.paths).not.toContain("README.md");
    expect(recovered?.yours).toEqual([]);
  });

  it("a dispatch with no outcome and no lock (the lock lost) is still recovered, by path alone", async () => {
    const made = await gitRepo({ "brief.md": "# brief\n" });
    repos.push(made.done);
    await recordDispatch(made.repo, graph, { stage: "spec" });
    await put(made.repo, "docs/SPEC.md", "# half\n");
    await put(made.repo, "notes.md", "whose? nobody says: left alone\n");
    const lock = await acquireRunLock(made.repo, "copperhead stage spec");
    expect(lock.stale).toBeUndefined();
    const [recovered] = await recoverKilledRuns({ repo: made.repo, graph, config, lock });
    await lock.release();
    expect(recovered?.stash?.paths).toEqual(["docs/SPEC.md"]);
    expect(recovered?.yours).toEqual(["notes.md"]);
    expect(await readFile(join(made.repo, "notes.md"), "utf8")).toBe(
      "whose? nobody says: left alone\n",
    );
  });

  it("an outcome.json the killed run wrote before settling is set aside, not reaped as its result", async () => {
    const { repo } = await killedSpec();
    const outcome = join(repo, ".copperhead/runs/spec/1/outcome.json");
    await writeFile(outcome, '{"verdict": "pass"}\n');
    const lock = await acquireRunLock(repo, "copperhead stage spec");
    await recoverKilledRuns({ repo, graph, config, lock });
    await lock.release();
    expect(await readFile(`${outcome}.unsettled`, "utf8")).toBe('{"verdict": "pass"}\n');
    expect(JSON.parse(await readFile(outcome, "utf8")).verdict).toBe("blocked");
  });

  it("a live run's lock is refused with who holds it; nothing is recovered from under it", async () => {
    const made = await gitRepo({ "brief.md": "# brief\n" });
    repos.push(made.done);
    const held = await acquireRunLock(made.repo, "copperhead stage spec");
    await expect(acquireRunLock(made.repo, "copperhead do")).rejects.toThrow(
      new RegExp(
        `another copperhead run is working in this repository \\(copperhead stage spec, pid ${process.pid} `,
      ),
    );
    await held.release();
    const again = await acquireRunLock(made.repo, "copperhead do");
    expect(again.stale).toBeUndefined();
    await again.release();
  });

  it("a repo with nothing to recover is left exactly as it is", async () => {
    const made = await gitRepo({ "brief.md": "# brief\n" });
    repos.push(made.done);
    await put(made.repo, "mine.txt", "x\n");
    const head = (await git(made.repo, ["rev-parse", "HEAD"])).trim();
    const lock = await acquireRunLock(made.repo, "copperhead do");
    expect(await recoverKilledRuns({ repo: made.repo, graph, config, lock })).toEqual([]);
    await lock.release();
    expect((await git(made.repo, ["rev-parse", "HEAD"])).trim()).toBe(head);
    expect(await git(made.repo, ["status", "--porcelain"])).toBe("?? mine.txt\n");
    expect(await git(made.repo, ["stash", "list"])).toBe("");
  });
});

/** One recovery with the lock the killed run left (or none), released after. */
async function recoverAll(repo: string, options: { now?: () => number; schematic?: string } = {}) {
  const lock = await acquireRunLock(repo, "copperhead stage spec");
  const withSheet = options.schematic
    ? configSchema.parse({ paths: { schematic: options.schematic } })
    : config;
  try {
    return await recoverKilledRuns({ repo, graph, config: withSheet, lock, now: options.now });
  } finally {
    await lock.release();
  }
}
const toolCall = (name: string, input: unknown) =>
  JSON.stringify({ type: "tool_call", turn: 1, id: "t", name, input });

/** A killed spec attempt 1 that built on work kept from an earlier one (notes/kept.md). */
async function killedOnKeptWork() {
  const made = await gitRepo({ "brief.md": "# brief\n" });
  repos.push(made.done);
  const { repo } = made;
  const base = (await git(repo, ["rev-parse", "HEAD"])).trim();
  await put(repo, "notes/kept.md", "kept from attempt 1\n");
  // The kept work's ref, as an earlier attempt's (its number is not this log's business).
  const ref = "refs/copperhead/wip/spec/0";
  const commit = await saveWip(repo, { base, paths: ["notes/kept.md"], ref, message: "kept" });
  const snapshot = await takeSnapshot(repo, { commit, paths: ["notes/kept.md"], ref });
  await recordDispatch(repo, graph, { stage: "spec" });
  await put(repo, "notes/kept.md", "kept, then edited by attempt 2\n");
  await killedLock(repo, { scope: "spec", attempt: 1, snapshot });
  return { repo, ref };
}

describe("recoverKilledRuns: whose paths, and the blocked record", () => {
  it("the blocked record and its commit say what happened and where the work went", async () => {
    const { repo } = await killedSpec();
    const later = Date.now() + 3_600_000;
    const [recovered] = await recoverAll(repo, { now: () => later });
    const outcome = JSON.parse(
      await readFile(join(repo, ".copperhead/runs/spec/1/outcome.json"), "utf8"),
    );
    const dispatched = JSON.parse(
      await readFile(join(repo, ".copperhead/runs/spec/1/dispatch.json"), "utf8"),
    );
    const where = `its work was set aside in stash "${recovered?.stash?.name}" and on refs/copperhead/wip/spec/1`;
    expect(outcome).toMatchObject({
      verdict: "blocked",
      startedAt: dispatched.at,
      finishedAt: new Date(later).toISOString(),
      resume: "copperhead stage spec",
      evidence: [
        {
          check: "run",
          ok: false,
          detail: `interrupted: the run stopped without settling (killed, or its machine went away); ${where}`,
        },
      ],
    });
    const brief = outcome.brief.sha256;
    expect(await git(repo, ["log", "-1", "--format=%B"])).toBe(
      [
        "copperhead(spec): attempt 1 interrupted (recovered)",
        "",
        `The run stopped without an outcome; the next run recorded it as blocked: ${where}.`,
        "",
        "Copperhead-Stage: spec",
        "Copperhead-Attempt: 1",
        `Copperhead-Brief-SHA256: ${brief}`,
        "Copperhead-Verdict: blocked",
        "Copperhead-WIP: refs/copperhead/wip/spec/1",
        "",
        "",
      ].join("\n"),
    );
  });

  it("a dispatched attempt that left nothing is recorded blocked with no stash, WIP ref or WIP trailer", async () => {
    const made = await gitRepo({ "brief.md": "# brief\n" });
    repos.push(made.done);
    await recordDispatch(made.repo, graph, { stage: "spec" });
    const [recovered] = await recoverAll(made.repo);
    expect(recovered?.stash).toBeUndefined();
    expect(recovered?.wip).toBeUndefined();
    expect(await git(made.repo, ["stash", "list"])).toBe("");
    expect(await git(made.repo, ["for-each-ref", "refs/copperhead/wip"])).toBe("");
    const message = await git(made.repo, ["log", "-1", "--format=%B"]);
    expect(message).toContain("recorded it as blocked: it had left nothing in the tree.");
    expect(message.trim().split("\n").slice(-5)).toEqual([
      "",
      "Copperhead-Stage: spec",
      "Copperhead-Attempt: 1",
      expect.stringMatching(/^Copperhead-Brief-SHA256: [0-9a-f]{64}$/),
      "Copperhead-Verdict: blocked",
    ]);
  });

  it("the files every stage's tools write are copperhead's, tracked or not, and are stashed in path order", async () => {
    const made = await gitRepo({ "brief.md": "# brief\n", "CHANGELOG.md": "# log\n" });
    repos.push(made.done);
    const { repo } = made;
    const snapshot = await takeSnapshot(repo);
    await recordDispatch(repo, graph, { stage: "spec" });
    await put(repo, "CHANGELOG.md", "# log\n- more\n");
    await put(repo, "docs/DECISIONS.md", "d\n");
    await put(repo, "docs/CHANGELOG.md", "c\n");
    await put(repo, ".copperhead/constraints.json", "{}\n");
    await put(repo, "docs/OTHER.md", "the person's\n");
    await killedLock(repo, { scope: "spec", attempt: 1, snapshot });
    const [recovered] = await recoverAll(repo);
    expect(recovered?.stash?.paths).toEqual([
      ".copperhead/constraints.json",
      "CHANGELOG.md",
      "docs/CHANGELOG.md",
      "docs/DECISIONS.md",
    ]);
    expect(recovered?.yours).toEqual(["docs/OTHER.md"]);
  });

  it("the transcript's tool calls name paths (./ stripped); draft_schematic names the configured sheet; nothing else in it counts", async () => {
    const { repo } = await killedSpec();
    await put(repo, "hardware/board.kicad_sch", "(kicad_sch)\n");
    await put(repo, "docs/DOTTED.md", "x\n");
    await put(repo, "docs/v1./LOG.md", "x\n");
    await put(repo, "docs/RESULT.md", "x\n");
    await put(
      repo,
      ".copperhead/runs/spec/1/transcript.jsonl",
      [
        toolCall("write_file", { path: "./docs/DOTTED.md", content: "x" }),
        // Only a leading ./ goes: inside a path it is part of a name (a folder ending in a dot).
        toolCall("write_file", { path: "docs/v1./LOG.md", content: "x" }),
        toolCall("write_file", { path: 7 }),
        toolCall("list_files", null),
        toolCall("draft_schematic", {}),
        JSON.stringify({
          type: "tool_result",
          name: "write_file",
          input: { path: "docs/RESULT.md" },
        }),
        "[1, 2]",
      ].join("\n"),
    );
    const [recovered] = await recoverAll(repo, { schematic: "hardware/board.kicad_sch" });
    expect(recovered?.stash?.paths).toEqual([
      "docs/DOTTED.md",
      "docs/SPEC.md",
      "docs/v1./LOG.md",
      "hardware/board.kicad_sch",
      "openspec/changes/x/proposal.md",
    ]);
    expect(recovered?.yours).toEqual(["docs/NOTES.md", "docs/RESULT.md"]);
  });

  it("without a draft_schematic call the configured sheet is the person's", async () => {
    const { repo } = await killedSpec();
    await put(repo, "hardware/board.kicad_sch", "(kicad_sch)\n");
    const [recovered] = await recoverAll(repo, { schematic: "hardware/board.kicad_sch" });
    expect(recovered?.yours).toEqual(["hardware/board.kicad_sch"]);
  });

  it("a killed `do` (a scope that is no stage): its written paths are set aside, the rest is the person's, nothing is committed", async () => {
    const made = await gitRepo({ "brief.md": "# brief\n" });
    repos.push(made.done);
    const { repo } = made;
    const snapshot = await takeSnapshot(repo);
    const head = (await git(repo, ["rev-parse", "HEAD"])).trim();
    await put(repo, "notes/written.md", "by the run\n");
    await put(repo, "notes/mine.md", "the person's\n");
    // Shared by every run's tools (a `do` records constraints too), though no stage is running.
    await put(repo, ".copperhead/constraints.json", "{}\n");
    await put(
      repo,
      ".copperhead/runs/do/1/transcript.jsonl",
      toolCall("write_file", { path: "notes/written.md" }),
    );
    await killedLock(repo, { scope: "do", attempt: 1, snapshot });
    const [recovered] = await recoverAll(repo);
    expect(recovered?.stash?.paths).toEqual([".copperhead/constraints.json", "notes/written.md"]);
    expect(recovered?.yours).toEqual(["notes/mine.md"]);
    expect(recovered?.commit).toBeUndefined();
    expect((await git(repo, ["rev-parse", "HEAD"])).trim()).toBe(head);
  });

  it("a stage's lock with no dispatch in flight (killed after its record was collected) sets the work aside and records nothing more", async () => {
    const made = await gitRepo({ "brief.md": "# brief\n" });
    repos.push(made.done);
    const { repo } = made;
    const snapshot = await takeSnapshot(repo);
    const head = (await git(repo, ["rev-parse", "HEAD"])).trim();
    await put(repo, "docs/SPEC.md", "# half\n");
    await killedLock(repo, { scope: "spec", attempt: 1, snapshot });
    const [recovered] = await recoverAll(repo);
    expect(recovered?.stash?.paths).toEqual(["docs/SPEC.md"]);
    expect(recovered?.commit).toBeUndefined();
    expect((await git(repo, ["rev-parse", "HEAD"])).trim()).toBe(head);
  });

  it("work an earlier attempt kept is set aside with the rest, then put back, and the record names its ref", async () => {
    const { repo, ref } = await killedOnKeptWork();
    const [recovered] = await recoverAll(repo);
    expect(recovered?.stash?.paths).toEqual(["notes/kept.md"]);
    expect(recovered?.carriedRef).toBe(ref);
    expect(await readFile(join(repo, "notes/kept.md"), "utf8")).toBe("kept from attempt 1\n");
    expect(
      await git(repo, ["log", "-1", "--format=%(trailers:key=Copperhead-Kept,valueonly)"]),
    ).toBe(`${ref}\n\n`);
  });

  it("kept work is not put back once HEAD has moved since the kill: it stays in the stash", async () => {
    const { repo } = await killedOnKeptWork();
    await put(repo, "README.md", "committed after the kill\n");
    await git(repo, ["add", "README.md"]);
    await git(repo, ["commit", "-qm", "mine"]);
    const [recovered] = await recoverAll(repo);
    expect(recovered?.stash?.paths).toEqual(["notes/kept.md"]);
    expect(recovered?.carriedRef).toBeUndefined();
    expect(await exists(join(repo, "notes/kept.md"))).toBe(false);
  });
});
