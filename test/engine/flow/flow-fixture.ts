import { copyFile, cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach } from "vitest";
import { recordDispatch } from "../../../engine/flow/dispatch.js";
import type { BlockedEvent, OutcomeEvent } from "../../../engine/flow/events.js";
import type { Evidence } from "../../../engine/flow/evidence.js";
import type { FlowGraph } from "../../../engine/flow/graph.js";
import { type Outcome, outcomeSchema } from "../../../engine/flow/outcome.js";
import { reapRun } from "../../../engine/flow/reap.js";
import { outcomePath } from "../../../engine/flow/run-paths.js";
import { git } from "../../../engine/repo/git.js";

const DEMO = "/usr/share/kicad/demos/ecc83";

export interface TempRepo {
  dir: string;
  write(path: string, text: string): Promise<void>;
  remove(path: string): Promise<void>;
  git(...args: string[]): Promise<string>;
  commitAll(message: string): Promise<void>;
}

const created: string[] = [];
const templates = new Map<string, Promise<string>>();

/** Registers cleanup of every repo made by `tempRepo` / `fromTemplate` in the calling test file. */
export function useTempRepos(): void {
  afterEach(async () => {
    await Promise.all(created.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });
  afterAll(async () => {
    const dirs = await Promise.all(templates.values());
    templates.clear();
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });
}

function wrap(dir: string): TempRepo {
  const run = (...args: string[]) => git(dir, args);
  return {
    dir,
    git: run,
    async write(path, text) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    },
    async remove(path) {
      await rm(join(dir, path), { recursive: true, force: true });
    },
    async commitAll(message) {
      await run("add", "-A");
      await run("commit", "-q", "-m", message);
    },
  };
}

/** A fresh git repository in a temp folder, with an identity so commits work anywhere. */
export async function tempRepo(): Promise<TempRepo> {
  const dir = await mkdtemp(join(tmpdir(), "copperhead-flow-"));
  created.push(dir);
  const repo = wrap(dir);
  await repo.git("init", "-q", "-b", "main");
  await repo.git("config", "user.name", "Flow Test");
  await repo.git("config", "user.email", "flow@test.invalid");
  await repo.git("config", "commit.gpgsign", "false");
  return repo;
}

/**
 * A private copy of a repo built once per test file: tests that need the same starting point
 * (say, a design whose eight stages passed) pay for building it once. The copy is a plain
 * recursive copy of the working tree and .git, so it is an ordinary repo of its own.
 */
export async function fromTemplate(
  name: string,
  build: (repo: TempRepo) => Promise<void>,
): Promise<TempRepo> {
  let template = templates.get(name);
  if (!template) {
    template = (async () => {
      const repo = await tempRepo();
      created.splice(created.indexOf(repo.dir), 1);
      await build(repo);
      return repo.dir;
    })();
    templates.set(name, template);
  }
  const copy = await mkdtemp(join(tmpdir(), "copperhead-flow-"));
  created.push(copy);
  await cp(await template, copy, { recursive: true });
  return wrap(copy);
}

