import type { DriftDesign, DriftSymbol } from "../../../../engine/kicad/drift/drift-design.js";
import {
  child,
  children,
  childText,
  type SList,
  textAt,
} from "../../../../engine/kicad/sexp/node.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";

/**
 * Test-only adapter: kicad-cli's kicadsexpr netlist → drift's design input. (The product adapter
 * belongs with the schematic views and netlister; this one lets the drift tests run on what
 * KiCad itself reports for a real project.)
 */
export function designFromNetlist(text: string): DriftDesign {
  const root = parseSexp(text);
  const components = child(root, "components");
  const nets = child(root, "nets");
  const symbols: DriftSymbol[] = (components ? children(components, "comp") : []).map((comp) => {
    const fields: Record<string, string> = {};
    const fieldList = child(comp, "fields");
    for (const field of fieldList ? children(fieldList, "field") : []) {
      const name = childText(field, "name");
      if (name) fields[name] = textAt(field, 2) ?? "";
    }
    const symbol: DriftSymbol = {
      ref: childText(comp, "ref") ?? "",
      value: childText(comp, "value") ?? "",
      footprint: childText(comp, "footprint") ?? "",
      fields,
    };
    if (children(comp, "property").some((p) => childText(p, "name") === "dnp")) symbol.dnp = true;
    return symbol;
  });
  return {
    symbols,
    nets: (nets ? children(nets, "net") : []).map((net: SList) => ({
      name: childText(net, "name") ?? "",
      members: children(net, "node").map((node) => {
        const member: { ref: string; pin: string; pinName?: string } = {
          ref: childText(node, "ref") ?? "",
          pin: childText(node, "pin") ?? "",
        };
        const pinName = childText(node, "pinfunction");
        if (pinName) member.pinName = pinName;
        return member;
      }),
    })),
  };
}
