import { describe, expect, it } from "vitest";
import { readMarkdownTables } from "../../../../engine/kicad/drift/markdown-table.js";

describe("readMarkdownTables", () => {
  it("reads several tables with their line numbers, alignment and heading", () => {
    const doc = [
      "# Bill of materials", //          1
      "", //                             2
      "## Passives", //                  3
      "| Ref | Value |", //              4
      "|:----|------:|", //              5
      "| R1 | 10k |", //                 6
      "| R2 | 4k7 |", //                 7
      "", //                             8
      "## Actives", //                   9
      "Ref | Value | Footprint", //     10 (no outer pipes)
      ":-:|---|---", //                 11
      "U1 | LM358 | SOIC-8", //         12
    ].join("\n");
    const tables = readMarkdownTables(doc);
    expect(tables).toHaveLength(2);
    expect(tables[0]).toEqual({
      headers: ["Ref", "Value"],
      headerLine: 4,
      alignments: ["left", "right"],
      rows: [
        { line: 6, cells: ["R1", "10k"] },
        { line: 7, cells: ["R2", "4k7"] },
      ],
      heading: "Passives",
    });
    expect(tables[1]?.headerLine).toBe(10);
    expect(tables[1]?.alignments).toEqual(["center", "none", "none"]);
    expect(tables[1]?.rows).toEqual([{ line: 12, cells: ["U1", "LM358", "SOIC-8"] }]);
    expect(tables[1]?.heading).toBe("Actives");
  });

  it("keeps escaped pipes inside cells and pads or trims rows to the header", () => {
    const doc = ["| Net | Note |", "|---|---|", "| A\\|B | x | extra |", "| C |"].join("\n");
    const [table] = readMarkdownTables(doc);
    expect(table?.rows).toEqual([
      { line: 3, cells: ["A|B", "x"] },
      { line: 4, cells: ["C", ""] },
    ]);
  });

  it("keeps inline code and links in cells for the cell reader", () => {
    const doc = ["| Ref | Part |", "|---|---|", "| `R1` | [RC0402](https://example.com) |"].join(
      "\n",
    );
    expect(readMarkdownTables(doc)[0]?.rows[0]?.cells).toEqual([
      "`R1`",
      "[RC0402](https://example.com)",
    ]);
  });

  it("ignores tables in code fences and pipes without a delimiter row", () => {
    const doc = [
      "```markdown",
      "| Ref | Value |",
      "|---|---|",
      "| R9 | 1k |",
      "```",
      "a | b is not a table",
      "| Ref | Value |",
      "| R1 | 1k |",
    ].join("\n");
    expect(readMarkdownTables(doc)).toEqual([]);
  });

  it("needs as many delimiter cells as header cells", () => {
    expect(readMarkdownTables("| a | b |\n|---|\n| 1 | 2 |")).toEqual([]);
  });

  it("ends a table at a blank line or a line without a pipe", () => {
    const doc = ["| Ref |", "|---|", "| R1 |", "Some prose.", "| R2 |"].join("\n");
    expect(readMarkdownTables(doc)[0]?.rows.map((r) => r.cells[0])).toEqual(["R1"]);
  });

  it("finds nothing in a document without tables", () => {
    expect(readMarkdownTables("# BOM\n\nTo be decided.\n")).toEqual([]);
  });
});
