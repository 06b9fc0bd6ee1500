import { stat } from "node:fs/promises";
import { join } from "node:path";
import { UsageError } from "../../errors.js";
import { parseJson } from "../../json-text.js";
import { LIMITS, megabytes, TooLargeError } from "../../limits.js";
import { readOptional } from "../../repo/read-optional.js";
import { checkLegibility } from "../legibility/check-legibility.js";
import { parseLegibilityConfig } from "../legibility/config.js";
import type { LegibilityReport } from "../legibility/report.js";
import type { SymbolCatalog } from "../library/symbol-catalog.js";
import { loadSchematicHierarchy } from "../schematic/hierarchy.js";
import type { ScoreReport } from "../score/report.js";
import { scoreSchematic } from "../score/score-schematic.js";
import type { DraftReport } from "./draft-report.js";
import { draftSchematic } from "./draft-schematic.js";
import {
  type DraftHierarchyResult,
  draftHierarchy,
  wantsHierarchy,
} from "./hierarchy/draft-hierarchy.js";
import type { IntentFinding } from "./intent-finding.js";
import { subsystemGroups } from "./subsystem-groups.js";
import {
  preflightDraft,
  type WriteDraftOptions,
  type WrittenDraft,
  writeDraft,
} from "./write-draft.js";

export interface DraftProjectInput extends WriteDraftOptions {
  intentPath: string;
  sheetPath: string;
  /** The repository's docs folder (SUBSYSTEMS.md groups, BOM.md cross-check), when it has one. */
  docsDir: string;
  catalog: SymbolCatalog;
}

export type DraftProjectResult =
  | {
      ok: true;
      report: DraftReport;
      legibility: LegibilityReport;
      score: ScoreReport;
      written: WrittenDraft;
    }
  | { ok: false; findings: IntentFinding[] };

/** Whether a single sheet drew on paper past A3 that hints.paper did not ask for. */
function beyondA3(paper: string, intent: unknown): boolean {
  const pinned = (intent as { hints?: { paper?: unknown } } | null)?.hints?.paper;
  return pinned === undefined && ["A2", "A1", "A0"].includes(paper);
}

/** Reads the intent file: a missing or oversized file is a UsageError, bad JSON a finding. */
async function readIntent(path: string): Promise<{ intent: unknown } | { finding: IntentFinding }> {
  const size = await stat(path).then(
    (s) => s.size,
    () => undefined,
  );
  if (size !== undefined && size > LIMITS.intentBytes) {
    throw new TooLargeError(
      `${path} is ${megabytes(size)}; copperhead reads an intent of up to ${megabytes(LIMITS.intentBytes)}`,
      "check that it is the intent IR; a real one is a few hundred KB (split a larger design into one intent per sheet)",
    );
  }
  const text = await readOptional(path);
  if (text === undefined) {
    throw new UsageError(`no intent at ${path}`, "write the intent there or pass --intent <path>");
  }
  try {
    return { intent: parseJson(text) };
  } catch (error) {
    return {
      finding: {
        kind: "shape",
        path: "",
        detail: `the intent is not valid JSON (${(error as Error).message}); fix the syntax`,
      },
    };
  }
}

/**
 * One call: draft the intent file into the sheet, write it (never over what copperhead did not
 * write; see write-draft.ts), then check and score what was written.
 */
export async function draftProject(input: DraftProjectInput): Promise<DraftProjectResult> {
  await preflightDraft(input.sheetPath, { force: input.force });
  const read = await readIntent(input.intentPath);
  if ("finding" in read) return { ok: false, findings: [read.finding] };
  const subsystems = await readOptional(join(input.docsDir, "SUBSYSTEMS.md"));
  const bom = await readOptional(join(input.docsDir, "BOM.md"));
  const request = {
    intent: read.intent,
    sheetPath: input.sheetPath,
    catalog: input.catalog,
    subsystems: subsystems === undefined ? undefined : subsystemGroups(subsystems),
    bom,
  };
  let drafted: DraftHierarchyResult = wantsHierarchy(read.intent)
    ? await draftHierarchy(request)
    : await draftSchematic(request).then((r) => (r.ok ? { ...r, subSheets: [] } : r));
  // A design that needs more than A3 on one sheet goes on more sheets, unless its paper is
  // pinned; when even that fails (one group alone needs more), the single sheet stands, noted.
  if (drafted.ok && drafted.subSheets.length === 0 && beyondA3(drafted.report.paper, read.intent)) {
    const split = await draftHierarchy(request);
    if (split.ok) drafted = split;
    else
      drafted.report.notes.push(
        `one sheet needs ${drafted.report.paper}, and a hierarchy of A4/A3 sheets cannot hold the design: ${split.findings.map((f) => f.detail).join("; ")}`,
      );
  }
  if (!drafted.ok) return drafted;
  input.signal?.throwIfAborted();
  // --out may name a folder that does not exist yet: writeDraft makes it, and removes it again
  // if the write fails, so a failed draft leaves nothing behind.
  const written = await writeDraft(
    { files: drafted.files, subSheets: drafted.subSheets },
    { force: input.force, signal: input.signal },
  );
  const hierarchy = await loadSchematicHierarchy(input.sheetPath);
  const legibility = checkLegibility(hierarchy, { config: parseLegibilityConfig(undefined) });
  return {
    ok: true,
    report: drafted.report,
    legibility,
    score: scoreSchematic(hierarchy, { legibility }),
    written,
  };
}
