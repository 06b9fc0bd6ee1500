import { resolve } from "node:path";
import { z } from "zod";
import { UsageError } from "../../errors.js";
import { displayPath } from "../../kicad/cli/display-path.js";
import { resolveInput } from "../../kicad/cli/input-file.js";
import { findRootSheet } from "../../kicad/cli/root-sheet.js";
import { checkLegibility } from "../../kicad/legibility/check-legibility.js";
import { parseLegibilityConfig } from "../../kicad/legibility/config.js";
import { loadSchematicHierarchy } from "../../kicad/schematic/hierarchy.js";
import { renderScore } from "../../kicad/score/render-score.js";
import { scoreReportSchema } from "../../kicad/score/report.js";
import { scoreSchematic } from "../../kicad/score/score-schematic.js";
import type { Command } from "../command.js";
import { onePositional, parseFlags } from "../parse-flags.js";

const usage = "copperhead score [--json] <file.kicad_sch>";

/** What `copperhead score --json` prints: one JSON document, stable for machines. */
export const scoreOutputSchema = z.object({
  schema: z.literal(1),
  command: z.literal("score"),
  /** The schematic asked about: relative to the working directory when inside it, else absolute. */
  file: z.string(),
  /** The root sheet actually scored (the whole hierarchy), shown like `file`. */
  root: z.string(),
  /** The sheet instance paths pooled into the score, root first. */
  sheets: z.array(z.string()),
  report: scoreReportSchema,
});

export type ScoreOutput = z.infer<typeof scoreOutputSchema>;

export const scoreCommand: Command = {
  name: "score",
  summary: "score a schematic's drawing quality 0–100 (its whole hierarchy; advisory)",
  usage,
  async run(args, io) {
    const { values, positionals } = parseFlags(args, { json: { type: "boolean" } }, usage);
    const file = onePositional(positionals, "schematic", usage);
    const input = await resolveInput(resolve(io.cwd, file), ["schematic"]);
    const root = await findRootSheet(input.path);
    const hierarchy = await loadSchematicHierarchy(root).catch((error: unknown) => {
      // A file that exists but cannot be read (permissions, a folder named like a sheet) is
      // bad input, not an internal error; parse and schematic errors already say so.
      if (error instanceof Error && "code" in error) {
        throw new UsageError(
          `cannot read ${displayPath(io.cwd, root)} or one of its sheets: ${error.message}`,
          "check that every sheet file of the hierarchy is a readable file",
          { cause: error },
        );
      }
      throw error;
    });
    const legibility = checkLegibility(hierarchy, { config: parseLegibilityConfig(undefined) });
    const output: ScoreOutput = scoreOutputSchema.parse({
      schema: 1,
      command: "score",
      file: displayPath(io.cwd, file),
      root: displayPath(io.cwd, root),
      sheets: hierarchy.instances.map((instance) => instance.path),
      report: scoreSchematic(hierarchy, { legibility }),
    });
    if (values.json) {
      io.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
    } else {
      const scored = output.root === output.file ? "" : ` (scored from root ${output.root})`;
      const count = output.sheets.length;
      io.stdout.write(
        `${output.file}${scored}: ${count} sheet${count === 1 ? "" : "s"} scored\n${renderScore(output.report)}`,
      );
    }
    // The score is advice: a low one never fails a command (check and the gates decide that).
    return 0;
  },
};
