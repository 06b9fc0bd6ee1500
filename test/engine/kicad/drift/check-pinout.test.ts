import { describe, expect, it } from "vitest";
import { checkPinoutDrift } from "../../../../engine/kicad/drift/check-pinout.js";
import { CLEAN_PINOUT, sampleDesign } from "./design-fixture.js";

const check = (text: string) => checkPinoutDrift({ path: "docs/PINOUT.md", text }, sampleDesign());

function withRow(prefix: string, row: string): string {
  const lines = CLEAN_PINOUT.split("\n");
  const i = lines.findIndex((l) => l.startsWith(prefix));
  if (i < 0) throw new Error(`no row ${prefix}`);
  lines[i] = row;
  return lines.join("\n");
}

describe("checkPinoutDrift", () => {
  it("finds nothing when the pinout agrees (heading names the part, paths and markup folded)", () => {
    expect(check(CLEAN_PINOUT)).toEqual([]);
  });

  it("reports a pin on the wrong net", () => {
    const findings = check(withRow("| 42 ", "| 42 | PB6 | I2C_SDA |"));
    expect(findings).toEqual([
      {
        kind: "pin-net-mismatch",
        document: "docs/PINOUT.md",
        row: 13,
        column: "Signal",
        refs: ["U1"],
        claim: "I2C_SDA",
        actual: "/I2C_SCL",
        detail: expect.stringContaining('change the cell to "I2C_SCL"'),
      },
    ]);
  });

  it("reports a wrong pin name", () => {
    const findings = check(withRow("| 43 ", "| 43 | PB8 | I2C_SDA |"));
    expect(findings.map((f) => [f.kind, f.claim, f.actual])).toEqual([
      ["pin-name-mismatch", "PB8", "PB7"],
    ]);
  });

  it("tells connected from not connected both ways", () => {
    expect(
      check(withRow("| 31 ", "| 31 | PA10 | UART_RX |")).map((f) => [f.kind, f.actual]),
    ).toEqual([["pin-net-mismatch", "not connected"]]);
    expect(check(withRow("| 42 ", "| 42 | PB6 | NC |")).map((f) => [f.kind, f.actual])).toEqual([
      ["pin-net-mismatch", "/I2C_SCL"],
    ]);
  });

  it("asks for a label when the document names a net the schematic left unnamed", () => {
    const [finding] = check(withRow("| 30 ", "| 30 | USART1_TX | LED_DRIVE |"));
    expect(finding?.kind).toBe("pin-net-mismatch");
    expect(finding?.detail).toContain('label the net "LED_DRIVE"');
  });

  it("reports unknown parts and pins", () => {
    const text = `${CLEAN_PINOUT.trimEnd()}\n| U7 | 1 | GND |\n| J1 | 9 | GND |\n`;
    expect(check(text).map((f) => [f.kind, f.refs, f.claim])).toEqual([
      ["unknown-ref", ["U7"], "U7"],
      ["unknown-pin", ["J1"], "9"],
    ]);
  });

  it("expands pin ranges and reports duplicates", () => {
    const text = `${CLEAN_PINOUT.trimEnd()}\n| J1 | 1-2 | I2C_SCL |\n`;
    expect(check(text).map((f) => [f.kind, f.claim])).toEqual([
      ["duplicate-row", "J1 pin 1"],
      ["duplicate-row", "J1 pin 2"],
    ]);
  });

  it("needs a part for a table without a Refdes column", () => {
    const text = "## Microcontroller\n\n| Pin | Net |\n|---|---|\n| 1 | +3V3 |\n";
    const findings = check(text);
    expect(findings.map((f) => [f.kind, f.row])).toEqual([["unreadable-row", 3]]);
    expect(findings[0]?.detail).toContain("heading");
  });

  it("says clearly that a document without a pin table cannot be checked", () => {
    expect(check("# Pinout\n\nTBD\n").map((f) => f.kind)).toEqual(["no-table"]);
    const findings = check("| Ref | Value |\n|---|---|\n| U1 | x |\n");
    expect(findings.map((f) => f.kind)).toEqual(["no-table"]);
    expect(findings[0]?.detail).toContain('"Ref", "Value"');
  });
});

describe("checkPinoutDrift conveniences", () => {
  it("carries a reference down blank cells and finds pins by name", () => {
    const text = [
      "| Ref | Pin | Name | Net |",
      "|---|---|---|---|",
      "| U1 | 42 | PB6 | I2C_SCL |",
      "|  | PB7 | PB7 | I2C_SDA |",
      "|  | USART1_TX | PA9 | LED_A |",
    ].join("\n");
    expect(check(text).map((f) => [f.kind, f.row, f.refs, f.claim])).toEqual([
      ["pin-net-mismatch", 5, ["U1"], "LED_A"],
    ]);
  });

  it("asks for a reference when the first row has none", () => {
    const text = "| Ref | Pin | Net |\n|---|---|---|\n|  | 1 | GND |\n";
    const findings = check(text);
    expect(findings.map((f) => f.kind)).toEqual(["unreadable-row"]);
    expect(findings[0]?.detail).toContain("fill in the Refdes cell");
  });
});
