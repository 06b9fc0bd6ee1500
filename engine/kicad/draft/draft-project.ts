import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { UsageError } from "../../errors.js";
import { readOptional } from "../../repo/read-optional.js";
import { checkLegibility } from "../legibility/check-legibility.js";
import { parseLegibilityConfig } from "../legibility/config.js";
import type { LegibilityReport } from "../legibility/report.js";
import type { SymbolCatalog } from "../library/symbol-catalog.js";
import { loadSchematicHierarchy } from "../schematic/hierarchy.js";
import type { ScoreReport } from "../score/report.js";
import { scoreSchematic } from "../score/score-schematic.js";
import type { DraftReport } from "./draft-report.js";
import { draftSchematic, writeDraft } from "./draft-schematic.js";
import type { IntentFinding } from "./intent-finding.js";
import { subsystemGroups } from "./subsystem-groups.js";

export interface DraftProjectInput {
  intentPath: string;
  sheetPath: string;
  /** The repository's docs folder (SUBSYSTEMS.md groups, BOM.md cross-check), when it has one. */
  docsDir: string;
  catalog: SymbolCatalog;
}

export type DraftProjectResult =
  | { ok: true; report: DraftReport; legibility: LegibilityReport; score: ScoreReport }
  | { ok: false; findings: IntentFinding[] };

/** One call: draft the intent file into the sheet, then check and score what was written. */
export async function draftProject(input: DraftProjectInput): Promise<DraftProjectResult> {
  const text = await readOptional(input.intentPath);
  if (text === undefined) {
    throw new UsageError(
      `no intent at ${input.intentPath}`,
      "write the intent there or pass --intent <path>",
    );
  }
  let intent: unknown;
  try {
    intent = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      findings: [
        {
          kind: "shape",
          path: "",
          detail: `the intent is not valid JSON (${(error as Error).message}); fix the syntax`,
        },
      ],
    };
  }
  const subsystems = await readOptional(join(input.docsDir, "SUBSYSTEMS.md"));
  const bom = await readOptional(join(input.docsDir, "BOM.md"));
  const drafted = await draftSchematic({
    intent,
    sheetPath: input.sheetPath,
    catalog: input.catalog,
    subsystems: subsystems === undefined ? undefined : subsystemGroups(subsystems),
    bom,
  });
  if (!drafted.ok) return drafted;
  // Like --from's redraft/ folder: --out may name a folder that does not exist yet. Made only
  // after the draft succeeded, so a failed draft still leaves nothing behind.
  await mkdir(dirname(input.sheetPath), { recursive: true });
  await writeDraft(drafted.files);
  const hierarchy = await loadSchematicHierarchy(input.sheetPath);
  const legibility = checkLegibility(hierarchy, { config: parseLegibilityConfig(undefined) });
  return {
    ok: true,
    report: drafted.report,
    legibility,
    score: scoreSchematic(hierarchy, { legibility }),
  };
}
