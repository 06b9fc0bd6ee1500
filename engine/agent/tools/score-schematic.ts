import { join } from "node:path";
import { z } from "zod";
import { loadCaptionVocabulary } from "../../kicad/legibility/caption-vocabulary.js";
import { checkLegibility } from "../../kicad/legibility/check-legibility.js";
import { renderScore } from "../../kicad/score/render-score.js";
import { scoreSchematic } from "../../kicad/score/score-schematic.js";
import { readConfig } from "../../repo/config.js";
import { configuredHierarchy, noDesignResult } from "./configured-design.js";
import { defineTool } from "./define-tool.js";

/** score_schematic (seed 000): the composite 0–100, each metric's value, weight and contribution, and any cap. */
export const scoreSchematicTool = defineTool({
  name: "score_schematic",
  description:
    "Score the configured schematic's drawing quality 0-100: the composite, each metric's value, weight and contribution, and the cap applied while error-severity legibility findings remain. Advisory.",
  schema: z.object({}),
  mutating: false,
  async run(_args, context) {
    const config = await readConfig(context.repo);
    const design = await configuredHierarchy(context, config);
    if (!design) return noDesignResult("score_schematic", "schematic");
    // The same legibility run as check_legibility, so the cap matches what that tool reports.
    const vocabulary = await loadCaptionVocabulary(join(context.repo, config.paths.docs));
    const legibility = checkLegibility(design.hierarchy, { config: config.legibility, vocabulary });
    const report = scoreSchematic(design.hierarchy, { ...config.score, legibility });
    return {
      ok: true,
      summary: `score ${report.composite}${report.cap ? " (capped)" : ""}`,
      detail: renderScore(report),
    };
  },
});
