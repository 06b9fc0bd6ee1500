import { copyFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
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

const LED = join(import.meta.dirname, "../../../examples/led");
const LED_PROJECT = [
  "led.kicad_pro",
  "led.kicad_sch",
  "led.kicad_pcb",
  "sym-lib-table",
  "fp-lib-table",
] as const;

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

/**
 * A complete small design whose files pass every stage's gate: the bundled LED example's real
 * KiCad project (ERC and DRC clean under kicad-cli) with its drift-clean BOM and PINOUT.
 */
export async function writeDesign(repo: TempRepo): Promise<void> {
  await repo.write("brief.md", "# Brief: LED indicator\n\nA 5 V power-on LED board.\n");
  await repo.write(
    "docs/SPEC.md",
    "# Spec\n\n## Budgets\n\n- Supply: 5 V DC, 20 mA max\n- Board: 20 x 15 mm\n\n## Assumptions\n\nASSUMED: supplied from a bench header.\n",
  );
  await repo.write(
    "docs/SUBSYSTEMS.md",
    "# Subsystems\n\n## Indicator\n\nA resistor limits the LED current to about 9 mA from the 5 V header.\n",
  );
  await repo.write(
    "docs/BOM.md",
    (await readFile(join(LED, "docs/BOM.md"), "utf8"))
      .replace(
        "PinHeader_1x02_P2.54mm_Vertical | — |",
        "PinHeader_1x02_P2.54mm_Vertical | 61300211121 |",
      )
      .replace("R_0603_1608Metric | — |", "R_0603_1608Metric | RC0603FR-07330RL |")
      .replace("LED_0603_1608Metric | — |", "LED_0603_1608Metric | 150060RS75000 |"),
  );
  await mkdir(join(repo.dir, "hardware"), { recursive: true });
  for (const file of LED_PROJECT) await copyFile(join(LED, file), join(repo.dir, "hardware", file));
  await repo.write("docs/PINOUT.md", await readFile(join(LED, "docs/PINOUT.md"), "utf8"));
  await repo.write("docs/LAYOUT.md", "# Layout\n\n## Draft quality\n\nTwo layers, hand routed.\n");
  await repo.write("outputs/led-F_Cu.gbr", "%FSLAX46Y46*%\nM02*\n");
  await repo.write("outputs/led.drl", "M48\nM30\n");
  await repo.write("firmware/pins.h", "#pragma once\n#define PIN_NONE 0\n");
  await repo.write(
    "docs/DEVPLAN.md",
    "# Development plan\n\n## Bring-up\n\nPower from a current-limited bench supply first.\n",
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
