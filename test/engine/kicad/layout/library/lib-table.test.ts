import { describe, expect, it } from "vitest";
import {
  LibTableError,
  libTableText,
  mergeLibRows,
  parseLibTable,
} from "../../../../../engine/kicad/layout/library/lib-table.js";
import {
  isVendoredRow,
  vendoredRow,
} from "../../../../../engine/kicad/layout/library/project-libraries.js";

const PERSON = `(fp_lib_table
  (version 7)
  (lib (name "MyParts")(type "KiCad")(uri "\${KIPRJMOD}/MyParts.pretty")(options "")(descr "hand-made")(disabled))
  (lib (name "LED_SMD")(type "KiCad")(uri "\${KICAD9_FOOTPRINT_DIR}/LED_SMD.pretty")(options "")(descr ""))
  (lib (name "Resistor_SMD")(type "KiCad")(uri "\${KIPRJMOD}/footprints/Resistor_SMD.pretty")(options "")(descr "copperhead vendored footprints"))
)
`;

describe("fp-lib-table merging", () => {
  it("keeps a person's rows (flags included), replaces copperhead's own, never takes a nickname they use", () => {
    const table = parseLibTable(PERSON, "fp-lib-table", "fp_lib_table");
    expect(table.rows.map((r) => r.name)).toEqual(["MyParts", "LED_SMD", "Resistor_SMD"]);
    const ours = ["Capacitor_SMD", "LED_SMD", "Resistor_SMD"].map(vendoredRow);
    const merged = mergeLibRows(table.rows, ours, isVendoredRow);
    expect(merged.map((r) => `${r.name}:${r.descr}`)).toEqual([
      "MyParts:hand-made",
      "LED_SMD:",
      "Resistor_SMD:copperhead vendored footprints",
      "Capacitor_SMD:copperhead vendored footprints",
    ]);
    const text = libTableText("fp_lib_table", merged);
    expect(text).toContain(
      `(lib (name "MyParts")(type "KiCad")(uri "\${KIPRJMOD}/MyParts.pretty")(options "")(descr "hand-made")(disabled))`,
    );
    expect(text).toContain(
      `(lib (name "Capacitor_SMD")(type "KiCad")(uri "\${KIPRJMOD}/footprints/Capacitor_SMD.pretty")(options "")(descr "copperhead vendored footprints"))`,
    );
    // What we write reads back to the same rows.
    expect(parseLibTable(text, "x", "fp_lib_table").rows.map((r) => [r.name, r.uri])).toEqual(
      merged.map((r) => [r.name, r.uri]),
    );
  });

  it("refuses a table it cannot read instead of replacing it", () => {
    expect(() => parseLibTable("(fp_lib_table (lib", "fp-lib-table", "fp_lib_table")).toThrow(
      LibTableError,
    );
    expect(() => parseLibTable("(sym_lib_table)", "fp-lib-table", "fp_lib_table")).toThrow(
      /not \(fp_lib_table/,
    );
  });
});
