import { describe, expect, it } from "vitest";
import { scanLists } from "../../../../engine/kicad/paths/scan-lists.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";

const heads = (...names: string[]) => new Set(names);

describe("scanLists: KiCad's tokens without a parse", () => {
  it("finds a head after white space KiCad's lexer skips, quoted or bare atoms", () => {
    const text = `(footprint\n\t(model "\${KIPRJMOD}/a.step")\n\t( model\tb.wrl)\n\t(model\u0000"c\\"d.step"))`;
    expect(scanLists(text, heads("model"), 1).map((l) => l.atoms[0])).toEqual([
      `\${KIPRJMOD}/a.step`,
      "b.wrl",
      'c"d.step',
    ]);
  });

  it("never matches text inside a string, nor a quoted head", () => {
    const text = '(kicad_pcb (gr_text "(model \\"/etc/passwd\\")") ("model" "/x") (model "/real"))';
    expect(scanLists(text, heads("model"), 1).map((l) => l.atoms[0])).toEqual(["/real"]);
  });

  it("agrees with the parser on every atom of a real file", () => {
    const text = `(kicad_sch (sheet (property "Sheetname" "A b") (property "Sheetfile" "sub/a.kicad_sch")) (symbol (property "Sim.Library" "\${KIPRJMOD}/m.lib")))`;
    const tree = parseSexp(text);
    expect(tree.items.length).toBeGreaterThan(0);
    expect(scanLists(text, heads("property"), 2).map((l) => l.atoms)).toEqual([
      ["Sheetname", "A b"],
      ["Sheetfile", "sub/a.kicad_sch"],
      ["Sim.Library", `\${KIPRJMOD}/m.lib`],
    ]);
  });

  it("stops at a nested list and at the end of a truncated file", () => {
    expect(scanLists("(model (offset))", heads("model"), 1)).toEqual([
      { head: "model", atoms: [], offset: 0 },
    ]);
    expect(scanLists('(model "unterminated', heads("model"), 1)[0]?.atoms).toHaveLength(1);
  });
});
