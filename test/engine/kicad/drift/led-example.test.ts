import { beforeAll, describe, expect, it } from "vitest";
import { exportNetlist } from "../../../../engine/kicad/cli/export-netlist.js";
import { checkDrift } from "../../../../engine/kicad/drift/check-drift.js";
import type { DriftDesign } from "../../../../engine/kicad/drift/drift-design.js";
import { renderDrift } from "../../../../engine/kicad/drift/render-drift.js";
import { designFromNetlist } from "./netlist-design.js";

// The bundled LED example, as kicad-cli's own netlist reports it, against docs written for it.
const BOM = `# BOM

| Designator | Qty | Value | Package |
|---|---|---|---|
| J1 | 1 | Conn_01x02 | PinHeader_1x02_P2.54mm_Vertical |
| R1 | 1 | 330 Ω | 0603 |
| D1 | 1 | LED | LED_0603_1608Metric |
`;

const PINOUT = `# Pinout

| Ref | Pin | Name | Net |
|---|---|---|---|
| J1 | 1 | Pin_1 | +5V |
| J1 | 2 | Pin_2 | GND |
| D1 | 1 | K | GND |
| D1 | 2 | A | Net-(D1-A) |
`;

let design: DriftDesign;

beforeAll(async () => {
  design = designFromNetlist(await exportNetlist("examples/led/led.kicad_sch"));
});

describe("drift on the LED example (real kicad-cli netlist)", () => {
  it("is clean when the documents match the design", () => {
    const findings = checkDrift({
      bom: { path: "docs/BOM.md", text: BOM },
      pinout: { path: "docs/PINOUT.md", text: PINOUT },
      design,
    });
    expect(renderDrift(findings)).toBe("drift: clean");
  });

  it("reports each edit to the documents, in document order", () => {
    const findings = checkDrift({
      bom: {
        path: "docs/BOM.md",
        text: BOM.replace("330 Ω", "3k3").replace("| 0603 |", "| 0805 |"),
      },
      pinout: {
        path: "docs/PINOUT.md",
        text: PINOUT.replace("| 2 | Pin_2 | GND |", "| 2 | Pin_2 | +5V |"),
      },
      design,
    });
    expect(findings.map((f) => [f.document, f.row, f.kind, f.claim, f.actual])).toEqual([
      ["docs/BOM.md", 6, "footprint-mismatch", "0805", "Resistor_SMD:R_0603_1608Metric"],
      ["docs/BOM.md", 6, "value-mismatch", "3k3", "330"],
      ["docs/PINOUT.md", 6, "pin-net-mismatch", "+5V", "GND"],
    ]);
    const text = renderDrift(findings);
    expect(text.split("\n")[0]).toBe("drift: 3 finding(s):");
    expect(text).toContain(
      '2. docs/BOM.md:6 Value [value-mismatch] claims "3k3" but actual is "330"',
    );
  });
});
