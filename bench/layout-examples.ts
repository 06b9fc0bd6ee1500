import { copyFile, mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { draftProject } from "../engine/kicad/draft/draft-project.js";
import { boardSpec } from "../engine/kicad/layout/inputs/board-spec.js";
import { layoutInputFromSchematic } from "../engine/kicad/layout/inputs/from-schematic.js";
import { intentGroups } from "../engine/kicad/layout/inputs/intent-groups.js";
import { layoutConfigSchema } from "../engine/kicad/layout/inputs/layout-config.js";
import { readLayoutConstraints } from "../engine/kicad/layout/inputs/read-constraints.js";
import { layoutBoard } from "../engine/kicad/layout/layout-board.js";
import type { LayoutInput } from "../engine/kicad/layout/layout-input.js";
import { type LayoutProjectResult, layoutProject } from "../engine/kicad/layout/layout-project.js";
import type { FootprintCatalog } from "../engine/kicad/layout/library/footprint-catalog.js";
import { SymbolCatalog } from "../engine/kicad/library/symbol-catalog.js";
import { loadSchematicHierarchy } from "../engine/kicad/schematic/hierarchy.js";

/** The repository root (this file is bench/layout-examples.ts, compiled or not). */
const ROOT = resolve(import.meta.dirname, import.meta.dirname.includes("/dist/") ? "../.." : "..");

/** The bundled examples the layout engine is shown on, smallest first. */
export const LAYOUT_EXAMPLES = ["usb-c-breakout", "mcu-opamp-board", "sensor-hub"] as const;
export type LayoutExample = (typeof LAYOUT_EXAMPLES)[number];

export interface ExampleProject {
  /** A repository-like folder: hardware/<name>.kicad_sch, .copperhead/constraints.json. */
  readonly repo: string;
  readonly board: string;
  readonly schematic: string;
}

/**
 * Drafts an example's intent (examples/intents) into `<repo>/hardware/` and records its board
 * constraints (examples/layout) as the spec stage would, ready for `copperhead layout`.
 */
export async function prepareExample(name: LayoutExample, repo: string): Promise<ExampleProject> {
  const hardware = join(repo, "hardware");
  const schematic = join(hardware, `${name}.kicad_sch`);
  const intentPath = join(hardware, `${name}.intent.json`);
  await mkdir(join(repo, ".copperhead"), { recursive: true });
  await mkdir(hardware, { recursive: true });
  await copyFile(join(ROOT, "examples/intents", `${name}.intent.json`), intentPath);
  await copyFile(
    join(ROOT, "examples/layout", `${name}.constraints.json`),
    join(repo, ".copperhead/constraints.json"),
  );
  const drafted = await draftProject({
    intentPath,
    sheetPath: schematic,
    docsDir: join(repo, "docs"),
    catalog: SymbolCatalog.fromEnv(),
  });
  if (!drafted.ok)
    throw new Error(
      `the ${name} example no longer drafts: ${drafted.findings.map((f) => f.detail).join("; ")}`,
    );
  return { repo, board: join(hardware, `${name}.kicad_pcb`), schematic };
}

/** `copperhead layout` of a prepared example, with its constraints and the default config. */
export async function layoutExample(project: ExampleProject): Promise<LayoutProjectResult> {
  return layoutProject({
    board: project.board,
    constraints: await readLayoutConstraints(project.repo),
    config: layoutConfigSchema.parse(undefined),
    intentPaths: [project.board.replace(/\.kicad_pcb$/, ".intent.json")],
  });
}

/** An example drafted into `repo`, as the layout engine's input and board spec (the benches'). */
export async function exampleInput(name: LayoutExample, repo: string) {
  const project = await prepareExample(name, repo);
  const input = layoutInputFromSchematic(await loadSchematicHierarchy(project.schematic), {
    groups: await intentGroups([project.board.replace(/\.kicad_pcb$/, ".intent.json")]),
  });
  const spec = boardSpec(await readLayoutConstraints(project.repo), layoutConfigSchema.parse({}));
  return { project, input, spec };
}

/** The placer's board for a bench input; a bench input that does not place is a bench bug. */
export async function placedBoard(
  input: LayoutInput,
  spec: ReturnType<typeof boardSpec>,
  catalog: FootprintCatalog,
) {
  const laid = await layoutBoard(input, { spec, catalog });
  if (!laid.ok)
    throw new Error(
      `${input.title} did not place: ${laid.findings.map((f) => f.detail).join("; ")}`,
    );
  return laid;
}
