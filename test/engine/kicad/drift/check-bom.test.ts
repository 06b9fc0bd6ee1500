import { describe, expect, it } from "vitest";
import { checkBomDrift } from "../../../../engine/kicad/drift/check-bom.js";
import { driftFindingSchema } from "../../../../engine/kicad/drift/drift-finding.js";
import { CLEAN_BOM, sampleDesign } from "./design-fixture.js";

const doc = (text: string) => ({ path: "docs/BOM.md", text });
const check = (text: string) => checkBomDrift(doc(text), sampleDesign());

/** Replaces one row of the clean BOM (rows start with "| <ref>"). */
function withRow(prefix: string, row: string): string {
  const lines = CLEAN_BOM.split("\n");
  const i = lines.findIndex((l) => l.startsWith(prefix));
  if (i < 0) throw new Error(`no row ${prefix}`);
  lines[i] = row;
  return lines.join("\n");
}

describe("checkBomDrift", () => {
  it("finds nothing when the BOM agrees (after folding spellings)", () => {
    expect(check(CLEAN_BOM)).toEqual([]);
  });

  it("reports a value mismatch with line, column, claim, actual and the fix", () => {
    const findings = check(withRow("| R3", "| R3 | 1 | 470 ohm | 0402 | |"));
    expect(findings).toEqual([
      {
        kind: "value-mismatch",
        document: "docs/BOM.md",
        row: 7,
        column: "Value",
        refs: ["R3"],
        claim: "470 ohm",
        actual: "330",
        detail: expect.stringContaining('change the cell to "330"'),
      },
    ]);
    for (const f of findings) driftFindingSchema.parse(f);
  });

  it("names only the parts of a row that disagree", () => {
    const findings = check(withRow("| R1, R2", "| R1-R2 | 2 | 47k | 0402 | |"));
    expect(findings.map((f) => [f.kind, f.refs])).toEqual([["value-mismatch", ["R1", "R2"]]]);
    expect(findings[0]?.detail).toContain("R1, R2 are");
  });

  it("tells milli from mega", () => {
    const findings = check(withRow("| C1-C2", "| C1-C2 | 2 | 100mF | 0402 | |"));
    expect(findings.map((f) => f.kind)).toEqual(["value-mismatch"]);
  });

  it("reports footprint and MPN mismatches", () => {
    const findings = check(withRow("| C1-C2", "| C1-C2 | 2 | 100nF | 0603 | GRM155R71C104KA88J |"));
    expect(findings.map((f) => [f.kind, f.refs, f.claim, f.actual])).toEqual([
      ["footprint-mismatch", ["C1", "C2"], "0603", "Capacitor_SMD:C_0402_1005Metric"],
      ["mpn-mismatch", ["C1"], "GRM155R71C104KA88J", "GRM155R71C104KA88D"],
    ]);
  });

  it("reports a wrong quantity", () => {
    const findings = check(withRow("| R1, R2", "| R1, R2 | 3 | 4k7 | 0402 | |"));
    expect(findings.map((f) => [f.kind, f.claim, f.actual])).toEqual([["qty-mismatch", "3", "2"]]);
  });

  it("reports refs missing from the BOM and refs the schematic lacks", () => {
    const findings = check(withRow("| D1", "| D9 | 1 | LED | 0603 | |"));
    expect(findings.map((f) => [f.kind, f.row, f.refs])).toEqual([
      ["unknown-ref", 10, ["D9"]],
      ["missing-ref", 3, ["D1"]],
    ]);
    expect(findings[1]?.actual).toBe("D1 (LED, LED_SMD:LED_0603_1608Metric)");
  });

  it("reports a part listed twice and an unreadable reference cell", () => {
    const text = `${CLEAN_BOM.trimEnd()}\n| R3, ?? | 1 | 330 | 0402 | |\n`;
    expect(check(text).map((f) => [f.kind, f.row])).toEqual([
      ["unreadable-row", 12],
      ["duplicate-row", 12],
    ]);
  });

  it("accepts every reference column synonym", () => {
    for (const header of ["Ref", "Reference", "Designator", "Designator(s)", "References"]) {
      const text = CLEAN_BOM.replace("| Refdes |", `| ${header} |`);
      expect(check(text), header).toEqual([]);
    }
  });

  it("says clearly that a document without a table cannot be checked", () => {
    const findings = check("# BOM\n\nParts to be chosen.\n");
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ kind: "no-table", row: 1, document: "docs/BOM.md" });
    expect(findings[0]?.detail).toContain("no markdown table");
  });

  it("names the headers it saw when no column holds references", () => {
    const findings = check("| Part | Value |\n|---|---|\n| R1 | 4k7 |\n");
    expect(findings.map((f) => f.kind)).toEqual(["no-table"]);
    expect(findings[0]?.detail).toContain('"Part", "Value"');
    expect(findings[0]?.detail).toContain('"Refdes"');
  });
});

describe("checkBomDrift placeholders", () => {
  it("treats -, n/a and TBD cells as not stated", () => {
    const text = CLEAN_BOM.replace(
      "| U1 | 1 | STM32F103C8T6 | LQFP-48 |",
      "| U1 | n/a | — | TBD |",
    );
    expect(checkBomDrift({ path: "docs/BOM.md", text }, sampleDesign())).toEqual([]);
  });
});
