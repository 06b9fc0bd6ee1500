import type { Root, Table } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { describe, expect, it } from "vitest";
import {
  type DiffReport,
  diffReportSchema,
  type SchematicChange,
} from "../../../engine/diff/diff-report.js";
import { renderDiffMarkdown } from "../../../engine/diff/render-diff-markdown.js";

function parse(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

function tables(tree: Root): Table[] {
  return tree.children.filter((n): n is Table => n.type === "table");
}

function cellText(node: unknown): string {
  const n = node as { value?: string; children?: unknown[] };
  return n.value ?? (n.children ?? []).map(cellText).join("");
}

function report(changes: SchematicChange[]): DiffReport {
  return diffReportSchema.parse({
    schema: 1,
    command: "diff",
    before: { label: "main", commit: "a".repeat(40) },
    after: { label: "working tree", commit: null },
    design: { schematic: "hw/x.kicad_sch", board: null },
    identical: changes.length === 0,
    schematic: {
      status: "compared",
      sheets: { before: 2, after: 2 },
      parts: { before: 10, after: 10 },
      nets: { before: 70, after: 70 },
      powerRailsTouched: ["+3V3"],
      changes,
    },
    board: {
      status: "absent",
      footprints: { before: null, after: null },
      tracks: { before: null, after: null },
      vias: { before: null, after: null },
      changes: [],
    },
    checks: {
      erc: {
        errors: { before: 0, after: 1 },
        warnings: { before: 2, after: 2 },
        byKind: [
          { kind: "pin_not_connected", before: 0, after: 1 },
          { kind: "lib_symbol_issues", before: 2, after: 2 },
        ],
      },
      drc: null,
      legibility: {
        errors: { before: 1, after: 1 },
        advisories: { before: 3, after: 4 },
        byKind: [],
      },
      score: { before: 71, after: 70 },
      routed: null,
    },
    pictures: [
      {
        kind: "sheet",
        name: "/power/",
        overview: "out/sheet-power.png",
        crops: ["out/sheet-power-1.png"],
        removed: 3,
        added: 4,
      },
    ],
  });
}

const pins = (n: number): SchematicChange[] =>
  Array.from({ length: n }, (_, i) => ({
    kind: "pin-moved" as const,
    ref: `U${i + 1}`,
    pin: "3",
    pinName: "SDA",
    before: "/I2C_SDA",
    after: "+3V3",
  }));

describe("renderDiffMarkdown", () => {
  it("renders the changes as a GFM table a parser reads back cell for cell", () => {
    const md = renderDiffMarkdown(
      report([
        { kind: "value-changed", ref: "R1", before: "10k", after: "4k7 | 1%" },
        {
          kind: "field-changed",
          ref: "R1",
          field: "Note",
          before: null,
          after: "line one\nline <two>",
        },
        ...pins(1),
      ]),
    );
    const [changes, checks] = tables(parse(md));
    expect(changes!.children).toHaveLength(4);
    const rows = changes!.children.map((row) => row.children.map(cellText));
    expect(rows[1]).toEqual(["changed", "value", "R1", "10k", "4k7 | 1%"]);
    expect(rows[2]).toEqual(["changed", "field Note", "R1", "—", "line one line <two>"]);
    expect(rows[3]).toEqual(["changed", "pin moved", "U1.3 (SDA)", "/I2C_SDA", "+3V3"]);
    // Checks: only the kinds that changed get a row of their own.
    const checkRows = checks!.children.map((row) => row.children.map(cellText));
    expect(checkRows).toContainEqual(["ERC errors", "0 → 1"]);
    expect(checkRows).toContainEqual(["ERC pin_not_connected", "0 → 1"]);
    expect(checkRows.some((r) => r[0]!.includes("lib_symbol_issues"))).toBe(false);
    expect(checkRows).toContainEqual(["schematic score", "71 → 70"]);
    expect(md).toContain("Power rails touched: `+3V3`");
  });

  it("cuts a long diff at maxRows with an '…and N more' line linked to the full diff", () => {
    const md = renderDiffMarkdown(report(pins(60)), {
      maxRows: 10,
      fullDiffUrl: "https://example.com/run/1",
    });
    const [changes] = tables(parse(md));
    expect(changes!.children).toHaveLength(11);
    expect(md).toContain("[…and 50 more changes](https://example.com/run/1)");
    expect(renderDiffMarkdown(report(pins(60)), { maxRows: 10 })).toContain(
      "\n…and 50 more changes\n",
    );
    expect(renderDiffMarkdown(report(pins(3)), { maxRows: 10 })).not.toContain("more change");
  });

  it("links pictures only when told where they are served, and is byte-stable", () => {
    const r = report(pins(2));
    expect(renderDiffMarkdown(r)).not.toContain("![");
    const md = renderDiffMarkdown(r, { imageUrl: (p) => `https://assets.example/${p}` });
    expect(md).toContain("![sheet /power/](https://assets.example/out/sheet-power.png)");
    expect(md).toContain("![sheet /power/ region 1](https://assets.example/out/sheet-power-1.png)");
    expect(renderDiffMarkdown(r, { imageUrl: (p) => p })).toBe(
      renderDiffMarkdown(r, { imageUrl: (p) => p }),
    );
  });

  it("says so when nothing changed", () => {
    const md = renderDiffMarkdown(report([]));
    expect(tables(parse(md))).toHaveLength(1);
    expect(md).toContain("No electrical or board change.");
    expect(md.startsWith("### Design diff: `aaaaaaa` → working tree\n")).toBe(true);
  });
});
