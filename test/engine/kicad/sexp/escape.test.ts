import { describe, expect, it } from "vitest";
import { atom, list, type SAtom, str } from "../../../../engine/kicad/sexp/node.js";
import { escapeString, parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { writeSexp } from "../../../../engine/kicad/sexp/write.js";

const wrap = (inner: string) => `(text ${inner})\n`;

describe("string escaping", () => {
  it("escapes exactly what KiCad's OUTPUTFORMATTER::Quotes escapes", () => {
    expect(escapeString('say "hi"')).toBe('say \\"hi\\"');
    expect(escapeString("C:\\lib")).toBe("C:\\\\lib");
    expect(escapeString("two\nlines")).toBe("two\\nlines");
    expect(escapeString("cr\r")).toBe("cr\\r");
    // Tabs and non-ASCII text are written as they are.
    expect(escapeString("tab\there µΩ")).toBe("tab\there µΩ");
    expect(escapeString("plain")).toBe("plain");
  });

  it.each([
    ['"quote \\" inside"', 'quote " inside'],
    ['"back\\\\slash"', "back\\slash"],
    ['"line\\nbreak"', "line\nbreak"],
    ['"cr\\rlf"', "cr\rlf"],
    ['"\\\\\\""', '\\"'],
    ['"ends with backslash \\\\"', "ends with backslash \\"],
    ['"µΩ → ✓ 𝄞"', "µΩ → ✓ 𝄞"],
    ['""', ""],
  ])("reads %s as its value and writes it back unchanged", (source, value) => {
    const text = wrap(source);
    const root = parseSexp(text);
    expect(root.items[1]).toMatchObject({ kind: "atom", quoted: true, text: value });
    expect(writeSexp(root)).toBe(text);
  });

  it("keeps escapes KiCad would not write (\\t, \\a) and raw line breaks byte for byte", () => {
    for (const source of ['"tab\\there"', '"bell\\a"', '"raw\nbreak"', '"raw\r\nbreak"']) {
      const text = wrap(source);
      const root = parseSexp(text);
      expect(writeSexp(root)).toBe(text);
    }
    expect(parseSexp(wrap('"tab\\there"')).items[1]).toMatchObject({ text: "tab\there" });
  });

  it("an edited atom is written from its new text, not its old source spelling", () => {
    const root = parseSexp(wrap('"tab\\there"'));
    const atom0 = root.items[1] as SAtom;
    atom0.text = 'new "value"';
    expect(writeSexp(root)).toBe(wrap('"new \\"value\\""'));
  });

  it("a freshly built string is escaped when written", () => {
    const root = list([atom("text"), str('he said "hi"\nC:\\temp')]);
    expect(writeSexp(root)).toBe('(text "he said \\"hi\\"\\nC:\\\\temp")\n');
    expect(parseSexp(writeSexp(root)).items[1]).toMatchObject({ text: 'he said "hi"\nC:\\temp' });
  });

  it("a bare atom and a quoted atom with the same text stay distinct", () => {
    const text = '(property "Reference" Reference)\n';
    const root = parseSexp(text);
    expect(root.items[1]).toMatchObject({ quoted: true, text: "Reference" });
    expect(root.items[2]).toMatchObject({ quoted: false, text: "Reference" });
    expect(writeSexp(root)).toBe(text);
  });
});
