import type { SymbolLookup } from "../../library/symbol-catalog.js";
import type { Intent } from "../intent.js";
import type { ResolvedPart } from "../resolved-intent.js";
import type { FindingList } from "./finding-list.js";

/** Parts with unique references, known groups and real, non-power symbols, by reference. */
export async function resolveParts(
  intent: Intent,
  context: {
    resolve(libId: string): Promise<SymbolLookup>;
    subsystems?: readonly string[];
  },
  findings: FindingList,
): Promise<Map<string, ResolvedPart>> {
  const parts = new Map<string, ResolvedPart>();
  const groups = context.subsystems;
  const lookups = await Promise.all(intent.parts.map((p) => context.resolve(p.libId)));
  const seen = new Set<string>();
  intent.parts.forEach((part, i) => {
    const path = `parts[${i}]`;
    if (seen.has(part.ref)) {
      findings.add(
        "duplicate-ref",
        `${path}.ref`,
        `duplicate reference ${part.ref}; give each part its own reference`,
      );
      return;
    }
    seen.add(part.ref);
    if (groups && !groups.some((g) => g.toLowerCase() === part.group.toLowerCase())) {
      findings.add(
        "unknown-group",
        `${path}.group`,
        `${part.ref} names group "${part.group}", which is not a docs/SUBSYSTEMS.md heading; use one of: ${groups.join(", ") || "(the file has no headings)"}`,
      );
    }
    const lookup = lookups[i] as SymbolLookup;
    if (!lookup.ok) {
      findings.add("unknown-symbol", `${path}.libId`, `${part.ref}: ${lookup.message}`);
      return;
    }
    if (lookup.symbol.symbol.power) {
      findings.add(
        "power-symbol-part",
        `${path}.libId`,
        `${part.ref}: "${part.libId}" is a power symbol, not a part; remove ${part.ref} from parts and nets and name the rail as a net (set "kind": "power" or "ground")`,
      );
      return;
    }
    parts.set(part.ref, { part, symbol: lookup.symbol });
  });
  return parts;
}
