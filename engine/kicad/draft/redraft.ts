import { dirname, join } from "node:path";
import { checkLegibility } from "../legibility/check-legibility.js";
import { parseLegibilityConfig } from "../legibility/config.js";
import type { LegibilityReport } from "../legibility/report.js";
import type { SymbolCatalog } from "../library/symbol-catalog.js";
import { assertDesignSafe } from "../preflight/preflight-design.js";
import { loadSchematicHierarchy } from "../schematic/hierarchy.js";
import { netlist } from "../schematic/netlist/netlist.js";
import type { ScoreReport } from "../score/report.js";
import { scoreSchematic } from "../score/score-schematic.js";
import { type DraftInput, draftSchematic } from "./draft-schematic.js";
import { carriedFootprintRows } from "./footprint-table.js";
import {
  type DraftHierarchyResult,
  draftHierarchy,
  wantsHierarchy,
} from "./hierarchy/draft-hierarchy.js";
import type { Intent } from "./intent.js";
import { intentFromSchematic } from "./intent-from-schematic.js";
import { embeddedSymbols, withEmbeddedFallback } from "./symbol-source.js";
import {
  preflightDraft,
  type WriteDraftOptions,
  type WrittenDraft,
  writeDraft,
} from "./write-draft.js";

export interface RedraftInput extends WriteDraftOptions {
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
 * Written only when the draft checks out, like any draft, and never over what copperhead did
 * not write (write-draft.ts); the original project's footprint libraries the parts use are
 * added to the `fp-lib-table` beside the new sheet (`footprintTable`, when rows were added).
 * A hierarchical original is drafted as a hierarchy of its own sheets, a sub-sheet placed N
 * times as one shared sheet (intent-sheet-hints.ts). A design naming files outside the
 * repository raises UnsafeDesignError before anything of it is read past the pre-flight. What
 * was written is then checked and scored like any draft, every sheet of it.
 */
export async function redraft(input: RedraftInput): Promise<{
  intent: Intent;
  result: DraftHierarchyResult;
  footprintTable?: string;
  written?: WrittenDraft;
  legibility?: LegibilityReport;
  score?: ScoreReport;
}> {
  // The whole project first (sheets, library tables, 3-D models): a design that names a file
  // outside the repository is refused before anything of it is read or written.
  const preflight = await assertDesignSafe({ schematic: input.from });
  await preflightDraft(input.sheetPath, { force: input.force, intentPath: input.intentPath });
  const hierarchy = await loadSchematicHierarchy(input.from, { scope: preflight.scope });
  const source = withEmbeddedFallback(
    input.catalog,
    await embeddedSymbols([...hierarchy.files.keys()], preflight.scope),
  );
  const { intent, result } = await draftRecorded(
    intentFromSchematic(hierarchy, netlist(hierarchy)),
    input.sheetPath,
    source,
  );
  if (!result.ok) return { intent, result };
  input.signal?.throwIfAborted();
  const dir = dirname(input.sheetPath);
  const rows = await carriedFootprintRows(
    input.from,
    dir,
    intent.parts.flatMap((p) => (p.footprint ? [p.footprint] : [])),
    preflight.scope,
  );
  const table = join(dir, "fp-lib-table");
  const written = await writeDraft(
    {
      files: result.files,
      subSheets: result.subSheets,
      ...(rows.length > 0 ? { footprintRows: { path: table, rows } } : {}),
      ...(input.intentPath
        ? { intent: { path: input.intentPath, text: `${JSON.stringify(intent, null, 2)}\n` } }
        : {}),
    },
    { force: input.force, signal: input.signal },
  );
  const drawn = await loadSchematicHierarchy(input.sheetPath);
  const legibility = checkLegibility(drawn, { config: parseLegibilityConfig(undefined) });
  return {
    intent,
    result,
    written,
    legibility,
    score: scoreSchematic(drawn, { legibility }),
    ...(written.written.includes(table) ? { footprintTable: table } : {}),
  };
}

function flatDraft(request: DraftInput): Promise<DraftHierarchyResult> {
  return draftSchematic(request).then((r) => (r.ok ? { ...r, subSheets: [] } : r));
}

/**
 * The original's own sheets when they fit A4/A3 drafted; else, rather than refuse a design
 * that drafts, its parts on one sheet as before the hierarchy was kept (a sheet of the original
 * too big for A3 stays one group today), with a note saying why. The intent returned is the
 * one drawn, so the kept `<name>.intent.json` redrafts the same sheets.
 */
async function draftRecorded(
  intent: Intent,
  sheetPath: string,
  catalog: DraftInput["catalog"],
): Promise<{ intent: Intent; result: DraftHierarchyResult }> {
  if (!wantsHierarchy(intent)) {
    return { intent, result: await flatDraft({ intent, sheetPath, catalog }) };
  }
  const result = await draftHierarchy({ intent, sheetPath, catalog });
  if (result.ok || !result.findings.every((f) => f.kind === "does-not-fit")) {
    return { intent, result };
  }
  const { sheets: _sheets, instances: _instances, ...hints } = intent.hints ?? {};
  const flat: Intent = { ...intent, hints };
  const drawn = await flatDraft({ intent: flat, sheetPath, catalog });
  if (!drawn.ok) return { intent, result };
  const why = result.findings.map((f) => f.detail).join("; ");
  const note = `drawn on one sheet, not as the original's sheets: ${why}`;
  return {
    intent: flat,
    result: { ...drawn, report: { ...drawn.report, notes: [...drawn.report.notes, note] } },
  };
}
