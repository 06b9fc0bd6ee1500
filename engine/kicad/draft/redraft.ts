import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pathExists } from "../../repo/path-exists.js";
import type { SymbolCatalog } from "../library/symbol-catalog.js";
import { loadSchematicHierarchy } from "../schematic/hierarchy.js";
import { netlist } from "../schematic/netlist/netlist.js";
import { type DraftResult, draftSchematic, writeDraft } from "./draft-schematic.js";
import { carriedFootprintTable } from "./footprint-table.js";
import type { Intent } from "./intent.js";
import { intentFromSchematic } from "./intent-from-schematic.js";
import { embeddedSymbols, withEmbeddedFallback } from "./symbol-source.js";
import { writeAtomic } from "./write-atomic.js";

export interface RedraftInput {
  /** The existing design's root (or any) sheet. */
  from: string;
  /** The regenerated sheet; its project files go beside it. */
  sheetPath: string;
  catalog: SymbolCatalog;
  /** Where to keep the derived intent (so later edits go through the IR); default: not kept. */
  intentPath?: string;
}

/**
 * Regenerates a design: its connectivity (our netlister) becomes an intent, symbols come from
 * the installed libraries or the design's embedded copies, and the drafter draws it afresh.
 * Written only when the draft checks out, like any draft; the original project's footprint
 * libraries the parts use come along as an `fp-lib-table` beside the new sheet (`footprintTable`).
 */
export async function redraft(
  input: RedraftInput,
): Promise<{ intent: Intent; result: DraftResult; footprintTable?: string }> {
  const hierarchy = await loadSchematicHierarchy(input.from);
  const intent = intentFromSchematic(hierarchy, netlist(hierarchy));
  const source = withEmbeddedFallback(
    input.catalog,
    await embeddedSymbols([...hierarchy.files.keys()]),
  );
  const result = await draftSchematic({ intent, sheetPath: input.sheetPath, catalog: source });
  let footprintTable: string | undefined;
  if (result.ok) {
    const dir = dirname(input.sheetPath);
    await mkdir(dir, { recursive: true });
    if (input.intentPath)
      await writeAtomic(input.intentPath, `${JSON.stringify(intent, null, 2)}\n`);
    // A table already beside the sheet is a person's (or the original itself): left alone.
    const table = await carriedFootprintTable(
      input.from,
      dir,
      intent.parts.flatMap((p) => (p.footprint ? [p.footprint] : [])),
    );
    if (table !== undefined && !(await pathExists(join(dir, "fp-lib-table")))) {
      footprintTable = join(dir, "fp-lib-table");
      await writeAtomic(footprintTable, table);
    }
    await writeDraft(result.files);
  }
  return { intent, result, footprintTable };
}
