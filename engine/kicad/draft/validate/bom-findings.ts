import { checkBomDrift } from "../../drift/check-bom.js";
import type { Intent } from "../intent.js";
import type { IntentFinding } from "../intent-finding.js";
import { partPins } from "../pin-lookup.js";
import type { ResolvedPart } from "../resolved-intent.js";

/** docs/BOM.md against the intent's parts, through the drift checker's BOM rules. */
export function bomFindings(
  intent: Intent,
  parts: ReadonlyMap<string, ResolvedPart>,
  bom: string,
): IntentFinding[] {
  const design = {
    symbols: intent.parts.map((p) => {
      const symbol = parts.get(p.ref)?.symbol.symbol;
      return {
        ref: p.ref,
        value: p.value,
        footprint: p.footprint,
        inBom: symbol?.inBom ?? true,
        pins: (symbol ? partPins(symbol) : []).map((pin) => ({
          number: pin.number,
          name: pin.name,
        })),
      };
    }),
    nets: [],
  };
  return checkBomDrift({ path: "docs/BOM.md", text: bom }, design).map((f) => ({
    kind: "bom-mismatch",
    path: f.refs.length > 0 ? `parts(${f.refs.join(",")})` : "",
    detail: `docs/BOM.md line ${f.row} [${f.kind}]: ${f.detail.replaceAll("schematic", "intent")}`,
  }));
}
