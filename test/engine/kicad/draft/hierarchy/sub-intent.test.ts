import { describe, expect, it } from "vitest";
import { subIntent } from "../../../../../engine/kicad/draft/hierarchy/sub-intent.js";
import type { Intent } from "../../../../../engine/kicad/draft/intent.js";

const part = (ref: string, group: string) => ({
  ref,
  libId: ref.startsWith("U") ? "Interface:PCA9600D" : "Device:R",
  value: "x",
  group,
});

/**
 * Two channels, the second a copy of the first (U1/R1 → U2/R2). Every TX name is a person's,
 * only channel 1's RX name is: a sheet's net keeps the mark only when every copy's name has it.
 */
const INTENT: Intent = {
  version: 1,
  parts: [part("U1", "CH1"), part("R1", "CH1"), part("U2", "CH2"), part("R2", "CH2")],
  nets: [
    { name: "CH1_TX", pins: ["U1.3", "R1.1"], namedByPerson: true },
    { name: "CH2_TX", pins: ["U2.3", "R2.1"], namedByPerson: true },
    { name: "CH1_RX", pins: ["U1.2", "R1.2"], namedByPerson: true },
    { name: "CH2_RX", pins: ["U2.2", "R2.2"] },
  ],
};
const refs = (pairs: [string, string][]) => new Map(pairs);

describe("subIntent: where a net's name came from", () => {
  it("a sheet placed once keeps each net's mark as the intent gives it", () => {
    const sheet = {
      file: "ch2.kicad_sch",
      groups: ["CH2"],
      instances: [{ name: "CH2", refs: refs([]) }],
    };
    const { intent } = subIntent(INTENT, sheet, () => "signal", new Map());
    expect(intent.nets.map((n) => [n.name, n.namedByPerson])).toEqual([
      ["CH2_TX", true],
      ["CH2_RX", undefined],
    ]);
  });

  it("a shared sheet's net is a person's only when every copy's name is", () => {
    const sheet = {
      file: "ch.kicad_sch",
      groups: ["CH1"],
      instances: [
        {
          name: "CH1",
          refs: refs([
            ["U1", "U1"],
            ["R1", "R1"],
          ]),
        },
        {
          name: "CH2",
          refs: refs([
            ["U1", "U2"],
            ["R1", "R2"],
          ]),
        },
      ],
    };
    const { intent } = subIntent(INTENT, sheet, () => "signal", new Map());
    expect(intent.nets.map((n) => [n.name, n.namedByPerson])).toEqual([
      ["CH_TX", true],
      ["CH_RX", undefined],
    ]);
  });
});
