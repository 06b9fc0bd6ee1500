import { z } from "zod";
import { defineTool } from "./define-tool.js";
import { searchIds } from "./search-ids.js";
import { symbolLibraries, symbolNames } from "./symbol-libraries.js";

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
    const all: string[] = [];
    for (const [library, file] of table) {
      for (const name of await symbolNames(file)) all.push(`${library}:${name}`);
    }
    return searchIds({
      tool: "search_symbols",
      kind: "symbol",
      query: args.query,
      ids: all,
      libraries: table.size,
      glue: "",
    });
  },
});
