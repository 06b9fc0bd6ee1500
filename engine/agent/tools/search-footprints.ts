import { z } from "zod";
import { defineTool } from "./define-tool.js";
import { footprintLibraries, footprintNames } from "./footprint-libraries.js";
import { closestNames } from "./symbol-libraries.js";

const RESULT_CAP = 40;

export const searchFootprintsArgs = z.object({
  query: z
    .string()
    .min(1)
    .describe(
      "words that must all appear in Lib:Name, case-insensitive (e.g. '0603 resistor', 'USB_C receptacle', 'TerminalBlock 3.5mm 1x02')",
    ),
});

/** search_footprints: `Lib:Name` of installed KiCad footprints whose id contains every query word. */
export const searchFootprintsTool = defineTool({
  name: "search_footprints",
  description:
    "Search the installed KiCad footprint libraries by name. Every word of the query must appear in `Lib:Name` (case-insensitive). Returns up to 40 footprint ids; use verify_footprints to check the ones a design uses.",
  schema: searchFootprintsArgs,
  mutating: false,
  async run(args, context) {
    const table = await footprintLibraries(context.env);
    const words = args.query.toLowerCase().split(/\s+/).filter(Boolean);
    const all: string[] = [];
    for (const [library, folder] of table) {
      for (const name of await footprintNames(folder)) all.push(`${library}:${name}`);
    }
    const hits = all.filter((id) => {
      const lower = id.toLowerCase();
      return words.every((w) => lower.includes(w));
    });
    if (hits.length === 0) {
      const near = closestNames(args.query.replace(/\s+/g, "_"), all, 8);
      return {
        ok: true,
        summary: `search_footprints ${args.query}: no matches`,
        detail: `no installed footprint matches "${args.query}" (${table.size} libraries searched). Closest names: ${near.join(", ")}`,
      };
    }
    const shown = hits.slice(0, RESULT_CAP);
    const more =
      hits.length > RESULT_CAP ? `\n… ${hits.length - RESULT_CAP} more; add words to narrow` : "";
    return {
      ok: true,
      summary: `search_footprints ${args.query}: ${hits.length} match(es)`,
      detail: `${shown.join("\n")}${more}`,
    };
  },
});
