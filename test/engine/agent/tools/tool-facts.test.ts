import { describe, expect, it } from "vitest";
import { mutationKind } from "../../../../engine/agent/tools/tool-facts.js";

describe("mutationKind", () => {
  it("sorts a path by what reads it: the sheet side (ERC, drift), the board side (DRC), the drift documents", () => {
    const kinds = Object.fromEntries(
      [
        "hw/a.kicad_sch",
        "hw/a.kicad_pcb",
        "hw/fp-lib-table",
        "lib/Part.pretty/X.kicad_mod",
        "hw/a.kicad_dru",
        "hw/sym-lib-table",
        "hw/a.kicad_sym",
        "hw/a.kicad_pro",
        "docs/BOM.md",
        "docs/PINOUT.md",
        "docs/LAYOUT.md",
        "HW/A.KICAD_PCB",
      ].map((p) => [p, mutationKind(p)]),
    );
    expect(kinds).toEqual({
      "hw/a.kicad_sch": "schematic",
      "hw/a.kicad_pcb": "board",
      "hw/fp-lib-table": "board",
      "lib/Part.pretty/X.kicad_mod": "board",
      "hw/a.kicad_dru": "board",
      "hw/sym-lib-table": "kicad-other",
      "hw/a.kicad_sym": "kicad-other",
      "hw/a.kicad_pro": "kicad-other",
      "docs/BOM.md": "doc",
      "docs/PINOUT.md": "doc",
      "docs/LAYOUT.md": "other",
      "HW/A.KICAD_PCB": "board",
    });
  });
});
