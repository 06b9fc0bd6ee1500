import { copyFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll } from "vitest";
import type { Evidence } from "../../engine/flow/evidence.js";
import { type GateFindings, noGateFindings } from "../../engine/flow/gate-findings.js";
import { gatePasses, type StageContext } from "../../engine/flow/stage.js";
import { draftProject } from "../../engine/kicad/draft/draft-project.js";
import { DEFAULT_INTENT_PATH } from "../../engine/kicad/draft/intent.js";
import { SymbolCatalog } from "../../engine/kicad/library/symbol-catalog.js";
import { loadSchematicHierarchy } from "../../engine/kicad/schematic/hierarchy.js";
import { readConfig } from "../../engine/repo/config.js";
import { scaffoldDesignOf } from "../../engine/repo/scaffold/scaffold-design.js";
import { scaffoldDocs } from "../../engine/repo/scaffold/scaffold-docs.js";
import { prepareSchematic } from "../../stages/schematic/prepare.js";
import { LED_EXAMPLE, REPO_ROOT } from "../helpers/fixture-project.js";

const dirs: string[] = [];

/** Registers removal of every repo this file makes. */
export function useStageRepos(): void {
  afterAll(async () =>
    Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true }))),
  );
}

/** An empty folder to build a repo in (removed after the file's tests). */
export async function emptyRepo(): Promise<string> {
  const repo = await mkdtemp(join(tmpdir(), "copperhead-stage-"));
  dirs.push(repo);
  return repo;
}

export async function write(repo: string, path: string, text: string): Promise<void> {
  await mkdir(dirname(join(repo, path)), { recursive: true });
  await writeFile(join(repo, path), text);
}

/** A repo with these files. */
export async function repoWith(files: Record<string, string>): Promise<string> {
  const repo = await emptyRepo();
  for (const [path, text] of Object.entries(files)) await write(repo, path, text);
  return repo;
}

const LED_FILES = [
  "led.kicad_pro",
  "led.kicad_sch",
  "led.kicad_pcb",
  "sym-lib-table",
  "fp-lib-table",
];

/** The LED example's KiCad project under hardware/ with its BOM and PINOUT under docs/. */
export async function ledRepo(): Promise<string> {
  const repo = await emptyRepo();
  await mkdir(join(repo, "hardware"));
  for (const f of LED_FILES) await copyFile(join(LED_EXAMPLE, f), join(repo, "hardware", f));
  await cp(join(LED_EXAMPLE, "docs"), join(repo, "docs"), { recursive: true });
  return repo;
}

/** A KiCad demo project (all its files) under hardware/. */
export async function demoRepo(demo: string): Promise<string> {
  const repo = await emptyRepo();
  await cp(join("/usr/share/kicad/demos", demo), join(repo, "hardware"), { recursive: true });
  return repo;
}

export const readText = (repo: string, path: string) => readFile(join(repo, path), "utf8");

/** Runs a gate on a repo as the flow does (config read from the repo). */
export async function runGate(
  gate: (context: StageContext) => Promise<Evidence[]>,
  repo: string,
): Promise<{
  passes: boolean;
  evidence: Evidence[];
  byCheck: Map<string, Evidence>;
  findings: GateFindings;
}> {
  const findings = noGateFindings();
  const evidence = await gate({ repo, config: await readConfig(repo), findings });
  return {
    passes: gatePasses(evidence),
    evidence,
    byCheck: new Map(evidence.map((e) => [e.check, e])),
    findings,
  };
}

/**
 * A copperhead-created repo whose schematic is drafted from one of examples/intents by the real
 * drafter (as draft_schematic does it), after the schematic stage's prepare; its BOM and PINOUT
 * are written from the drafted sheet as a person reviewing init's scaffold would keep them.
 */
export async function draftedRepo(example: string): Promise<string> {
  const repo = await emptyRepo();
  await write(repo, "brief.md", `# Brief: ${example}\n\nDrafted from examples/intents.\n`);
  await write(
    repo,
    DEFAULT_INTENT_PATH,
    await readFile(join(REPO_ROOT, "examples/intents", `${example}.intent.json`), "utf8"),
  );
  await prepareSchematic({ repo });
  const config = await readConfig(repo);
  const sheet = join(repo, config.paths.schematic!);
  const drafted = await draftProject({
    intentPath: join(repo, DEFAULT_INTENT_PATH),
    sheetPath: sheet,
    docsDir: join(repo, "docs"),
    catalog: SymbolCatalog.fromEnv(),
  });
  if (!drafted.ok) throw new Error(JSON.stringify(drafted.findings));
  const hierarchy = await loadSchematicHierarchy(sheet);
  const docs = scaffoldDocs(scaffoldDesignOf(hierarchy, example));
  await write(repo, "docs/BOM.md", docs["BOM.md"]!);
  await write(repo, "docs/PINOUT.md", docs["PINOUT.md"]!);
  return repo;
}

/** Some files (or folders) of a KiCad demo, copied under hardware/. */
export async function demoFiles(demo: string, names: readonly string[]): Promise<string> {
  const repo = await emptyRepo();
  await mkdir(join(repo, "hardware"));
  for (const name of names)
    await cp(join("/usr/share/kicad/demos", demo, name), join(repo, "hardware", name), {
      recursive: true,
    });
  return repo;
}
