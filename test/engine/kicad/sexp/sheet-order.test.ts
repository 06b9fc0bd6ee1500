import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { node, uuidNode, xy } from "../../../../engine/kicad/sexp/build.js";
import {
  atom,
  headOf,
  type SList,
  type SNode,
  str,
  textAt,
} from "../../../../engine/kicad/sexp/node.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { compareCodePoints, orderSheetItems } from "../../../../engine/kicad/sexp/sheet-order.js";
import { writeSexp } from "../../../../engine/kicad/sexp/write.js";
import { DEMOS, declaredFormat, KICAD9_VERSION, readText, sexpFiles } from "./corpus.js";

/** A small deterministic PRNG (mulberry32), so a failing shuffle can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Every child after the head shuffled, and the embedded library symbols reversed. */
function shuffleSheet(root: SList, seed: number): SList {
  const [head, ...rest] = root.items;
  const items = shuffled(rest, random(seed)).map((item) => {
    if (headOf(item) !== "lib_symbols") return item;
    const libSymbols = item as SList;
    return {
      ...libSymbols,
      items: [libSymbols.items[0] as SNode, ...libSymbols.items.slice(1).reverse()],
    };
  });
  return { ...root, items: [head as SNode, ...items] };
}

const kicad9Sheets = sexpFiles(DEMOS, [".kicad_sch"]).filter(
  (file) => declaredFormat(readText(file)).version >= KICAD9_VERSION[".kicad_sch"],
);

describe("orderSheetItems", () => {
  it("every KiCad 9 demo sheet is already in the order it produces", () => {
    expect(kicad9Sheets.length).toBe(72);
    const outOfOrder = kicad9Sheets.filter((file) => {
      const text = readText(file);
      return writeSexp(orderSheetItems(parseSexp(text, { file }))) !== text;
    });
    expect(outOfOrder).toEqual([]);
  });

  // Between them these sheets hold every item kind KiCad 9 writes at the top level except tables.
  it.each([
    "vme-wren/vme-wren.kicad_sch", // bus aliases, text boxes, sheets, buses, bus entries
    "tiny_tapeout/tinytapeout-demo.kicad_sch", // images, rectangles, polylines, global labels
    "royalblue54L_feather/sch/Debugger.kicad_sch", // rule areas, netclass flags
  ])("restores KiCad's bytes from a shuffled %s", (name) => {
    const file = join(DEMOS, name);
    const text = readText(file);
    const tree = parseSexp(text, { file });
    for (const seed of [1, 2, 3]) {
      const mixed = shuffleSheet(tree, seed);
      expect(writeSexp(mixed)).not.toBe(text);
      expect(writeSexp(orderSheetItems(mixed))).toBe(text);
    }
  });

  it("orders a built sheet: header, bus aliases, items by type then uuid, instances, fonts", () => {
    const item = (head: string, uuid: string, ...rest: SNode[]) =>
      node(head, ...rest, uuidNode(uuid));
    const line = (head: string, uuid: string, points: number) =>
      node(
        head,
        node(
          "pts",
          Array.from({ length: points }, (_, i) => xy(i, 0)),
        ),
        uuidNode(uuid),
      );
    const sheet = node(
      "kicad_sch",
      node("embedded_fonts", atom("no")),
      item("symbol", "0002"),
      node("sheet_instances"),
      item("wire", "0009"),
      line("polyline", "0005", 2),
      line("polyline", "0001", 3),
      item("label", "0003", str("A")),
      node("lib_symbols", node("symbol", str("Device:R")), node("symbol", str("Device:C"))),
      item("junction", "0004"),
      node("bus_alias", str("ADDR")),
      item("sheet", "0001"),
      item("text", "0008", str("note")),
      item("rectangle", "0007"),
      item("symbol", "0001"),
      node("paper", str("A4")),
      node("uuid", str("root")),
      node("generator", str("copperhead")),
      node("version", atom("20250114")),
      node("mystery_item", uuidNode("0000")),
    );
    const ordered = orderSheetItems(sheet);
    const summary = ordered.items.map((child) => {
      const head = headOf(child) ?? textAt(ordered, 0);
      const uuid =
        child.kind === "list"
          ? textAt(child.items.find((c) => headOf(c) === "uuid") as SList, 1)
          : "";
      return uuid && head !== "uuid" ? `${head}:${uuid}` : head;
    });
    expect(summary).toEqual([
      "kicad_sch",
      "version",
      "generator",
      "uuid",
      "paper",
      "lib_symbols",
      "bus_alias",
      "polyline:0001", // 3 points: a shape, ranked with rectangles
      "rectangle:0007",
      "text:0008",
      "junction:0004",
      "polyline:0005", // 2 points: a graphic line, ranked with wires
      "wire:0009",
      "label:0003",
      "symbol:0001",
      "symbol:0002",
      "sheet:0001",
      "mystery_item:0000", // unknown heads keep their order after the known items
      "sheet_instances",
      "embedded_fonts",
    ]);
    const libSymbols = ordered.items[5] as SList;
    expect(libSymbols.items.slice(1).map((s) => textAt(s as SList, 1))).toEqual([
      "Device:C",
      "Device:R",
    ]);
    // The input is left as it was.
    expect(headOf(sheet.items[1])).toBe("embedded_fonts");
  });

  it("compares names by code point, like KiCad's wxString map", () => {
    expect(compareCodePoints("R", "R_Small")).toBeLessThan(0);
    expect(compareCodePoints("Z", "a")).toBeLessThan(0);
    // U+1D11E (a surrogate pair in UTF-16) sorts after U+FF21, unlike UTF-16 `<`.
    expect("𝄞" < "Ａ").toBe(true);
    expect(compareCodePoints("𝄞", "Ａ")).toBeGreaterThan(0);
    expect(compareCodePoints("same", "same")).toBe(0);
  });
});
