import { resolve } from "node:path";
import { z } from "zod";
import { countViolations } from "../../kicad/cli/count-violations.js";
import { displayPath } from "../../kicad/cli/display-path.js";
import { ercAnnotated } from "../../kicad/cli/erc-annotated.js";
import { formatViolations } from "../../kicad/cli/format-violations.js";
import { violationSchema } from "../../kicad/violation.js";
import type { Command } from "../command.js";
import { onePositional, parseFlags } from "../parse-flags.js";

const usage = "copperhead erc <file.kicad_sch> [--json]";

const countsSchema = z.object({ errors: z.number(), warnings: z.number(), excluded: z.number() });

/** What `copperhead erc --json` prints: one JSON document, stable for machines. */
export const ercOutputSchema = z.object({
  schema: z.literal(1),
  command: z.literal("erc"),
  /** The schematic asked about: relative to the working directory when inside it, else absolute. */
  file: z.string(),
  /** The root sheet actually checked (the whole hierarchy), shown like `file`. */
  root: z.string(),
  kicadVersion: z.string().optional(),
  sheets: z.array(z.string()),
  clean: z.boolean(),
  counts: countsSchema,
  violations: z.array(violationSchema),
});

export type ErcOutput = z.infer<typeof ercOutputSchema>;

export const ercCommand: Command = {
  name: "erc",
  summary: "run KiCad's electrical rules check on a schematic (its whole hierarchy)",
  usage,
  async run(args, io) {
    const { values, positionals } = parseFlags(args, { json: { type: "boolean" } }, usage);
    const file = onePositional(positionals, "schematic", usage);
    const result = await ercAnnotated(resolve(io.cwd, file), { env: io.env, signal: io.signal });
    const counts = countViolations(result.violations);
    const clean = counts.errors + counts.warnings === 0;
    const output: ErcOutput = ercOutputSchema.parse({
      schema: 1,
      command: "erc",
      file: displayPath(io.cwd, file),
      root: displayPath(io.cwd, result.root),
      kicadVersion: result.kicadVersion,
      sheets: result.sheets,
      clean,
      counts,
      violations: result.violations,
    });
    if (values.json) {
      io.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
    } else {
      const checked = output.root === output.file ? "" : ` (checked from root ${output.root})`;
      io.stdout.write(
        `${output.file}${checked}: ${summary(counts)}\n${formatViolations(result.violations)
          .map((l) => `${l}\n`)
          .join("")}`,
      );
    }
    return clean ? 0 : 1;
  },
};

function summary(counts: z.infer<typeof countsSchema>): string {
  const parts = [
    `${counts.errors} error${counts.errors === 1 ? "" : "s"}`,
    `${counts.warnings} warning${counts.warnings === 1 ? "" : "s"}`,
  ];
  if (counts.excluded > 0) parts.push(`${counts.excluded} excluded`);
  return counts.errors + counts.warnings === 0
    ? `ERC clean (${parts.join(", ")})`
    : `ERC found ${parts.join(", ")}`;
}