/** A complete small design whose files pass every stage's gate (real KiCad demo files). */
export async function writeDesign(repo: TempRepo): Promise<void> {
  await repo.write("brief.md", "# Brief: tube preamp\n\nA push-pull ECC83 preamp board.\n");
  await repo.write(
    "docs/SPEC.md",
    "# Spec\n\n## Budgets\n\n- Supply: 250 V DC, 20 mA max\n- Board: 100 x 80 mm\n\n## Assumptions\n\nASSUMED: mains transformer off-board.\n",
  );
  await repo.write(
    "docs/SUBSYSTEMS.md",
    "# Subsystems\n\n## Gain stage\n\nTwo triodes of one ECC83 in a push-pull arrangement amplify the line signal.\n",
  );
  await repo.write(
    "docs/BOM.md",
    "# BOM\n\n| Refdes | Value | Footprint | MPN | Rationale |\n|---|---|---|---|---|\n| U1 | ECC83 | Valve_ECC-83-1 | JJ-ECC83S | the classic preamp triode |\n",
  );
  await mkdir(join(repo.dir, "hardware"), { recursive: true });
  await copyFile(join(DEMO, "ecc83-pp.kicad_sch"), join(repo.dir, "hardware/amp.kicad_sch"));
  await copyFile(join(DEMO, "ecc83-pp.kicad_pcb"), join(repo.dir, "hardware/amp.kicad_pcb"));
  await repo.write("docs/PINOUT.md", "# Pinout\n\n| Pin | Net |\n|---|---|\n| 1 | PLATE_A |\n");
  await repo.write("docs/LAYOUT.md", "# Layout\n\n## Draft quality\n\nTwo layers, hand routed.\n");
  await repo.write("outputs/amp-F_Cu.gbr", "%FSLAX46Y46*%\nM02*\n");
  await repo.write("outputs/amp.drl", "M48\nM30\n");
  await repo.write("firmware/pins.h", "#pragma once\n#define PIN_NONE 0\n");
  await repo.write(
    "docs/DEVPLAN.md",
    "# Development plan\n\n## Bring-up\n\nPower the heaters first, then B+.\n",
  );
}

export function outcomeFor(
  stage: string,
  attempt: number,
  verdict: Outcome["verdict"],
  extra: Partial<Outcome> = {},
): Outcome {
  const evidence: Evidence[] =
    verdict === "pass"
      ? [{ check: "gate", ok: true, detail: "all checks hold" }]
      : [{ check: "gate", ok: false, detail: "a check failed" }];
  return outcomeSchema.parse({
    schema: 1,
    stage,
    attempt,
    verdict,
    startedAt: "2025-01-01T10:00:00.000Z",
    finishedAt: "2025-01-01T10:05:00.000Z",
    commit: "0123456789abcdef0123456789abcdef01234567",
    brief: { path: "brief.md", sha256: "a".repeat(64) },
    evidence,
    obligations: [],
    findings: { erc: [], drc: [], legibility: [] },
    artifacts: [],
    renders: [],
    cost: { wallMs: 1000, turns: 3, tokensIn: 100, tokensOut: 50, cacheHits: 0 },
    resume: "copperhead create --brief brief.md",
    ...extra,
  });
}

/** A whole attempt as the pipeline would do it: dispatch, write outcome.json, reap. */
export async function runStage(
  repo: TempRepo,
  graph: FlowGraph,
  stage: string,
  verdict: Outcome["verdict"],
  extra: Partial<Outcome> = {},
): Promise<OutcomeEvent | BlockedEvent> {
  const dispatch = await recordDispatch(repo.dir, graph, { stage });
  await repo.write(
    outcomePath(stage, dispatch.attempt),
    JSON.stringify(outcomeFor(stage, dispatch.attempt, verdict, extra)),
  );
  return reapRun(repo.dir, graph, { stage, attempt: dispatch.attempt });
}

/** A copy of the standard design with the given stages passed in order (built once per file). */
export function designWith(graph: FlowGraph, passed: readonly string[]): Promise<TempRepo> {
  return fromTemplate(`design:${passed.join(",")}`, async (repo) => {
    await writeDesign(repo);
    for (const stage of passed) await runStage(repo, graph, stage, "pass");
  });
}

/** Passes every stage of the graph in flow order. */
export async function passAll(repo: TempRepo, graph: FlowGraph): Promise<void> {
  for (const stage of graph.order) await runStage(repo, graph, stage, "pass");
}

/** Runs the CLI in-process against `cwd`, capturing what it prints. */
export async function runCopperhead(cwd: string, ...argv: string[]) {
  const { runCli } = await import("../../../engine/cli/run-cli.js");
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, {
    cwd,
    env: { ...process.env },
    stdout: {
      write: (s: string) => {
        stdout += s;
        return true;
      },
    },
    stderr: {
      write: (s: string) => {
        stderr += s;
        return true;
      },
    },
  });
  return { code, stdout, stderr };
}
