import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { readOptional } from "../../../repo/read-optional.js";
import { writeAtomic } from "../../draft/write-atomic.js";
import type { CatalogFootprint } from "./footprint-catalog.js";
import { type LibTable, type LibTableRow, libTableText, mergeLibRows } from "./lib-table.js";
import { FP_LIB_TABLE, isVendoredRow, VENDOR_DIR, vendoredRow } from "./project-libraries.js";

/** What vendoring would write: footprint copies and the merged table, as files. */
export interface VendorPlan {
  readonly files: readonly { readonly path: string; readonly text: string }[];
  readonly table: { readonly path: string; readonly text: string } | undefined;
}

/**
 * Every installed-library footprint the board uses, copied into `footprints/<Lib>.pretty/`
 * beside the board (a copy already there is kept: it is the project's frozen version), and the
 * project fp-lib-table with a row per vendored library merged in — a person's rows are kept,
 * and a nickname they point elsewhere is theirs (nothing is vendored for it).
 */
export async function planVendoring(
  projectDir: string,
  used: readonly CatalogFootprint[],
  table: LibTable | undefined,
): Promise<VendorPlan> {
  const existing = table?.rows ?? [];
  const theirs = new Set(existing.filter((r) => !isVendoredRow(r)).map((r) => r.name));
  const files: { path: string; text: string }[] = [];
  const nicknames = new Set<string>();
  for (const fp of used) {
    const nickname = fp.library.nickname;
    if (theirs.has(nickname)) continue;
    nicknames.add(nickname);
    if (fp.library.source === "project") continue;
    const path = join(projectDir, VENDOR_DIR, `${nickname}.pretty`, `${fp.name}.kicad_mod`);
    if ((await readOptional(path)) === undefined) files.push({ path, text: fp.text });
  }
  // Vendored rows of earlier runs stay while their folders do: removing a part keeps its copy.
  const keep = existing.filter(isVendoredRow).map((r) => r.name);
  const ours: LibTableRow[] = [...new Set([...nicknames, ...keep])].map(vendoredRow);
  const rows = mergeLibRows(existing, ours, isVendoredRow);
  const text = libTableText("fp_lib_table", rows);
  const path = join(projectDir, FP_LIB_TABLE);
  const before = await readOptional(path);
  return { files, table: before === text ? undefined : { path, text } };
}

/** Writes a plan: footprint copies first, then the table, each atomically. */
export async function writeVendoring(plan: VendorPlan): Promise<string[]> {
  const written: string[] = [];
  for (const file of plan.files) {
    await mkdir(join(file.path, ".."), { recursive: true });
    await writeAtomic(file.path, file.text);
    written.push(file.path);
  }
  if (plan.table) {
    await writeAtomic(plan.table.path, plan.table.text);
    written.push(plan.table.path);
  }
  return written;
}
