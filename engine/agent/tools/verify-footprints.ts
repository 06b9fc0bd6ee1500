import { z } from "zod";
import { pushAll } from "../../array-ops.js";
import type { Footprint } from "../../kicad/footprint/footprint.js";
import { loadFootprint } from "../../kicad/footprint/load-footprint.js";
import type { LibSymbol } from "../../kicad/symbol/lib-symbol.js";
import { readConfig } from "../../repo/config.js";
import { bomColumn } from "./bom-column.js";
import { configuredHierarchy } from "./configured-design.js";
import { defineTool } from "./define-tool.js";
import {
  type FootprintTable,
  footprintFile,
  footprintLibraries,
  footprintNames,
} from "./footprint-libraries.js";
import { closestNames, splitLibId } from "./symbol-libraries.js";
import { type Claim, verifyClaims } from "./verify-claims.js";

/** BOM.md headers that hold a KiCad footprint id. */
const FOOTPRINT_HEADERS = new Set(["footprint", "kicad footprint", "package footprint", "fp"]);

interface FootprintClaim extends Claim {
  /** The placed symbol's library definition: its pins must each have a pad. */
  symbol?: LibSymbol | undefined;
}

/**
 * verify_footprints: every footprint named on the configured sheet's symbols and in a Footprint
 * column of docs/BOM.md exists in the installed or project footprint libraries; misses name
 * the closest footprints; a sheet symbol with a pin number that its footprint has no pad for
 * is reported too (the board would leave that pin unconnected).
 */
export const verifyFootprintsTool = defineTool({
  name: "verify_footprints",
  description:
    "Check that every footprint used on the schematic's symbols (and in a Footprint column of docs/BOM.md) exists in the installed or project footprint libraries, and that each symbol's pin numbers all have a pad on its footprint. Misses come with the closest names.",
  schema: z.object({}),
  mutating: false,
  async run(_args, context) {
    const config = await readConfig(context.repo);
    const design = await configuredHierarchy(context, config);
    const claims: FootprintClaim[] = [];
    for (const instance of design?.hierarchy.instances ?? []) {
      for (const symbol of instance.schematic.symbols) {
        if (symbol.power || symbol.footprint.trim() === "") continue;
        claims.push({
          id: symbol.footprint.trim(),
          where: `${symbol.reference} on sheet ${instance.path}`,
          symbol: symbol.lib,
        });
      }
    }
    const bom = await bomColumn(context.repo, config.paths.docs, FOOTPRINT_HEADERS);
    pushAll(
      claims,
      bom.map((c) => ({ id: c.text, where: c.where })),
    );
    const table =
      claims.length > 0 ? await footprintLibraries(context.env, design?.file.absolute) : new Map();
    return verifyClaims({
      tool: "verify_footprints",
      noun: "footprint",
      claims,
      nothing:
        "no symbol on the configured schematic names a footprint and docs/BOM.md has no Footprint column, so there is nothing to verify yet.",
      clean: (ids) =>
        `all ${ids} footprint(s) exist in the libraries, and every symbol pin has a pad.`,
      check: (claim) => verify(claim, table),
    });
  },
});

const loaded = new Map<string, Promise<Footprint>>();

function footprintAt(file: string): Promise<Footprint> {
  let found = loaded.get(file);
  if (!found) {
    found = loadFootprint(file);
    loaded.set(file, found);
    found.catch(() => loaded.delete(file));
  }
  return found;
}

async function verify(claim: FootprintClaim, table: FootprintTable): Promise<string | undefined> {
  const id = splitLibId(claim.id);
  if (!id && !claim.symbol) return bareName(claim, table);
  if (!id) {
    return `no-library: ${claim.id} (${claim.where}) has no library part; write it as Lib:Footprint`;
  }
  const folder = table.get(id.library);
  if (!folder) {
    const near = closestNames(id.library, [...table.keys()], 4);
    return `no-library: ${claim.id} (${claim.where}): no footprint library "${id.library}" is installed or in the project's fp-lib-table; close: ${near.join(", ")}`;
  }
  const available = await footprintNames(folder);
  if (!available.includes(id.name)) {
    const near = closestNames(id.name, available, 5).map((n) => `${id.library}:${n}`);
    return `no-footprint: ${claim.id} (${claim.where}) is not in ${id.library}; closest: ${near.join(", ")}`;
  }
  if (!claim.symbol) return undefined;
  const footprint = await footprintAt(footprintFile(folder, id.name));
  const pads = new Set(footprint.pads.map((p) => p.number).filter((n) => n !== ""));
  const pins = new Set(
    claim.symbol.pins.filter((p) => p.bodyStyle !== 2 && p.number !== "").map((p) => p.number),
  );
  const missing = [...pins].filter((n) => !pads.has(n)).sort(byNumber);
  if (missing.length === 0) return undefined;
  return `pad-mismatch: ${claim.where} uses ${claim.id}, which has no pad for pin(s) ${missing.join(", ")} of ${claim.symbol.name} (pads: ${[...pads].sort(byNumber).join(", ") || "none"}); choose a footprint with a pad per pin`;
}

/**
 * A BOM that names a footprint without its library (`R_0603_1608Metric`, as people write them)
 * is fine when exactly one library has it; none or several is a problem naming the candidates.
 * A sheet's footprint must carry its library: KiCad cannot place it otherwise.
 */
async function bareName(claim: FootprintClaim, table: FootprintTable): Promise<string | undefined> {
  const homes: string[] = [];
  const all: string[] = [];
  for (const [library, folder] of table) {
    const names = await footprintNames(folder);
    if (names.includes(claim.id)) homes.push(library);
    pushAll(all, names);
  }
  if (homes.length === 1) return undefined;
  if (homes.length > 1) {
    return `ambiguous: ${claim.id} (${claim.where}) is in ${homes.length} libraries (${homes.join(", ")}); write it as Lib:Footprint`;
  }
  const near = closestNames(claim.id, all, 5);
  return `no-footprint: ${claim.id} (${claim.where}) is in no installed library; closest: ${near.join(", ")}`;
}

function byNumber(a: string, b: string): number {
  return a.localeCompare(b, "en", { numeric: true });
}
