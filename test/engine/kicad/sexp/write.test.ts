import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { at, node, schNum, uuidNode, xy, yesNo } from "../../../../engine/kicad/sexp/build.js";
import { detectLayout } from "../../../../engine/kicad/sexp/layout.js";
import { atom, list, str } from "../../../../engine/kicad/sexp/node.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { writeSexp, writeSexpBytes } from "../../../../engine/kicad/sexp/write.js";
import { FOOTPRINTS, readText } from "./corpus.js";

/** Expected files are written with real tabs; `→` in these literals stands for one. */
const tabs = (text: string) => text.replaceAll("→", "\t");

const effects = (size: number, hide = false) =>
  node(
    "effects",
    node("font", node("size", schNum(size), schNum(size))),
    hide && yesNo("hide", true),
  );

describe("writeSexp on freshly built trees", () => {
  it("a wire: points on one line, stroke and uuid below", () => {
    const wire = node(
      "wire",
      node("pts", xy(100.33, 50.8), xy(110.49, 50.8)),
      node("stroke", node("width", schNum(0)), node("type", atom("default"))),
      uuidNode("0f1d2a3b-0000-4000-8000-000000000001"),
    );
    expect(writeSexp(wire)).toBe(
      tabs(`(wire
→(pts
→→(xy 100.33 50.8) (xy 110.49 50.8)
→)
→(stroke
→→(width 0)
→→(type default)
→)
→(uuid "0f1d2a3b-0000-4000-8000-000000000001")
)
`),
    );
  });

  it("a placed symbol with properties, as eeschema writes it", () => {
    const symbol = node(
      "symbol",
      node("lib_id", str("Device:R")),
      at(121.92, 100.33, 90),
      node("mirror", atom("x")),
      node("unit", atom("1")),
      yesNo("exclude_from_sim", false),
      yesNo("in_bom", true),
      uuidNode("00000000-0000-0000-0000-000056a7ce3b"),
      node("property", str("Reference"), str("R1"), at(118.11, 102.87, 90), effects(1.27)),
      node("property", str("Description"), str(""), at(121.92, 100.33, 0), effects(1.27, true)),
      node("pin", str("1"), uuidNode("ca2cfa7d-a869-4eb1-8c0a-07188bbaccf0")),
    );
    expect(writeSexp(symbol)).toBe(
      tabs(`(symbol
→(lib_id "Device:R")
→(at 121.92 100.33 90)
→(mirror x)
→(unit 1)
→(exclude_from_sim no)
→(in_bom yes)
→(uuid "00000000-0000-0000-0000-000056a7ce3b")
→(property "Reference" "R1"
→→(at 118.11 102.87 90)
→→(effects
→→→(font
→→→→(size 1.27 1.27)
→→→)
→→)
→)
→(property "Description" ""
→→(at 121.92 100.33 0)
→→(effects
→→→(font
→→→→(size 1.27 1.27)
→→→)
→→→(hide yes)
→→)
→)
→(pin "1"
→→(uuid "ca2cfa7d-a869-4eb1-8c0a-07188bbaccf0")
→)
)
`),
    );
  });

  it("a run of points shares a line while it starts before column 99", () => {
    // Two tabs + "(xy 1 2)" ends at column 10; each further point adds 9, so 11 fit.
    const points = Array.from({ length: 13 }, () => node("xy", atom("1"), atom("2")));
    const poly = node("fp_poly", node("pts", points), node("layer", str("F.SilkS")));
    const row = (n: number) => Array.from({ length: n }, () => "(xy 1 2)").join(" ");
    expect(writeSexp(poly)).toBe(
      tabs(`(fp_poly
→(pts
→→${row(11)}
→→${row(2)}
→)
→(layer "F.SilkS")
)
`),
    );
  });

  it("a long run of atoms wraps once the line reaches column 72 (a real zone's layer list)", () => {
    const layers = ["F.Cu", "B.Cu", ...Array.from({ length: 30 }, (_, i) => `In${i + 1}.Cu`)];
    const zone = node(
      "footprint",
      node("zone", node("net", atom("0")), node("layers", layers.map(str))),
    );
    expect(writeSexp(zone)).toBe(
      tabs(`(footprint
→(zone
→→(net 0)
→→(layers "F.Cu" "B.Cu" "In1.Cu" "In2.Cu" "In3.Cu" "In4.Cu" "In5.Cu" "In6.Cu"
→→→"In7.Cu" "In8.Cu" "In9.Cu" "In10.Cu" "In11.Cu" "In12.Cu" "In13.Cu" "In14.Cu"
→→→"In15.Cu" "In16.Cu" "In17.Cu" "In18.Cu" "In19.Cu" "In20.Cu" "In21.Cu"
→→→"In22.Cu" "In23.Cu" "In24.Cu" "In25.Cu" "In26.Cu" "In27.Cu" "In28.Cu"
→→→"In29.Cu" "In30.Cu"
→→)
→)
)
`),
    );
  });

  it("after a wrap, the next ')' goes on its own line even when it closes a sub-list (KiCad's global flag)", () => {
    const long = "0123456789012345678901234567890";
    const tree = node(
      "a",
      node("members", str(long), str(long), str("01234567890"), node("x", atom("1"))),
      node("b", atom("2")),
    );
    expect(writeSexp(tree)).toBe(
      tabs(`(a
→(members "${long}" "${long}"
→→"01234567890"
→→(x 1
→→)
→)
→(b 2)
)
`),
    );
  });

  it("columns are counted in UTF-8 bytes, as KiCad counts them", () => {
    const accents = "é".repeat(30); // 30 characters, 60 bytes
    const tree = node("a", node("b", str(accents), atom("c"), atom("d"), atom("e"), atom("f")));
    expect(writeSexp(tree)).toBe(tabs(`(a\n→(b "${accents}" c d e\n→→f\n→)\n)\n`));
    const ascii = "e".repeat(30);
    const same = node("a", node("b", str(ascii), atom("c"), atom("d"), atom("e"), atom("f")));
    expect(writeSexp(same)).toBe(tabs(`(a\n→(b "${ascii}" c d e f)\n)\n`));
  });

  it("empty lists and lists of only sub-lists", () => {
    expect(writeSexp(list([atom("lib_symbols")]))).toBe("(lib_symbols)\n");
    expect(writeSexp(list([]))).toBe("()\n");
    expect(writeSexp(list([list([atom("a")])]))).toBe("(\n\t(a)\n)\n");
  });

  it("writeSexpBytes is the UTF-8 of writeSexp", () => {
    const tree = node("text", str('Ω µ 𝄞 "q"'), at(1, 2, 0));
    expect(Buffer.from(writeSexpBytes(tree))).toEqual(Buffer.from(writeSexp(tree), "utf8"));
  });
});

