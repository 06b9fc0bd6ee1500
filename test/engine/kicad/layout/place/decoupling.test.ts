import { describe, expect, it } from "vitest";
import type { LayoutNet } from "../../../../../engine/kicad/layout/layout-input.js";
import { findDecoupling } from "../../../../../engine/kicad/layout/place/decoupling.js";

const pin = (ref: string, p: string, pinType = "passive") => ({
  ref,
  pin: p,
  pinName: "",
  pinType,
});

describe("decoupling caps", () => {
  it("are dealt to the IC power pins of their net in turn, typed power pins first", () => {
    const nets: LayoutNet[] = [
      {
        name: "+3V3",
        kind: "power",
        basis: "name",
        pins: [
          pin("C1", "1"),
          pin("C2", "1"),
          pin("C3", "1"),
          pin("U1", "8", "power_in"),
          pin("U1", "4", "input"),
          pin("U2", "14", "power_in"),
          pin("R1", "1"),
        ],
      },
      {
        name: "GND",
        kind: "ground",
        basis: "name",
        pins: [pin("C1", "2"), pin("C2", "2"), pin("C3", "2"), pin("U1", "5"), pin("U2", "7")],
      },
      {
        name: "X",
        kind: "signal",
        basis: "name",
        pins: [pin("U1", "1"), pin("U2", "1"), pin("R1", "2")],
      },
    ];
    expect(findDecoupling(nets)).toEqual([
      { cap: "C1", capPin: "1", ic: "U1", icPin: "8", net: "+3V3" },
      { cap: "C2", capPin: "1", ic: "U2", icPin: "14", net: "+3V3" },
      { cap: "C3", capPin: "1", ic: "U1", icPin: "8", net: "+3V3" },
    ]);
  });

  it("a cap between two signals, or a power net no IC uses, decouples nothing", () => {
    const nets: LayoutNet[] = [
      { name: "+5V", kind: "power", basis: "name", pins: [pin("C1", "1"), pin("J1", "1")] },
      { name: "A", kind: "signal", basis: "name", pins: [pin("C2", "1"), pin("U1", "1")] },
      {
        name: "GND",
        kind: "ground",
        basis: "name",
        pins: [pin("C1", "2"), pin("C2", "2"), pin("U1", "2"), pin("U1", "3")],
      },
    ];
    expect(findDecoupling(nets)).toEqual([]);
  });
});
