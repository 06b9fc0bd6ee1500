import { z } from "zod";
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

/** BOM.md headers that hold a KiCad footprint id. */
const FOOTPRINT_HEADERS = new Set(["footprint", "kicad footprint", "package footprint", "fp"]);

interface Claim {
  footprint: string;
  /** "R1 on sheet /" or "docs/BOM.md:7". */
  where: string;
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
    const claims: Claim[] = [];
    for (const instance of design?.hierarchy.instances ?? []) {
      for (const symbol of instance.schematic.symbols) {
        if (symbol.power || symbol.footprint.trim() === "") continue;
        claims.push({
          footprint: symbol.footprint.trim(),
          where: `${symbol.reference} on sheet ${instance.path}`,
          symbol: symbol.lib,
        });
      }
    }
    const bom = await bomColumn(context.repo, config.paths.docs, FOOTPRINT_HEADERS);
    claims.push(...bom.map((c) => ({ footprint: c.text, where: c.where })));
    if (claims.length === 0) {
      return {
        ok: true,
        summary: "verify_footprints: nothing to verify",
        detail:
          "no symbol on the configured schematic names a footprint and docs/BOM.md has no Footprint column, so there is nothing to verify yet.",
      };
    }
    const table = await footprintLibraries(context.env, design?.file.absolute);
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const claim of claims) {
      const key = `${claim.footprint}\u0000${claim.where}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const problem = await verify(claim, table);
      if (problem) problems.push(problem);
    }
    const ids = new Set(claims.map((c) => c.footprint)).size;
    if (problems.length === 0) {
      return {
        ok: true,
        summary: `verify_footprints: ${ids} footprint(s) verified`,
        detail: `all ${ids} footprint(s) exist in the libraries, and every symbol pin has a pad.`,
      };
    }
    return {
      ok: false,
      errorKind: "check-failed",
      summary: `verify_footprints: ${problems.length} problem(s) in ${ids} footprint(s)`,
      detail: problems.map((p, i) => `${i + 1}. ${p}`).join("\n"),
    };
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

async function verify(claim: Claim, table: FootprintTable): Promise<string | undefined> {
  const id = splitLibId(claim.footprint);
  if (!id && !claim.symbol) return bareName(claim, table);
  if (!id) {
    return `no-library: ${claim.footprint} (${claim.where}) has no library part; write it as Lib:Footprint`;
  }
  const folder = table.get(id.library);
  if (!folder) {
    const near = closestNames(id.library, [...table.keys()], 4);
    return `no-library: ${claim.footprint} (${claim.where}): no footprint library "${id.library}" is installed or in the project's fp-lib-table; close: ${near.join(", ")}`;
  }
  const available = await footprintNames(folder);
  if (!available.includes(id.name)) {
    const near = closestNames(id.name, available, 5).map((n) => `${id.library}:${n}`);
    return `no-footprint: ${claim.footprint} (${claim.where}) is not in ${id.library}; closest: ${near.join(", ")}`;
  }
  if (!claim.symbol) return undefined;
  const footprint = await footprintAt(footprintFile(folder, id.name));
  const pads = new Set(footprint.pads.map((p) => p.number).filter((n) => n !== ""));
  const pins = new Set(
    claim.symbol.pins.filter((p) => p.bodyStyle !== 2 && p.number !== "").map((p) => p.number),
  );
  const missing = [...pins].filter((n) => !pads.has(n)).sort(byNumber);
  if (missing.length === 0) return undefined;
  return `pad-mismatch: ${claim.where} uses ${claim.footprint}, which has no pad for pin(s) ${missing.join(", ")} of ${claim.symbol.name} (pads: ${[...pads].sort(byNumber).join(", ") || "none"}); choose a footprint with a pad per pin`;
}

/**
 * A BOM that names a footprint without its library (`R_0603_1608Metric`, as people write them)
 * is fine when exactly one library has it; none or several is a problem naming the candidates.
 * A sheet's footprint must carry its library: KiCad cannot place it otherwise.
 */
async function bareName(claim: Claim, table: FootprintTable): Promise<string | undefined> {
  const homes: string[] = [];
  const all: string[] = [];
  for (const [library, folder] of table) {
    const names = await footprintNames(folder);
    if (names.includes(claim.footprint)) homes.push(library);
    all.push(...names);
  }
  if (homes.length === 1) return undefined;
  if (homes.length > 1) {
    return `ambiguous: ${claim.footprint} (${claim.where}) is in ${homes.length} libraries (${homes.join(", ")}); write it as Lib:Footprint`;
  }
  const near = closestNames(claim.footprint, all, 5);
  return `no-footprint: ${claim.footprint} (${claim.where}) is in no installed library; closest: ${near.join(", ")}`;
}

function byNumber(a: string, b: string): number {
  return a.localeCompare(b, "en", { numeric: true });
}