describe("layout variants", () => {
  const property = node(
    "footprint",
    node(
      "property",
      str("Reference"),
      str("REF**"),
      node("at", atom("0"), atom("10.25"), atom("0")),
      node(
        "effects",
        node("font", node("size", atom("1"), atom("1")), node("thickness", atom("0.15"))),
      ),
    ),
  );

  it("compact: font/stroke/fill/offset/rotate/scale on one line (KiCad's CompactSave=1)", () => {
    expect(writeSexp(property, { compact: true })).toBe(
      tabs(`(footprint
→(property "Reference" "REF**"
→→(at 0 10.25 0)
→→(effects
→→→(font (size 1 1) (thickness 0.15))
→→)
→)
)
`),
    );
  });

  it("a KiCad 9 footprint saved with CompactSave round trips in compact layout", () => {
    const file = join(FOOTPRINTS, "RF_Module.pretty/RMC20452T.kicad_mod");
    const text = readText(file);
    const layout = detectLayout(text);
    expect(layout).toEqual({ compact: true });
    const tree = parseSexp(text, { file });
    expect(writeSexp(tree)).not.toBe(text);
    expect(writeSexp(tree, layout)).toBe(text);
  });

  it("xyColumn 0: every point on its own line (kicad-footprint-generator)", () => {
    const poly = node("fp_poly", node("pts", xy(1, 2), xy(3, 4)));
    expect(writeSexp(poly, { xyColumn: 0 })).toBe(
      tabs("(fp_poly\n→(pts\n→→(xy 1 2)\n→→(xy 3 4)\n→)\n)\n"),
    );
  });

  it("finalNewline false: KiCad 8.0.0/8.0.1 files end at the root's ')'", () => {
    expect(writeSexp(node("a", atom("b")), { finalNewline: false })).toBe("(a b)");
  });

  it("detectLayout reads each variant off the text, and nothing off a KiCad 9 default file", () => {
    expect(detectLayout(writeSexp(property))).toEqual({});
    expect(detectLayout(writeSexp(property, { compact: true }))).toEqual({ compact: true });
    const poly = node("fp_poly", node("pts", xy(1, 2), xy(3, 4)));
    expect(detectLayout(writeSexp(poly, { xyColumn: 0 }))).toEqual({ xyColumn: 0 });
    expect(detectLayout("(a b)")).toEqual({ finalNewline: false });
  });
});
