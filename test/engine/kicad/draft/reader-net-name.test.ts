import { describe, expect, it } from "vitest";
import { readerNetName, restatesOwnPin } from "../../../../engine/kicad/draft/reader-net-name.js";
import type { NetNode } from "../../../../engine/kicad/schematic/netlist/netlist.js";

const node = (ref: string, pin: string, pinName: string) => ({ ref, pin, pinName }) as NetNode;

describe("readerNetName", () => {
  it.each([
    ["Net-(Q1-B)", [node("Q1", "2", "B")], "Q1_B"],
    ["Net-(U1A-K)", [node("U1", "3", "K")], "U1A_K"],
    ["Net-(L2-Pad2)", [node("L2", "2", "")], "L2_2"],
    ["Net-(U1-PA3-Pad5)", [node("U1", "5", "PA3")], "U1_PA3_5"],
    ["Net-(U1--)", [node("U1", "2", "-")], "U1_2"],
    ["Net-(R10-Pad1)", [node("R1", "1", ""), node("R10", "1", "")], "R10_1"],
    ["GND", [node("R1", "1", "")], undefined],
  ])("%s → %s", (invented, nodes, want) => {
    expect(readerNetName(invented, nodes)).toBe(want);
  });

  it("the name it gives restates one of the net's own pins, and a chosen name does not", () => {
    const pins = [{ ref: "Q1", number: "2", name: "B" }];
    expect(restatesOwnPin("Q1_B", pins)).toBe(true);
    expect(restatesOwnPin("Q1_2", pins)).toBe(true);
    expect(restatesOwnPin("BIAS", pins)).toBe(false);
    expect(restatesOwnPin("Q2_B", pins)).toBe(false);
  });
});
