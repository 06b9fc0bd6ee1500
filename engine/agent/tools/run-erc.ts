import { z } from "zod";
import { ercAnnotated } from "../../kicad/cli/erc-annotated.js";
import { formatViolations } from "../../kicad/cli/format-violations.js";
import { configuredHierarchy, noDesignResult } from "./configured-design.js";
import { defineTool } from "./define-tool.js";
import { facts } from "./tool-facts.js";

/** Violations listed at most (the count is always complete). */
const SHOWN = 60;

/**
 * run_erc: kicad-cli's ERC over the configured schematic's hierarchy plus copperhead's
 * annotation check. Excluded violations do not count. A clean ERC on a sheet with no symbols
 * is called out: it proves nothing (a known false green).
 */
export const runErcTool = defineTool({
  name: "run_erc",
  description:
    "Run KiCad's electrical rules check (plus copperhead's annotation check) on the configured schematic. Returns numbered violations with positions, or 'ERC clean'.",
  schema: z.object({}),
  mutating: false,
  async run(_args, context) {
    const design = await configuredHierarchy(context);
    if (!design) return noDesignResult("run_erc", "schematic");
    const result = await ercAnnotated(design.file.absolute, {
      env: context.env,
      hierarchy: design.hierarchy,
    });
    const counted = result.violations.filter((v) => !v.excluded);
    const symbols = design.hierarchy.instances.reduce(
      (n, i) => n + i.schematic.symbols.filter((s) => !s.power).length,
      0,
    );
    if (counted.length === 0) {
      const empty =
        symbols === 0
          ? "\nwarning: the schematic has no symbols yet, so a clean ERC proves nothing."
          : "";
      return {
        ok: true,
        summary: `ERC clean (${design.file.relative})`,
        detail: `ERC clean: 0 violations on ${design.file.relative} (${result.sheets.length || 1} sheet(s), ${symbols} symbol(s)).${empty}`,
        facts: facts.erc(0),
      };
    }
    const lines = formatViolations(counted.slice(0, SHOWN));
    const more = counted.length > SHOWN ? `\n… ${counted.length - SHOWN} more violation(s)` : "";
    return {
      ok: false,
      errorKind: "check-failed",
      summary: `ERC: ${counted.length} violation(s) on ${design.file.relative}`,
      detail: `ERC found ${counted.length} violation(s):\n${lines.join("\n")}${more}`,
      facts: facts.erc(counted.length),
    };
  },
});
