import { cp, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import type { ScriptedTurn } from "../../../../engine/agent/providers/script-schema.js";
import { loadScript, ScriptedProvider } from "../../../../engine/agent/providers/scripted.js";
import { buildFlowGraph } from "../../../../engine/flow/graph.js";
import { type CreateOptions, runCreate } from "../../../../engine/pipeline/create/run-create.js";
import { stages } from "../../../../stages/registry.js";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";

export const EXAMPLE = join(REPO_ROOT, "examples/usb-c-breakout");
export const SESSIONS = join(EXAMPLE, "sessions");
export const RECHECK = join(EXAMPLE, "recheck");

/** The demo's first four stages: a design up to its drafted sheet, without layout. */
export const UP_TO_SCHEMATIC = buildFlowGraph(stages.slice(0, 4));

const dirs: string[] = [];
/** Removes every folder the file made. */
export function useCreateDirs(): void {
  afterAll(async () => {
    await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });
}

/** A copy of a finished design repository (its history, refs and tree), to change freely. */
export async function copyRepo(repo: string): Promise<string> {
  const dir = await emptyFolder("copy");
  await cp(repo, dir, { recursive: true });
  return dir;
}

/** An empty folder to create a design in. */
export async function emptyFolder(name = "design"): Promise<string> {
  const base = await realpath(await mkdtemp(join(tmpdir(), "copperhead-create-")));
  dirs.push(base);
  const dir = join(base, name);
  await mkdir(dir);
  return dir;
}

export async function demoSession(stage: string): Promise<ScriptedTurn[]> {
  return loadScript(join(SESSIONS, `${stage}.json`));
}

/** A folder of sessions: the demo's, with `override` replacing some stages'. */
export async function sessionFolder(override: Record<string, ScriptedTurn[]> = {}) {
  const dir = await emptyFolder("sessions");
  for (const stage of ["spec", "architecture", "parts", "schematic"]) {
    const turns = override[stage] ?? (await demoSession(stage));
    await writeFile(join(dir, `${stage}.json`), JSON.stringify(turns));
  }
  return dir;
}

/** Scripted models per stage from a folder, counting every call any of them answers. */
export function scriptedModels(dir: string) {
  const made: ScriptedProvider[] = [];
  return {
    provider: async (stage: string) => {
      const p = new ScriptedProvider(await loadScript(join(dir, `${stage}.json`)));
      made.push(p);
      return p;
    },
    calls: () => made.reduce((n, p) => n + p.calls, 0),
    made: () => made.length,
  };
}

/** runCreate on the four-stage graph with scripted models, collecting progress lines. */
export async function create(
  target: string,
  models: ReturnType<typeof scriptedModels>,
  extra: Partial<CreateOptions> = {},
) {
  return runCreate({
    target,
    brief: { kind: "file", path: join(EXAMPLE, "brief.md") },
    provider: models.provider,
    resume: "copperhead create --brief brief.md",
    graph: UP_TO_SCHEMATIC,
    env: cleanEnv(),
    ...extra,
  });
}

/** The process environment (kicad-cli is found on PATH) without copperhead's own settings. */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (key.startsWith("COPPERHEAD_") || key === "ANTHROPIC_API_KEY") delete env[key];
  }
  return env;
}

export const readJson = async (path: string) => JSON.parse(await readFile(path, "utf8"));

/** The demo schematic session without its PINOUT turn (attempt 1 fails pinout-present), a
 * diagnosis that says retry, and an attempt 2 that writes the pinout on the kept sheet. */
export async function failingSchematic(): Promise<{ turns: ScriptedTurn[]; guidance: string }> {
  const demo = await demoSession("schematic");
  const pinout = demo[5]!;
  const checks = demo[6]!;
  const finish = demo[7]!;
  const guidance =
    "The drafted sheet is kept in the tree: do not redraft it. Write docs/PINOUT.md for J1, J2 and J3, then run run_erc, check_drift and check_legibility, and finish.";
  const diagnosis: ScriptedTurn = {
    text: JSON.stringify({
      verdict: "retry",
      reason: "pinout-present failed: docs/PINOUT.md was never written",
      guidance,
    }),
    tools: [],
    expect: { catalogExcludes: ["draft_schematic", "run_erc", "finish"] },
  };
  const retry: ScriptedTurn[] = [
    {
      tools: [{ name: "read_file", input: { path: "hardware/schematic.intent.json" } }],
      expect: { catalogExcludes: ["write_file", "draft_schematic"] },
    },
    {
      tools: [
        {
          name: "propose_change",
          input: {
            id: "add-usb-c-breakout-pinout",
            why: "The schematic gate needs docs/PINOUT.md, which the first attempt never wrote; the connectors' pins are what the firmware and the bring-up plan read.",
            what_changes: ["Write docs/PINOUT.md"],
            tasks: ["Write the pinout", "Run ERC, drift and legibility"],
            no_spec_changes: true,
          },
        },
      ],
      expect: { lastResultIncludes: "J1" },
    },
    { tools: [{ name: "validate_change", input: { id: "add-usb-c-breakout-pinout" } }] },
    { ...pinout, expect: { lastResultIncludes: "validated" } },
    { ...checks, expect: { obligationsOpen: ["drift"] } },
    finish,
  ];
  return {
    turns: [...demo.slice(0, 5), { ...checks }, finish, diagnosis, ...retry],
    guidance,
  };
}
