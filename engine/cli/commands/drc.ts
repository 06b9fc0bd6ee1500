import { resolve } from "node:path";
import { z } from "zod";
import { pushAll } from "../../array-ops.js";
import { addCounts, countViolations } from "../../kicad/cli/count-violations.js";
import { displayPath } from "../../kicad/cli/display-path.js";
import { drc } from "../../kicad/cli/drc.js";
import { formatViolations } from "../../kicad/cli/format-violations.js";
import { violationSchema } from "../../kicad/violation.js";
import type { Command } from "../command.js";
import { onePositional, parseFlags } from "../parse-flags.js";

const usage = "copperhead drc <file.kicad_pcb> [--json] [--schematic-parity]";

const countsSchema = z.object({ errors: z.number(), warnings: z.number(), excluded: z.number() });

/** What `copperhead drc --json` prints: the three lists kicad-cli reports, kept apart. */
export const drcOutputSchema = z.object({
  schema: z.literal(1),
  command: z.literal("drc"),
  /** The board: relative to the working directory when inside it, else absolute. */
  file: z.string(),
  kicadVersion: z.string().optional(),
  schematicParity: z.boolean(),
  clean: z.boolean(),
  /** Totals over all three lists. */
  counts: countsSchema,
  violations: z.array(violationSchema),
  unconnected: z.array(violationSchema),
  parity: z.array(violationSchema),
});

export type DrcOutput = z.infer<typeof drcOutputSchema>;

export const drcCommand: Command = {
  name: "drc",
  summary: "run KiCad's design rules check on a board (optionally against its schematic)",
  usage,
  async run(args, io) {
    const { values, positionals } = parseFlags(
      args,
      { json: { type: "boolean" }, "schematic-parity": { type: "boolean" } },
      usage,
    );
    const file = onePositional(positionals, "board", usage);
    const schematicParity = values["schematic-parity"] === true;
    const result = await drc(resolve(io.cwd, file), {
      env: io.env,
      schematicParity,
      signal: io.signal,
    });
    const counts = addCounts(
      countViolations(result.violations),
      countViolations(result.unconnected),
      countViolations(result.parity),
    );
    const clean = counts.errors + counts.warnings === 0;
    const output: DrcOutput = drcOutputSchema.parse({
      schema: 1,
      command: "drc",
      file: displayPath(io.cwd, result.board),
      kicadVersion: result.kicadVersion,
      schematicParity,
      clean,
      counts,
      violations: result.violations,
      unconnected: result.unconnected,
      parity: result.parity,
    });
    if (values.json) {
      io.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
      return clean ? 0 : 1;
    }
    const lines = [
      `${output.file}: ${clean ? "DRC clean" : "DRC found problems"} (${describeCounts(output)})`,
    ];
    const sections: Array<[string, typeof result.violations]> = [
      ["Violations", result.violations],
      ["Unconnected items", result.unconnected],
      ["Schematic parity", result.parity],
    ];
    let next = 1;
    for (const [title, list] of sections) {
      if (list.length === 0) continue;
      lines.push(`${title}:`);
      pushAll(lines, formatViolations(list, next));
      next += list.length;
    }
    io.stdout.write(`${lines.join("\n")}\n`);
    return clean ? 0 : 1;
  },
};

function describeCounts(output: DrcOutput): string {
  const parts = [
    `${output.violations.length} violation${output.violations.length === 1 ? "" : "s"}`,
    `${output.unconnected.length} unconnected`,
  ];
  if (output.schematicParity)
    parts.push(`${output.parity.length} parity issue${output.parity.length === 1 ? "" : "s"}`);
  if (output.counts.excluded > 0) parts.push(`${output.counts.excluded} excluded`);
  return parts.join(", ");
}
