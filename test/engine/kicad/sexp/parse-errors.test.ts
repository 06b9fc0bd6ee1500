import { describe, expect, it } from "vitest";
import type { SAtom, SList } from "../../../../engine/kicad/sexp/node.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { SexpParseError } from "../../../../engine/kicad/sexp/parse-error.js";

function parseError(text: string): SexpParseError {
  try {
    parseSexp(text, { file: "board.kicad_pcb" });
  } catch (error) {
    if (error instanceof SexpParseError) return error;
    throw error;
  }
  throw new Error(`expected a SexpParseError for ${JSON.stringify(text)}`);
}

describe("malformed input names the line, the column and what was expected", () => {
  it("unterminated string: points at its opening quote", () => {
    const error = parseError('(kicad_pcb\n\t(version 20241229)\n\t(generator "pcbnew)\n)\n');
    expect([error.line, error.column]).toEqual([3, 13]);
    expect(error.expected).toBe("a closing '\"'");
    expect(error.message).toContain("board.kicad_pcb:3:13: found an unterminated string");
  });

  it("an escaped quote does not end a string", () => {
    const error = parseError('(a "x\\")');
    expect([error.line, error.column]).toEqual([1, 4]);
    expect(error.expected).toBe("a closing '\"'");
  });

  it("unclosed list: at end of file, naming where the innermost open list started", () => {
    const error = parseError('(kicad_sch\n\t(version 20250114)\n\t(paper "A4"\n');
    expect([error.line, error.column]).toEqual([4, 1]);
    expect(error.expected).toBe("')' closing the list opened at line 3, column 2");
  });

  it("stray ')' after the root", () => {
    const error = parseError("(kicad_sch\n\t(version 20250114))\n)\n");
    expect([error.line, error.column]).toEqual([3, 1]);
    expect(error.message).toContain('found ")\\n"');
    expect(error.expected).toBe("end of file after the root list");
  });

  it("trailing garbage after the root", () => {
    const error = parseError("(kicad_sch (version 20250114))\n\n  (junction)\n");
    expect([error.line, error.column]).toEqual([3, 3]);
    expect(error.message).toContain('found "(junction)');
    expect(error.expected).toBe("end of file after the root list");
  });

  it("UTF-8 byte order mark (kicad-cli refuses such files)", () => {
    const error = parseError("\uFEFF(kicad_sch (version 20250114))\n");
    expect([error.line, error.column]).toEqual([1, 1]);
    expect(error.message).toContain("byte order mark");
  });

  it("empty file", () => {
    const error = parseError("");
    expect([error.line, error.column]).toEqual([1, 1]);
    expect(error.message).toContain("found end of file");
    expect(error.expected).toBe("'(' starting the root list");
  });

  it("white space only", () => {
    const error = parseError("\n\n   ");
    expect([error.line, error.column]).toEqual([3, 4]);
    expect(error.expected).toBe("'(' starting the root list");
  });

  it("a file that does not start with '('", () => {
    const error = parseError("\nkicad_sch (version 20250114)\n");
    expect([error.line, error.column]).toEqual([2, 1]);
    expect(error.message).toContain('found "kicad_sch (v…"');
  });

  it("the error says how to fix it", () => {
    const error = parseError("(a");
    expect(error.fix).toMatch(/fix the file at that position/);
  });
});

describe("what the reader accepts", () => {
  it("leading # comment lines, as KiCad does", () => {
    const root = parseSexp("# exported by hand\n# second line\n(kicad_sch (version 20250114))\n");
    expect(root.items[0]).toMatchObject({ kind: "atom", text: "kicad_sch" });
  });

  it("CRLF line ends and a file on one line", () => {
    const root = parseSexp('(kicad_sch\r\n\t(version 20250114)\r\n\t(paper "A4"))\r\n');
    expect(root.items).toHaveLength(3);
  });

  it("atoms end at parens and quotes; list offsets point into the source", () => {
    const text = '(a b(c)"d")';
    const root = parseSexp(text);
    expect(root.items.map((item) => item.kind)).toEqual(["atom", "atom", "list", "atom"]);
    expect(root.offset).toBe(0);
    expect(text.slice(root.items[2]!.offset)).toBe('(c)"d")');
  });

  it("short tokens are one shared, frozen atom without an offset; long ones keep theirs", () => {
    const long = "a-token-longer-than-twelve";
    const text = `(at 1.27 2.54) (at 1.27 0) "${long}"`;
    const root = parseSexp(`(r ${text})`);
    const [first, second] = [root.items[1], root.items[2]] as [SList, SList];
    expect(first.items[0]).toBe(second.items[0]);
    expect(first.items[1]).toBe(second.items[1]);
    expect(first.items[0]).toMatchObject({ kind: "atom", text: "at", quoted: false, offset: -1 });
    expect(Object.isFrozen(first.items[1])).toBe(true);
    expect(() => {
      (first.items[1] as SAtom).text = "5.08";
    }).toThrow(TypeError);
    const longAtom = root.items[3] as SAtom;
    expect(longAtom).toMatchObject({ text: long, quoted: true });
    expect(`(r ${text})`.slice(longAtom.offset)).toBe(`"${long}")`);
    // A quoted and a bare spelling of the same short text stay different atoms.
    const both = parseSexp('(x yes "yes")');
    expect(both.items[1]).not.toBe(both.items[2]);
    expect([(both.items[1] as SAtom).quoted, (both.items[2] as SAtom).quoted]).toEqual([
      false,
      true,
    ]);
  });

  it("lists nested deeper than the stack allows: a typed error, not a RangeError", () => {
    const depth = 200_000;
    const error = parseError(`${"(a ".repeat(depth)}${")".repeat(depth)}`);
    expect(error.line).toBe(1);
    expect(error.column).toBeGreaterThan(1);
    expect(error.expected).toBe("at most a few thousand levels of nesting");
  });

  it("a few hundred levels of nesting read fine", () => {
    const depth = 500;
    let node = parseSexp(`${"(a ".repeat(depth)}${")".repeat(depth)}`);
    let levels = 1;
    while (node.items[1]?.kind === "list") {
      node = node.items[1];
      levels++;
    }
    expect(levels).toBe(depth);
  });

  it("an empty list", () => {
    expect(parseSexp("(a ())").items[1]).toMatchObject({ kind: "list", items: [] });
  });
});
