import { z } from "zod";
import { defineTool } from "./define-tool.js";
import { footprintLibraries, footprintNames } from "./footprint-libraries.js";
import { searchIds } from "./search-ids.js";

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
    const all: string[] = [];
    for (const [library, folder] of table) {
      for (const name of await footprintNames(folder)) all.push(`${library}:${name}`);
    }
    return searchIds({
      tool: "search_footprints",
      kind: "footprint",
      query: args.query,
      ids: all,
      libraries: table.size,
      glue: "_",
    });
  },
});
