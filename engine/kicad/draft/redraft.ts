import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import type { SymbolCatalog } from "../library/symbol-catalog.js";
import { loadSchematicHierarchy } from "../schematic/hierarchy.js";
import { netlist } from "../schematic/netlist/netlist.js";
import { type DraftResult, draftSchematic, writeDraft } from "./draft-schematic.js";
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
 * Written only when the draft checks out, like any draft.
 */
export async function redraft(
  input: RedraftInput,
): Promise<{ intent: Intent; result: DraftResult }> {
  const hierarchy = await loadSchematicHierarchy(input.from);
  const intent = intentFromSchematic(hierarchy, netlist(hierarchy));
  const source = withEmbeddedFallback(
    input.catalog,
    await embeddedSymbols([...hierarchy.files.keys()]),
  );
  const result = await draftSchematic({ intent, sheetPath: input.sheetPath, catalog: source });
  if (result.ok) {
    await mkdir(dirname(input.sheetPath), { recursive: true });
    if (input.intentPath)
      await writeAtomic(input.intentPath, `${JSON.stringify(intent, null, 2)}\n`);
    await writeDraft(result.files);
  }
  return { intent, result };
}
