import { describe, expect, test } from "vitest";
import {
  busLeaves,
  busShape,
  isBusName,
  matchBusMember,
  parseBusGroup,
  parseBusVector,
  unescapeKicad,
} from "../../../../../engine/kicad/schematic/netlist/bus-label.js";

const none = new Map<string, string[]>();
const names = (text: string, aliases = none) =>
  busLeaves(busShape(text, aliases)!).map((l) => l.fullName);

describe("bus names the way KiCad 9 reads them", () => {
  test("vectors run ascending whichever way they are written", () => {
    expect(parseBusVector("D[0..3]")).toEqual({ prefix: "D", members: ["D0", "D1", "D2", "D3"] });
    expect(parseBusVector("A[3..1]")?.members).toEqual(["A1", "A2", "A3"]);
    expect(parseBusVector("D[1..1]")).toBeUndefined();
    expect(parseBusVector("D0")).toBeUndefined();
    expect(parseBusVector("D[0..3]x")).toBeUndefined();
  });

  test("groups: named, unnamed, comma separated, with vectors inside", () => {
    expect(parseBusGroup("USB{DP DM}")).toEqual({ prefix: "USB", members: ["DP", "DM"] });
    expect(parseBusGroup("UART{TX, RX}")).toEqual({ prefix: "UART", members: ["TX", "RX"] });
    expect(names("DIG{D5 D6 D[9..10]}")).toEqual(["DIG.D5", "DIG.D6", "DIG.D9", "DIG.D10"]);
    expect(names("{A B}")).toEqual(["A", "B"]);
  });

  test("overbar, sub- and superscript braces are text markup, not buses", () => {
    expect(isBusName("~{RESET}")).toBe(false);
    expect(isBusName("V_{CC}")).toBe(false);
    expect(isBusName("~{CS}_FLASH")).toBe(false);
    // Inside a group the markup is dropped from the member name (kicad-cli 9 does this).
    expect(names("SWD_TRG{~{RESET}, SWDIO}")).toEqual(["SWD_TRG.RESET", "SWD_TRG.SWDIO"]);
  });

  test("aliases expand inside groups", () => {
    const aliases = new Map([["SFP", ["TX_P", "TX_N"]]]);
    expect(names("SFP0{SFP}", aliases)).toEqual(["SFP0.TX_P", "SFP0.TX_N"]);
    expect(names("{SFP}", aliases)).toEqual(["TX_P", "TX_N"]);
  });

  test("escaped characters are read back before parsing", () => {
    expect(unescapeKicad("A{slash}B")).toBe("A/B");
    expect(isBusName("A{slash}B")).toBe(false);
    expect(names("G{A/B}")).toEqual(["G.A{slash}B"]);
  });

  test("members match by position in vectors and by name in groups", () => {
    const parent = busShape("DATA[8..11]", none)!;
    const child = busShape("D[0..3]", none)!;
    expect(matchBusMember(parent, busLeaves(child)[2]!)?.fullName).toBe("DATA10");
    const parentGroup = busShape("SFP0{TX RX}", none)!;
    const childGroup = busShape("SFP{RX TX}", none)!;
    expect(matchBusMember(parentGroup, busLeaves(childGroup)[0]!)?.fullName).toBe("SFP0.RX");
    expect(
      matchBusMember(parentGroup, { kind: "net", fullName: "X", localName: "X", vectorIndex: 0 }),
    ).toBeUndefined();
  });
});
