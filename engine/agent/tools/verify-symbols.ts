import { z } from "zod";
import { pushAll } from "../../array-ops.js";
import type { LibSymbol } from "../../kicad/symbol/lib-symbol.js";
import { readConfig } from "../../repo/config.js";
import type { ToolContext } from "../tool.js";
import { bomColumn } from "./bom-column.js";
import { configuredHierarchy } from "./configured-design.js";
import { defineTool } from "./define-tool.js";
import {
  closestNames,
  type LibraryTable,
  splitLibId,
  symbolLibraries,
  symbolLibrary,
  symbolNames,
} from "./symbol-libraries.js";
import { type Claim, verifyClaims } from "./verify-claims.js";

/** BOM.md headers that hold a KiCad lib_id. */
const SYMBOL_HEADERS = new Set(["symbol", "lib_id", "lib id", "libid", "kicad symbol"]);

interface SymbolClaim extends Claim {
  /** The definition embedded in the sheet, to compare pins against the library. */
  embedded?: LibSymbol | undefined;
}

/**
 * verify_symbols: every lib_id on the configured sheet and in docs/BOM.md's symbol column exists
 * in the libraries the project can use; misses name the closest symbols; embedded sheet copies
 * whose pin numbers differ from the library are reported too.
 */
export const verifySymbolsTool = defineTool({
  name: "verify_symbols",
  description:
    "Check that every lib_id used on the schematic (and in a Symbol column of docs/BOM.md) exists in the installed or project symbol libraries, and that embedded copies have the library's pins. Misses come with the closest names.",
  schema: z.object({}),
  mutating: false,
  async run(_args, context) {
    const config = await readConfig(context.repo);
    const design = await configuredHierarchy(context, config);
    const claims: SymbolClaim[] = [];
    if (design) {
      for (const instance of design.hierarchy.instances) {
        for (const symbol of instance.schematic.symbols) {
          claims.push({
            id: symbol.libId,
            where: `sheet ${instance.path}`,
            embedded: symbol.lib,
          });
        }
      }
    }
    pushAll(claims, await bomClaims(context, config.paths.docs));
    const table =
      claims.length > 0 ? await symbolLibraries(context.env, design?.file.absolute) : new Map();
    return verifyClaims({
      tool: "verify_symbols",
      noun: "symbol",
      claims,
      nothing:
        "no schematic is configured and docs/BOM.md names no symbols (a Symbol column), so there is nothing to verify yet.",
      clean: (ids) => `all ${ids} lib_id(s) exist in the libraries with matching pins.`,
      check: (claim) => verify(claim, table),
    });
  },
});

async function verify(claim: SymbolClaim, table: LibraryTable): Promise<string | undefined> {
  const id = splitLibId(claim.id);
  if (!id)
    return `no-library: ${claim.id} (${claim.where}) has no library part; write it as Lib:Name`;
  const file = table.get(id.library);
  if (!file) {
    const near = closestNames(id.library, [...table.keys()], 4);
    return `no-library: ${claim.id} (${claim.where}): no library "${id.library}" is installed or in the project's sym-lib-table; close: ${near.join(", ")}`;
  }
  const library = await symbolLibrary(file);
  const symbol = library.get(id.name);
  if (!symbol) {
    const near = closestNames(id.name, await symbolNames(file), 5).map((n) => `${id.library}:${n}`);
    return `no-symbol: ${claim.id} (${claim.where}) is not in ${id.library}; closest: ${near.join(", ")}`;
  }
  if (claim.embedded) {
    const want = pinNumbers(symbol);
    const have = pinNumbers(claim.embedded);
    const missing = [...want].filter((n) => !have.has(n));
    const extra = [...have].filter((n) => !want.has(n));
    if (missing.length > 0 || extra.length > 0) {
      return `pin-mismatch: ${claim.id} (${claim.where}): the sheet's embedded copy differs from the library${missing.length ? `; lacks pins ${missing.join(", ")}` : ""}${extra.length ? `; has extra pins ${extra.join(", ")}` : ""}`;
    }
  }
  return undefined;
}

function pinNumbers(symbol: LibSymbol): Set<string> {
  return new Set(symbol.pins.filter((p) => p.bodyStyle !== 2).map((p) => `${p.unit}/${p.number}`));
}

async function bomClaims(context: ToolContext, docs: string): Promise<SymbolClaim[]> {
  const cells = await bomColumn(context.repo, docs, SYMBOL_HEADERS);
  return cells.map((c) => ({ id: c.text, where: c.where }));
}
