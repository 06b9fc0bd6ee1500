import { describe, expect, it } from "vitest";
import { columnRole, findColumns } from "../../../../engine/kicad/drift/column-roles.js";

describe("columnRole", () => {
  const cases: [string, string][] = [
    ["Refdes", "ref"],
    ["Ref", "ref"],
    ["Ref.", "ref"],
    ["Reference", "ref"],
    ["References", "ref"],
    ["Designator", "ref"],
    ["Designator(s)", "ref"],
    ["Designators", "ref"],
    ["Reference Designator(s)", "ref"],
    ["**Ref Des**", "ref"],
    ["Value", "value"],
    ["Footprint", "footprint"],
    ["Package", "footprint"],
    ["MPN", "mpn"],
    ["Part Number", "mpn"],
    ["Part #", "mpn"],
    ["P/N", "mpn"],
    ["Manufacturer Part", "mpn"],
    ["Manufacturer Part Number", "mpn"],
    ["Mfr. Part #", "mpn"],
    ["Qty", "qty"],
    ["Quantity", "qty"],
    ["Pin", "pin"],
    ["Pin #", "pin"],
    ["Pin No.", "pin"],
    ["Name", "pinName"],
    ["Pin Name", "pinName"],
    ["Function", "pinName"],
    ["Net", "net"],
    ["Signal", "net"],
    ["Net name", "net"],
  ];
  for (const [header, role] of cases) {
    it(`reads "${header}" as ${role}`, () => {
      expect(columnRole(header)).toBe(role);
    });
  }

  it("ignores columns it does not know", () => {
    expect(columnRole("Description")).toBeUndefined();
    expect(columnRole("Manufacturer")).toBeUndefined();
    expect(columnRole("LCSC")).toBeUndefined();
  });

  it("maps a header row, first column winning", () => {
    const columns = findColumns(["Qty", "Designator", "Value", "Package", "Ref"]);
    expect(Object.fromEntries(columns)).toEqual({ qty: 0, ref: 1, value: 2, footprint: 3 });
  });
});
