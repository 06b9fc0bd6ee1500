import { z } from "zod";
import { annotationOf } from "../../kicad/schematic/hierarchy.js";
import { configuredHierarchy, noDesignResult } from "./configured-design.js";
import { defineTool } from "./define-tool.js";

/** list_symbols: the placed symbols of the configured schematic (power and flag symbols left out). */
export const listSymbolsTool = defineTool({
  name: "list_symbols",
  description:
    "List the symbols on the configured schematic (every sheet): reference, lib_id, value, footprint and sheet, as JSON. Power symbols are left out.",
  schema: z.object({}),
  mutating: false,
  async run(_args, context) {
    const design = await configuredHierarchy(context);
    if (!design) return noDesignResult("list_symbols", "schematic");
    const { hierarchy } = design;
    const rows = new Map<
      string,
      { ref: string; lib_id: string; value: string; footprint: string; sheet: string }
    >();
    for (const instance of hierarchy.instances) {
      for (const symbol of instance.schematic.symbols) {
        if (symbol.power) continue;
        const ref = annotationOf(hierarchy, instance, symbol).reference;
        // A multi-unit part is one row (its units share the reference).
        const key = `${instance.path}\u0000${ref}`;
        if (rows.has(key) && !ref.endsWith("?")) continue;
        rows.set(key, {
          ref,
          lib_id: symbol.libId,
          value: symbol.value,
          footprint: symbol.footprint,
          sheet: instance.path,
        });
      }
    }
    const list = [...rows.values()];
    return {
      ok: true,
      summary: `${list.length} symbol(s) on ${design.file.relative}`,
      detail: JSON.stringify(list, null, 1),
    };
  },
});
