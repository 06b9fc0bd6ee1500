import { describe, expect, it } from "vitest";
import {
  boardModelReferences,
  simulationLibraryReferences,
} from "../../../../engine/kicad/preflight/design-references.js";
import { sheetFileReferences } from "../../../../engine/kicad/preflight/lenient-sheets.js";

describe("the references the pre-flight checks", () => {
  it("lists every disk model of a board with its line, not embedded ones", () => {
    const board = `(kicad_pcb\n(footprint "R"\n(model "kicad-embed://r.step")\n(model "\${KICAD9_3DMODEL_DIR}/R.step")))`;
    expect(boardModelReferences(board)).toEqual([
      { written: `\${KICAD9_3DMODEL_DIR}/R.step`, field: "3-D model (line 4)" },
    ]);
  });

  it("lists simulation libraries by KiCad's field names, in any case", () => {
    const sheet =
      '(kicad_sch\n(symbol (property "Sim.Library" "a.lib"))\n(symbol (property "SIM.LIBRARY" "b.lib") (property "Spice_Lib_File" "c.lib") (property "Value" "d.lib")))';
    expect(simulationLibraryReferences(sheet).map((r) => r.written)).toEqual([
      "a.lib",
      "b.lib",
      "c.lib",
    ]);
  });

  it("finds every Sheetfile a sheet holds, whatever the case or repetition", () => {
    const sheet =
      '(kicad_sch (sheet (property "Sheetname" "P") (property "SHEETFILE" "a.kicad_sch") (property "Sheet file" "b.kicad_sch")) broken (((';
    expect(sheetFileReferences(sheet)).toEqual([
      { written: "a.kicad_sch", sheetName: "P" },
      { written: "b.kicad_sch", sheetName: "P" },
    ]);
  });
});
