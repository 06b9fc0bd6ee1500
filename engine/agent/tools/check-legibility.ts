import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { loadCaptionVocabulary } from "../../kicad/legibility/caption-vocabulary.js";
import { checkLegibility } from "../../kicad/legibility/check-legibility.js";
import { renderLegibility } from "../../kicad/legibility/render-legibility.js";
import { isEngineDrafted } from "../../kicad/schematic/engine-stamp.js";
import { readConfig } from "../../repo/config.js";
import { configuredHierarchy } from "./configured-design.js";
import { defineTool } from "./define-tool.js";
import { facts } from "./tool-facts.js";

/**
 * check_legibility (seed 000): the deterministic legibility checker over the configured
 * schematic, as numbered actionable findings. With no schematic configured it says so and the
 * run goes on; the fact tells the ledger the sheet is absent.
 */
export const checkLegibilityTool = defineTool({
  name: "check_legibility",
  description:
    "Check the configured schematic's drawing for legibility problems (overlaps, text collisions, off-grid, out of frame, crowding, …). Returns numbered findings with kind, severity, sheet, coordinates, references and the fix, or that there are none.",
  schema: z.object({}),
  mutating: false,
  async run(_args, context) {
    const config = await readConfig(context.repo);
    const design = await configuredHierarchy(context, config);
    if (!design) {
      return {
        ok: true,
        summary: "check_legibility: no schematic configured",
        detail:
          "no schematic is configured (paths.schematic in .copperhead/config.json), so there is no sheet to check yet; carry on.",
        facts: facts.legibility(0, [], { present: false }),
      };
    }
    const vocabulary = await loadCaptionVocabulary(join(context.repo, config.paths.docs));
    const report = checkLegibility(design.hierarchy, { config: config.legibility, vocabulary });
    const text = await readFile(design.file.absolute, "utf8");
    return {
      ok: true,
      summary: `legibility: ${report.counts.error} error, ${report.counts.advisory} advisory`,
      detail: renderLegibility(report),
      facts: facts.legibility(report.counts.error, report.findings, {
        present: true,
        engineAuthored: isEngineDrafted(text),
      }),
    };
  },
});
