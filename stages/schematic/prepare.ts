import { mkdir } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { readRepoText } from "../../engine/flow/gates/repo-files.js";
import { BRIEF_PATH } from "../../engine/flow/graph.js";
import type { StageContext } from "../../engine/flow/stage.js";
import { emitSheet } from "../../engine/kicad/draft/emit-sheet.js";
import { DEFAULT_DRAFT_DATE } from "../../engine/kicad/draft/intent.js";
import { emptyDrawing } from "../../engine/kicad/draft/layout/cell-items.js";
import { writeAtomic } from "../../engine/kicad/draft/write-atomic.js";
import { writeSexp } from "../../engine/kicad/sexp/write.js";
import { readConfig } from "../../engine/repo/config.js";
import { designSlug } from "../../engine/repo/design-slug.js";
import { pathExists } from "../../engine/repo/path-exists.js";
import { updateConfig } from "../../engine/repo/update-config.js";

/** An empty A4 sheet stamped as copperhead's: what draft_schematic will draw into. */
export function emptySheetText(project: string, title: string): string {
  const drawing = emptyDrawing("A4");
  return writeSexp(
    emitSheet(drawing, {
      project,
      title,
      date: DEFAULT_DRAFT_DATE,
      libSymbols: [],
      libIdOf: (id) => id,
    }),
  );
}

/** The minimal project file KiCad needs beside a sheet for its library tables to count. */
export function projectFileText(project: string): string {
  return `${JSON.stringify({ meta: { filename: `${project}.kicad_pro`, version: 1 } }, null, 2)}\n`;
}

/**
 * Before every schematic attempt: the configured sheet (else `hardware/<slug>.kicad_sch`, the
 * slug from the brief's title) exists, with its `.kicad_pro`, and the config names it. Only
 * what is missing is written — a failed attempt's rollback may have removed the untracked
 * scaffold, and a sheet with work on it is never replaced. A new scaffold marks the repo as
 * copperhead-created (origin "create") unless the config already says who made it.
 */
export async function prepareSchematic({ repo }: Pick<StageContext, "repo">): Promise<void> {
  const config = await readConfig(repo);
  const slug = designSlug(await readRepoText(repo, BRIEF_PATH));
  const sheet = config.paths.schematic ?? `hardware/${slug}.kicad_sch`;
  const absolute = join(repo, sheet);
  const project = basename(sheet, ".kicad_sch");
  await mkdir(dirname(absolute), { recursive: true });
  const created = !(await pathExists(absolute));
  if (created) await writeAtomic(absolute, emptySheetText(project, project));
  const pro = join(dirname(absolute), `${project}.kicad_pro`);
  if (!(await pathExists(pro))) await writeAtomic(pro, projectFileText(project));
  await updateConfig(repo, (json) => {
    const paths = (json.paths ?? {}) as Record<string, unknown>;
    return {
      ...json,
      ...(json.origin === undefined && created ? { origin: "create" } : {}),
      paths: { ...paths, schematic: sheet },
    };
  });
}
