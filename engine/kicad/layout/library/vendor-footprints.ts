import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { UsageError } from "../../../errors.js";
import { readOptional } from "../../../repo/read-optional.js";
import { mergeLibTable } from "../../draft/lib-table.js";
import { writeAtomic } from "../../draft/write-atomic.js";
import type { CatalogFootprint } from "./footprint-catalog.js";
import { isVendoredRow, type ProjectTable, VENDOR_DIR, vendoredRow } from "./project-libraries.js";

/** What vendoring would write: footprint copies and the merged table, as files. */
export interface VendorPlan {
  readonly files: readonly { readonly path: string; readonly text: string }[];
  readonly table: { readonly path: string; readonly text: string } | undefined;
}

/**
 * Every installed-library footprint the board uses, copied into `footprints/<Lib>.pretty/`
 * beside the board (a copy already there is kept: it is the project's frozen version), and a row
 * per vendored library merged into the project's fp-lib-table with the shared table merge
 * (engine/kicad/draft/lib-table.ts): a person's rows and bytes stay as they are, ours are added
 * before the closing parenthesis, and a nickname a person already points elsewhere is theirs —
 * nothing is vendored for it (its footprints resolved through their row).
 */
export async function planVendoring(
  projectDir: string,
  used: readonly CatalogFootprint[],
  table: ProjectTable,
): Promise<VendorPlan> {
  const theirs = new Set(table.rows.filter((r) => !isVendoredRow(r)).map((r) => r.name));
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
  const ours = [...nicknames].sort().map(vendoredRow);
  const existing = table.text ?? "(fp_lib_table\n\t(version 7)\n)\n";
  const merged = mergeLibTable("fp_lib_table", existing, ours, table.file);
  if (merged.kind === "conflict") {
    throw new UsageError(
      `${table.file} cannot take the vendored footprint libraries: ${merged.reason}`,
      "rename or remove that row, or point it at the library copperhead vendors",
    );
  }
  if (merged.kind === "unchanged") return { files, table: undefined };
  return { files, table: { path: table.file, text: merged.text } };
}

/** Writes a plan: footprint copies first, then the table, each atomically. */
export async function writeVendoring(plan: VendorPlan): Promise<string[]> {
  const written: string[] = [];
  for (const file of plan.files) {
    await mkdir(dirname(file.path), { recursive: true });
    await writeAtomic(file.path, file.text);
    written.push(file.path);
  }
  if (plan.table) {
    await writeAtomic(plan.table.path, plan.table.text);
    written.push(plan.table.path);
  }
  return written;
}
