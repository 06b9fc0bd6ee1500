import { describe, expect, it } from "vitest";
import {
  embeddedSymbols,
  withEmbeddedFallback,
} from "../../../../engine/kicad/draft/symbol-source.js";
import { vendorLibrary } from "../../../../engine/kicad/draft/vendor-library.js";
import { SymbolCatalog } from "../../../../engine/kicad/library/symbol-catalog.js";
import { headOf, type SList, textAt } from "../../../../engine/kicad/sexp/node.js";
import { DEMO_DIR } from "../../../helpers/demo-corpus.js";

const A_MULTI = `${DEMO_DIR}/simulation/analog-multiplier/a-multi.kicad_sch`;

function propertyNames(tree: SList): string[] {
  return tree.items
    .filter((i): i is SList => i.kind === "list" && headOf(i) === "property")
    .map((p) => textAt(p, 1) ?? "");
}

describe("vendorLibrary", () => {
  it("drops KiCad 5 Spice_* fields from an embedded simulation symbol and keeps the rest", async () => {
    // An empty catalog: every symbol comes from the demo's own embedded copies.
    const source = withEmbeddedFallback(new SymbolCatalog([]), await embeddedSymbols([A_MULTI]));
    const found = await source.resolve("SPICE_Basic:R");
    if (!found.ok) throw new Error("a-multi embeds SPICE_Basic:R");
    expect(propertyNames(found.symbol.node)).toContain("Spice_Model");

    const library = vendorLibrary("proj", [found.symbol]);
    const [vendored] = library.symbols;
    if (!vendored) throw new Error("one symbol vendored");
    const names = propertyNames(vendored);
    expect(names.filter((n) => n.startsWith("Spice_"))).toEqual([]);
    expect(names).toEqual(propertyNames(found.symbol.node).filter((n) => !n.startsWith("Spice_")));
    expect(names).toContain("Reference");
    // The drawing (sub-symbols with pins) is untouched.
    expect(vendored.items.filter((i) => i.kind === "list" && headOf(i) === "symbol")).toEqual(
      found.symbol.node.items.filter((i) => i.kind === "list" && headOf(i) === "symbol"),
    );
  });
});
