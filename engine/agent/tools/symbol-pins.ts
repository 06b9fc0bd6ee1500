import { z } from "zod";
import type { LibPin } from "../../kicad/symbol/pin.js";
import { configuredFile } from "./configured-design.js";
import { defineTool } from "./define-tool.js";
import {
  closestNames,
  splitLibId,
  symbolLibraries,
  symbolLibrary,
  symbolNames,
} from "./symbol-libraries.js";
import { ToolError } from "./tool-error.js";

export const symbolPinsArgs = z.object({
  lib_id: z.string().min(3).describe("the symbol as Lib:Name, e.g. Device:LED"),
});

/** symbol_pins: a library symbol's pins (`number: name · type`, per unit), or close names on a miss. */
export const symbolPinsTool = defineTool({
  name: "symbol_pins",
  description:
    "Show the pins of a KiCad library symbol (Lib:Name): number, name and electrical type, per unit. On a miss, suggests the closest names and other libraries that have the name.",
  schema: symbolPinsArgs,
  mutating: false,
  async run(args, context) {
    const id = splitLibId(args.lib_id);
    if (!id) {
      throw new ToolError(
        "invalid-arguments",
        `${args.lib_id} is not a Lib:Name id`,
        "write it as Library:Symbol, e.g. Device:R",
      );
    }
    const schematic = await configuredFile(context, "schematic").catch(() => undefined);
    const table = await symbolLibraries(context.env, schematic?.absolute);
    const file = table.get(id.library);
    if (!file) {
      const near = closestNames(id.library, [...table.keys()], 5);
      throw new ToolError(
        "not-found",
        `there is no symbol library "${id.library}"`,
        `libraries with close names: ${near.join(", ")}; search_symbols finds symbols by name`,
      );
    }
    const symbol = (await symbolLibrary(file)).get(id.name);
    if (!symbol) {
      const near = closestNames(id.name, await symbolNames(file), 6).map(
        (n) => `${id.library}:${n}`,
      );
      const elsewhere: string[] = [];
      for (const [library, other] of table) {
        if (library !== id.library && (await symbolNames(other)).includes(id.name))
          elsewhere.push(`${library}:${id.name}`);
      }
      throw new ToolError(
        "not-found",
        `${id.library} has no symbol "${id.name}"`,
        [
          `closest in ${id.library}: ${near.join(", ")}`,
          elsewhere.length > 0 ? `installed as: ${elsewhere.join(", ")}` : "",
        ]
          .filter(Boolean)
          .join("; "),
      );
    }
    const pins = symbol.pins.filter((p) => p.bodyStyle !== 2);
    const lines = [
      `${args.lib_id} — ${uniqueNumbers(pins)} pin(s), ${symbol.unitCount} unit(s)${symbol.power ? ", power symbol" : ""}:`,
    ];
    const units = [...new Set(pins.map((p) => p.unit))].sort((a, b) => a - b);
    for (const unit of units) {
      if (symbol.unitCount > 1) lines.push(unit === 0 ? "common to all units:" : `unit ${unit}:`);
      const seen = new Set<string>();
      for (const pin of pins.filter((p) => p.unit === unit).sort(byNumber)) {
        if (seen.has(pin.number)) continue;
        seen.add(pin.number);
        lines.push(
          `  ${pin.number}: ${pin.name === "~" ? "" : pin.name} · ${pin.type}${pin.hidden ? " (hidden)" : ""}`,
        );
      }
    }
    return {
      ok: true,
      summary: `${args.lib_id}: ${uniqueNumbers(pins)} pin(s)`,
      detail: lines.join("\n"),
    };
  },
});

function uniqueNumbers(pins: readonly LibPin[]): number {
  return new Set(pins.map((p) => `${p.unit}/${p.number}`)).size;
}

function byNumber(a: LibPin, b: LibPin): number {
  return a.number.localeCompare(b.number, "en", { numeric: true });
}
