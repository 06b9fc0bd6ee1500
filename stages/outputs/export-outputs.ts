import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { CopperheadError } from "../../engine/errors.js";
import { designTarget } from "../../engine/flow/gates/design-target.js";
import { filesMatching, readRepoText } from "../../engine/flow/gates/repo-files.js";
import { findRootSheet } from "../../engine/kicad/cli/root-sheet.js";
import { type ExportedFile, exportDesign } from "../../engine/kicad/export/export-design.js";
import { schematicOrderParts } from "../../engine/kicad/export/order-parts.js";
import { loadSchematicHierarchy } from "../../engine/kicad/schematic/hierarchy.js";
import { readConfig } from "../../engine/repo/config.js";
import { memoizedExport } from "./export-memo.js";
import {
  MANIFEST,
  type Manifest,
  manifestOf,
  manifestText,
  OUTPUTS_DIR,
  readManifest,
} from "./manifest.js";
import { withBomColumns } from "./order-parts.js";

/** The outputs stage cannot export: no board or schematic, or a person's file is in the way. */
export class OutputsError extends CopperheadError {}

export interface Exported {
  files: ExportedFile[];
  manifest: Manifest;
}

/**
 * Exports the repo's design into `dest` (a folder that must not exist yet) with its manifest:
 * the board and schematic `copperhead check` would use, the parts from the schematic with what
 * BOM.md adds. An export of byte-identical inputs earlier in the process is reused
 * (export-memo.ts), so the gate's proof of reproducibility costs no second KiCad run.
 */
export function exportInto(repo: string, dest: string, env: NodeJS.ProcessEnv): Promise<Exported> {
  return memoizedExport(repo, dest, env, () => exportFresh(repo, dest, env));
}

async function exportFresh(repo: string, dest: string, env: NodeJS.ProcessEnv): Promise<Exported> {
  const target = await designTarget(repo);
  if (!target.ok)
    throw new OutputsError(target.detail, "fix the project configuration, then export again");
  if (!target.board || !target.schematic) {
    throw new OutputsError(
      `nothing to export: ${target.schematic ? "no board" : "no schematic"} in the repo`,
      "run the schematic and layout stages first (or set paths.schematic and paths.board in .copperhead/config.json)",
    );
  }
  const hierarchy = await loadSchematicHierarchy(await findRootSheet(target.schematic.absolute));
  const config = await readConfig(repo);
  const bom = await readRepoText(repo, `${config.paths.docs}/BOM.md`);
  const parts = withBomColumns(schematicOrderParts(hierarchy), bom);
  await mkdir(dest);
  const files = await exportDesign(
    { board: target.board.absolute, schematic: target.schematic.absolute, parts, env },
    dest,
  );
  const manifest = await manifestOf(dest, files, {
    board: target.board.relative,
    schematic: target.schematic.relative,
  });
  await writeFile(join(dest, MANIFEST), manifestText(manifest));
  return { files, manifest };
}

/**
 * The outputs stage's whole work, no model involved: export into a fresh folder beside
 * `outputs/`, then swap it in. Only files the previous export listed in its manifest are
 * replaced; a file a person put in `outputs/` stops the export (nothing is deleted). A run
 * killed halfway leaves the old `outputs/` or the new one, and the next run tidies up.
 */
export async function exportOutputs(
  repo: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Exported> {
  const live = join(repo, OUTPUTS_DIR);
  for (const name of await readdir(repo)) {
    if (/^\.outputs-(new|old)-/.test(name))
      await rm(join(repo, name), { recursive: true, force: true });
  }
  const previous = await readManifest(repo);
  const known = new Set([MANIFEST, ...(previous?.files.map((f) => f.path) ?? [])]);
  const foreign = (await filesMatching(repo, `${OUTPUTS_DIR}/`))
    .map((f) => f.path.slice(OUTPUTS_DIR.length + 1))
    .filter((p) => !known.has(p));
  if (foreign.length > 0) {
    throw new OutputsError(
      `outputs/ holds ${foreign.length} file(s) copperhead did not export (${foreign.slice(0, 3).join(", ")}${foreign.length > 3 ? ", …" : ""})`,
      "outputs/ is regenerated as a whole: move those files elsewhere, then export again",
    );
  }
  const stage = await mkdtemp(join(repo, ".outputs-new-"));
  await rm(stage, { recursive: true });
  try {
    const exported = await exportInto(repo, stage, env);
    const old = stage.replace(".outputs-new-", ".outputs-old-");
    const hadOld = await rename(live, old).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return false;
        throw error;
      },
    );
    await rename(stage, live);
    if (hadOld) await rm(old, { recursive: true, force: true });
    return exported;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}
