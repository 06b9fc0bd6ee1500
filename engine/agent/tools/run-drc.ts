import { z } from "zod";
import { pushAll } from "../../array-ops.js";
import { drc } from "../../kicad/cli/drc.js";
import { formatViolations } from "../../kicad/cli/format-violations.js";
import { readConfig } from "../../repo/config.js";
import { pathExists } from "../../repo/path-exists.js";
import type { ToolContext } from "../tool.js";
import { configuredFile, noDesignResult } from "./configured-design.js";
import { type ConfinedPath, confinePath } from "./confine.js";
import { defineTool } from "./define-tool.js";
import { facts } from "./tool-facts.js";

const SHOWN = 60;

/** run_drc: kicad-cli's DRC of the configured board: rule violations and unrouted connections. */
export const runDrcTool = defineTool({
  name: "run_drc",
  description:
    "Run KiCad's design rules check on the configured board. Returns numbered violations and unconnected items, or 'DRC clean'.",
  schema: z.object({}),
  mutating: false,
  async run(_args, context) {
    const board = (await configuredFile(context, "board")) ?? (await boardBesideSchematic(context));
    if (!board) return noDesignResult("run_drc", "board");
    const result = await drc(board.absolute, { env: context.env });
    const violations = result.violations.filter((v) => !v.excluded);
    const unconnected = result.unconnected.filter((v) => !v.excluded);
    const fact = facts.drc(violations.length, unconnected.length);
    if (violations.length + unconnected.length === 0) {
      return {
        ok: true,
        summary: `DRC clean (${board.relative})`,
        detail: `DRC clean: 0 violations, 0 unconnected items on ${board.relative}.`,
        facts: fact,
      };
    }
    const shownViolations = violations.slice(0, SHOWN);
    const shownUnconnected = unconnected.slice(0, Math.max(0, SHOWN - shownViolations.length));
    const parts = [
      `DRC: ${violations.length} violation(s), ${unconnected.length} unconnected item(s) on ${board.relative}`,
    ];
    if (shownViolations.length > 0)
      pushAll(parts, ["violations:", ...formatViolations(shownViolations)]);
    if (shownUnconnected.length > 0) {
      pushAll(parts, [
        "unconnected:",
        ...formatViolations(shownUnconnected, shownViolations.length + 1),
      ]);
    }
    const hidden =
      violations.length + unconnected.length - shownViolations.length - shownUnconnected.length;
    if (hidden > 0) parts.push(`… ${hidden} more not shown`);
    return {
      ok: false,
      errorKind: "check-failed",
      summary: `DRC: ${violations.length} violation(s), ${unconnected.length} unconnected`,
      detail: parts.join("\n"),
      facts: fact,
    };
  },
});

/**
 * Without paths.board, the board beside the configured schematic (the same name, as KiCad pairs
 * them and as `copperhead check` and layout_board find it), when it exists.
 */
async function boardBesideSchematic(context: ToolContext): Promise<ConfinedPath | undefined> {
  const schematic = (await readConfig(context.repo)).paths.schematic;
  if (!schematic?.endsWith(".kicad_sch")) return undefined;
  const board = await confinePath(context.repo, schematic.replace(/\.kicad_sch$/, ".kicad_pcb"));
  return (await pathExists(board.absolute)) ? board : undefined;
}
