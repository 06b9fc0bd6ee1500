import { readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { z } from "zod";
import { parseJson } from "../../json-text.js";
import { renderDraftReport } from "../../kicad/draft/draft-report.js";
import { draftSchematic } from "../../kicad/draft/draft-schematic.js";
import { DEFAULT_INTENT_PATH as INTENT_PATH } from "../../kicad/draft/intent.js";
import { renderIntentFindings } from "../../kicad/draft/intent-finding.js";
import { subsystemGroups } from "../../kicad/draft/subsystem-groups.js";
import { DraftConflictError, writeDraft } from "../../kicad/draft/write-draft.js";
import { loadCaptionVocabulary } from "../../kicad/legibility/caption-vocabulary.js";
import { checkLegibility } from "../../kicad/legibility/check-legibility.js";
import { renderLegibility } from "../../kicad/legibility/render-legibility.js";
import { SymbolCatalog } from "../../kicad/library/symbol-catalog.js";
import { isEngineDrafted } from "../../kicad/schematic/engine-stamp.js";
import { loadSchematicHierarchy } from "../../kicad/schematic/hierarchy.js";
import { renderScore } from "../../kicad/score/render-score.js";
import { scoreSchematic } from "../../kicad/score/score-schematic.js";
import { readConfig } from "../../repo/config.js";
import { readOptional } from "../../repo/read-optional.js";
import type { MutatedFact } from "../ledger/facts.js";
import type { ToolResult } from "../tool.js";
import { atomicWrite } from "./atomic-write.js";
import { confinePath } from "./confine.js";
import { defineTool } from "./define-tool.js";
import { ToolError } from "./tool-error.js";
import { facts, mutationKind } from "./tool-facts.js";

export const draftSchematicArgs = z.object({
  intent_path: z
    .string()
    .min(1)
    .default(INTENT_PATH)
    .describe(`repo-relative path of the netlist-intent IR (default ${INTENT_PATH})`),
  intent: z
    .record(z.string(), z.unknown())
    .optional()
    .describe(
      "the IR inline; when given it is drafted and, on success, saved to intent_path so the sheet can be regenerated",
    ),
});

/**
 * draft_schematic (seed 000): validate the IR, draft the configured sheet from it, write it, and
 * check and score what was written, in one call. A bad IR comes back as the numbered findings and
 * nothing is written. A sheet a person drew is never overwritten: those keep the anchored
 * edit_file path. The embedded legibility result is the same fact check_legibility emits, so the
 * ledger re-opens (mutation) and then judges (findings) exactly as after an edit plus a check.
 */
export const draftSchematicTool = defineTool({
  name: "draft_schematic",
  description: `Regenerate the configured schematic from the netlist-intent IR (${INTENT_PATH}, or inline). Validates the IR, places and wires every part, writes the sheet, and returns the draft report with the sheet's legibility findings and score. An invalid IR returns numbered findings and leaves the sheet untouched. Refuses to overwrite a schematic a person drew.`,
  schema: draftSchematicArgs,
  mutating: true,
  async run(args, context): Promise<ToolResult> {
    const config = await readConfig(context.repo);
    const configured = config.paths.schematic;
    if (!configured) {
      throw new ToolError(
        "refused",
        "no schematic is configured (paths.schematic in .copperhead/config.json is empty), so there is no sheet to draft into",
        "finish with outcome refuse and ask for a schematic path to be configured; the schematic stage scaffolds one",
      );
    }
    const sheet = await confinePath(context.repo, configured);
    if (!sheet.relative.endsWith(".kicad_sch")) {
      throw new ToolError(
        "refused",
        `the configured schematic ${sheet.relative} is not a .kicad_sch file`,
        "correct paths.schematic in .copperhead/config.json",
      );
    }
    const existing = await readOptional(sheet.absolute);
    if (existing !== undefined && !isEngineDrafted(existing)) {
      throw new ToolError(
        "refused",
        `${sheet.relative} was drawn by a person (its generator stamp is not copperhead's); drafting would replace their drawing`,
        "edit the sheet with edit_file (anchored replace) instead of redrafting it",
      );
    }
    const intentFile = await confinePath(context.repo, args.intent_path);
    let intent: unknown = args.intent;
    if (intent === undefined) {
      const text = await readOptional(intentFile.absolute);
      if (text === undefined) {
        throw new ToolError(
          "not-found",
          `no intent at ${intentFile.relative}`,
          "write the IR there with write_file (or edit_file), or pass it inline as `intent`",
        );
      }
      try {
        intent = parseJson(text);
      } catch (error) {
        return invalid(
          `intent validation: 1 finding(s) to reconcile:\n  1. [shape] ${intentFile.relative} is not valid JSON (${(error as Error).message}); fix the syntax`,
          sheet.relative,
        );
      }
    }
    const docs = join(context.repo, config.paths.docs);
    const subsystems = await readOptional(join(docs, "SUBSYSTEMS.md"));
    const bom = await readOptional(join(docs, "BOM.md"));
    const drafted = await draftSchematic({
      intent,
      sheetPath: sheet.absolute,
      catalog: SymbolCatalog.fromEnv(context.env),
      subsystems: subsystems === undefined ? undefined : subsystemGroups(subsystems),
      bom,
    });
    if (!drafted.ok) return invalid(renderIntentFindings(drafted.findings), sheet.relative);

    // Every drafted file counts as mutated, rewritten or already identical (a draft asks for the
    // checks again either way), except a person's .kicad_pro, which is kept as it is.
    let rewritten: string[];
    try {
      rewritten = (await writeDraft({ files: drafted.files }, { signal: context.signal })).written;
    } catch (error) {
      if (!(error instanceof DraftConflictError)) throw error;
      throw new ToolError(
        "refused",
        error.message.replaceAll(`${context.repo}/`, ""),
        "leave those files alone: finish with outcome refuse and say which files block the draft, or configure another schematic path",
      );
    }
    const { project, ...drafts } = drafted.files;
    const paths = [
      ...Object.values(drafts).map((f) => f.path),
      ...(rewritten.includes(project.path) ? [project.path] : []),
    ];
    const mutated: MutatedFact[] = [];
    for (const file of paths) {
      const path = relative(context.repo, file).split(sep).join("/");
      const kind = mutationKind(path);
      mutated.push(kind === "schematic" ? { kind, path, engineAuthored: true } : { kind, path });
    }
    if (args.intent !== undefined) {
      await atomicWrite(intentFile.absolute, `${JSON.stringify(args.intent, null, 2)}\n`);
      mutated.push({ kind: "other", path: intentFile.relative });
    }

    // Judge the file as written, with the repo's own legibility settings and vocabulary, so
    // the verdict is the one check_legibility would give right now.
    const hierarchy = await loadSchematicHierarchy(sheet.absolute);
    const vocabulary = await loadCaptionVocabulary(docs);
    const legibility = checkLegibility(hierarchy, { config: config.legibility, vocabulary });
    const score = scoreSchematic(hierarchy, { ...config.score, legibility });
    const written = await readFile(sheet.absolute, "utf8");
    const report = renderDraftReport({ ...drafted.report, sheet: sheet.relative });
    return {
      ok: true,
      summary: `drafted ${sheet.relative}: ${drafted.report.groups.length} group(s), ${drafted.report.wireCount} wire(s), ${drafted.report.labelCount} label(s); legibility ${legibility.counts.error} error, score ${score.composite}`,
      detail: [report, renderLegibility(legibility), renderScore(score)].join("\n\n"),
      facts: {
        mutated,
        ...facts.legibility(legibility.counts.error, legibility.findings, {
          present: true,
          engineAuthored: isEngineDrafted(written),
        }),
      },
    };
  },
});

function invalid(findings: string, sheet: string): ToolResult {
  return {
    ok: false,
    errorKind: "invalid-arguments",
    summary: "draft_schematic: the intent has findings, nothing written",
    detail: `${findings}\nnothing was written: ${sheet} is unchanged. Fix the intent and call draft_schematic again.`,
  };
}
