import { z } from "zod";
import { defineTool } from "./define-tool.js";
import { closestNames, symbolLibraries, symbolNames } from "./symbol-libraries.js";

const RESULT_CAP = 40;

export const searchSymbolsArgs = z.object({
  query: z
    .string()
    .min(1)
    .describe(
      "words that must all appear in Lib:Name, case-insensitive (e.g. 'regulator 3.3', 'Device:LED')",
    ),
});

/** search_symbols: `Lib:Name` of installed KiCad symbols whose id contains every query word. */
export const searchSymbolsTool = defineTool({
  name: "search_symbols",
  description:
    "Search the installed KiCad symbol libraries by name. Every word of the query must appear in `Lib:Name` (case-insensitive). Returns up to 40 lib_ids; use symbol_pins to see a symbol's pins.",
  schema: searchSymbolsArgs,
  mutating: false,
  async run(args, context) {
    const table = await symbolLibraries(context.env);
    const words = args.query.toLowerCase().split(/\s+/).filter(Boolean);
    const all: string[] = [];
    for (const [library, file] of table) {
      for (const name of await symbolNames(file)) all.push(`${library}:${name}`);
    }
    const hits = all.filter((id) => {
      const lower = id.toLowerCase();
      return words.every((w) => lower.includes(w));
    });
    if (hits.length === 0) {
      const near = closestNames(args.query.replace(/\s+/g, ""), all, 8);
      return {
        ok: true,
        summary: `search_symbols ${args.query}: no matches`,
        detail: `no installed symbol matches "${args.query}" (${table.size} libraries searched). Closest names: ${near.join(", ")}`,
      };
    }
    const shown = hits.slice(0, RESULT_CAP);
    const more =
      hits.length > RESULT_CAP ? `\n… ${hits.length - RESULT_CAP} more; add words to narrow` : "";
    return {
      ok: true,
      summary: `search_symbols ${args.query}: ${hits.length} match(es)`,
      detail: `${shown.join("\n")}${more}`,
    };
  },
});
