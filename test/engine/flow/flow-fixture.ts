import { copyFile, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
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
import { cachedKicad } from "../../helpers/kicad-cache.js";

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

/** The LED design's documents, written as a person (or the stages) would: real content only. */
export const LED_DESIGN_DOCS: Record<string, string> = {
  "brief.md":
    "# Brief: LED indicator\n\nA 5 V power-on LED board, 30 x 15 mm, fed from a 2-pin header.\n",
  "docs/SPEC.md": [
    "# Spec",
    "",
    "A power-on indicator for a 5 V bench supply: a header, a resistor and an LED.",
    "",
    "## Budgets",
    "",
    "- Supply: 5 V DC (`power.supply_voltage_V`), 20 mA max (`power.supply_current_mA`)",
    "- Board: 30 × 15 mm (`board.width_mm`, `board.height_mm`)",
    "",
    "## Assumptions",
    "",
    "- ASSUMED: `power.supply_current_mA` is 20 mA, twice the LED's 9 mA, so any bench supply will do.",
    "",
  ].join("\n"),
  ".copperhead/constraints.json": `${JSON.stringify(
    {
      schema: 1,
      constraints: [
        {
          key: "board.height_mm",
          source: 'brief: "30 x 15 mm"',
          value: 15,
          unit: "mm",
          affects: [],
        },
        {
          key: "board.width_mm",
          source: 'brief: "30 x 15 mm"',
          value: 30,
          unit: "mm",
          affects: [],
        },
        {
          key: "power.supply_current_mA",
          source: "ASSUMED: twice the LED current",
          max: 20,
          unit: "mA",
          affects: [],
        },
        {
          key: "power.supply_voltage_V",
          source: 'brief: "A 5 V power-on LED board"',
          value: 5,
          unit: "V",
          affects: [],
        },
      ],
    },
    null,
    2,
  )}\n`,
  "docs/SUBSYSTEMS.md":
    "# Subsystems\n\n## Indicator\n\nA resistor limits the LED current to about 9 mA from the 5 V header.\n",
  "docs/BOM.md": [
    "# Bill of materials — LED indicator",
    "",
    "| Refdes | Qty | Value | Symbol | Footprint | MPN |",
    "|---|---|---|---|---|---|",
    "| J1 | 1 | Conn_01x02 | Connector_Generic:Conn_01x02 | Connector_PinHeader_2.54mm:PinHeader_1x02_P2.54mm_Vertical | 61300211121 |",
    "| R1 | 1 | 330 Ω | Device:R | Resistor_SMD:R_0603_1608Metric | RC0603FR-07330RL |",
    "| D1 | 1 | LED | Device:LED | LED_SMD:LED_0603_1608Metric | 150060RS75000 |",
    "",
  ].join("\n"),
  "docs/LAYOUT.md":
    "# Layout\n\n## Draft quality\n\nTwo layers, routed by hand on the top copper; the header sits at the left edge.\n",
  "firmware/README.md":
    "# Firmware\n\nVerdict: no programmable part. The board is a header, a resistor and an LED, so nothing on it runs code.\n",
  "docs/DEVPLAN.md": [
    "# Development plan",
    "",
    "## Bring-up",
    "",
    "1. Set the bench supply to 5 V with a 30 mA current limit.",
    "2. Connect it to J1 and check that D1 lights and the supply shows about 9 mA.",
    "",
    "## Test points",
    "",
    "- J1.1: the +5V rail",
    "- J1.2: GND",
    "",
    "## Risks",
    "",
    "- D1 placed the wrong way round: it stays dark on first power-up.",
    "",
    "## Prototype order",
    "",
    "- 5 boards from the gerbers in outputs/, hand assembled.",
    "",
  ].join("\n"),
};

/**
 * A complete small design whose files pass every stage's gate: the bundled LED example's real
 * KiCad project (ERC and DRC clean under kicad-cli) with its drift-clean BOM and PINOUT, real
 * constraints, plan and firmware verdict. `realOutputs` exports outputs/ with KiCad (what the
 * outputs gate demands, ~15 s); without it outputs/ holds small stand-ins, for tests that only
 * need files to fingerprint.
 */
export async function writeDesign(
  repo: TempRepo,
  options: { realOutputs?: boolean } = {},
): Promise<void> {
  for (const [path, text] of Object.entries(LED_DESIGN_DOCS)) await repo.write(path, text);
  await mkdir(join(repo.dir, "hardware"), { recursive: true });
  for (const file of LED_PROJECT) await copyFile(join(LED, file), join(repo.dir, "hardware", file));
  await repo.write("docs/PINOUT.md", await readFile(join(LED, "docs/PINOUT.md"), "utf8"));
  if (options.realOutputs) {
    await writeRealOutputs(repo);
  } else {
    await repo.write("outputs/led-F_Cu.gbr", "%FSLAX46Y46*%\nM02*\n");
    await repo.write("outputs/led.drl", "M48\nM30\n");
  }
}

/**
 * outputs/ as the outputs stage exports it for this design, computed by KiCad once per test run
 * and shared by every file that asks (the run's kicad-cli cache): the design written above is
 * the same bytes in every repo, and the export does not depend on where the repo is. The
 * outputs gate still exports afresh and compares byte for byte, so a wrong cached tree fails.
 */
async function writeRealOutputs(repo: TempRepo): Promise<void> {
  const tree = await cachedKicad(
    "outputs stage export of the LED design",
    join(LED, "led.kicad_pcb"),
    async () => {
      const { exportOutputs } = await import("../../../stages/outputs/export-outputs.js");
      await exportOutputs(repo.dir);
      const files: Record<string, string> = {};
      for (const entry of await readdir(join(repo.dir, "outputs"), {
        recursive: true,
        withFileTypes: true,
      })) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        files[path.slice(repo.dir.length + 1)] = (await readFile(path)).toString("base64");
      }
      return files;
    },
  );
  for (const [path, bytes] of Object.entries(tree)) {
    await mkdir(dirname(join(repo.dir, path)), { recursive: true });
    await writeFile(join(repo.dir, path), Buffer.from(bytes, "base64"));
  }
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
export function designWith(
  graph: FlowGraph,
  passed: readonly string[],
  options: { realOutputs?: boolean } = {},
): Promise<TempRepo> {
  return fromTemplate(
    `design:${passed.join(",")}:${options.realOutputs ?? false}`,
    async (repo) => {
      await writeDesign(repo, options);
      for (const stage of passed) await runStage(repo, graph, stage, "pass");
    },
  );
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
