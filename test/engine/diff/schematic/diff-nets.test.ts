import { describe, expect, it } from "vitest";
import { diffNets, type NetLike } from "../../../../engine/diff/schematic/diff-nets.js";
import { diffParts } from "../../../../engine/diff/schematic/diff-parts.js";
import type { Part } from "../../../../engine/diff/schematic/parts.js";

/** `net("GND", "R1.2 C1.1")`: a net by name and `ref.pin` list; `Net-(` names are KiCad's own. */
function net(name: string, pins: string): NetLike {
  return {
    name,
    autoNamed: /^(Net-\(|unconnected-\()/.test(name),
    nodes: pins.split(" ").map((p) => {
      const [ref, pin] = p.split(".");
      return { ref: ref!, pin: pin!, pinName: "" };
    }),
  };
}

const same = (refs: string) => new Map(refs.split(" ").map((r) => [r, r]));

describe("diffNets", () => {
  it("reports a rename once when the pins stay, and nothing for KiCad's own names following pins", () => {
    const out = diffNets({
      before: [net("SIG", "R1.1 R2.1 U1.3"), net("Net-(R1-Pad2)", "R1.2 C1.1")],
      after: [net("SIG_IN", "R1.1 R2.1 U1.3"), net("Net-(C1-Pad1)", "R1.2 C1.1")],
      refMap: same("R1 R2 U1 C1"),
      reshaped: new Set(),
    });
    expect(out.changes).toEqual([{ kind: "net-renamed", before: "SIG", after: "SIG_IN", pins: 3 }]);
    expect(out.renamed).toEqual(
      new Map([
        ["SIG", "SIG_IN"],
        ["Net-(R1-Pad2)", "Net-(C1-Pad1)"],
      ]),
    );
  });

  it("keeps a renamed net's identity through a pin leaving it (shared majority)", () => {
    const out = diffNets({
      before: [net("A", "R1.1 R2.1 R3.1 R4.1"), net("B", "R5.1 R6.1")],
      after: [net("A2", "R1.1 R2.1 R3.1"), net("B", "R4.1 R5.1 R6.1")],
      refMap: same("R1 R2 R3 R4 R5 R6"),
      reshaped: new Set(),
    });
    expect(out.changes).toEqual([
      { kind: "net-renamed", before: "A", after: "A2", pins: 3 },
      { kind: "pin-moved", ref: "R4", pin: "1", pinName: "", before: "A", after: "B" },
    ]);
  });

  it("folds nets of added or removed parts into those parts, and names a net split", () => {
    const out = diffNets({
      before: [net("GND", "R1.2 R2.2 R9.2"), net("TP", "R9.1"), net("X", "R1.1 R2.1 U1.1 U1.2")],
      after: [net("GND", "R1.2 R2.2"), net("X", "R1.1 R2.1"), net("Y", "U1.1 U1.2 C7.1")],
      refMap: same("R1 R2 U1"),
      reshaped: new Set(),
    });
    // TP had only the removed R9; Y is new but holds pins that were on X.
    expect(out.changes).toEqual([
      { kind: "net-added", net: "Y", pins: ["C7.1", "U1.1", "U1.2"] },
      { kind: "pin-moved", ref: "U1", pin: "1", pinName: "", before: "X", after: "Y" },
      { kind: "pin-moved", ref: "U1", pin: "2", pinName: "", before: "X", after: "Y" },
    ]);
  });

  it("follows a re-annotated part's pins through the reference map", () => {
    const out = diffNets({
      before: [net("VCC", "R5.1 C1.1"), net("OUT", "R5.2 U1.1")],
      after: [net("VCC", "R7.1 C1.1"), net("OUT", "R7.2 U1.1")],
      refMap: new Map([
        ["R5", "R7"],
        ["C1", "C1"],
        ["U1", "U1"],
      ]),
      reshaped: new Set(),
    });
    expect(out.changes).toEqual([]);
  });
});

function part(ref: string, ids: string[], value = "10k"): Part {
  return {
    ref,
    value,
    footprint: "R:0603",
    symbol: "Device:R",
    fields: new Map(),
    units: [1],
    sheets: ["/"],
    dnp: false,
    inBom: true,
    onBoard: true,
    excludeFromSim: false,
    identities: ids,
  };
}

describe("diffParts", () => {
  it("tells a re-annotation (same symbol uuid on the same sheet) from a removal plus an addition", () => {
    const out = diffParts(
      new Map([
        ["R5", part("R5", ["/root/u5"])],
        ["R6", part("R6", ["/root/u6"])],
      ]),
      new Map([
        ["R7", part("R7", ["/root/u5"], "22k")],
        ["R8", part("R8", ["/root/u8"])],
      ]),
      new Map(),
    );
    expect(out.changes).toEqual([
      { kind: "reference-changed", ref: "R7", before: "R5" },
      { kind: "value-changed", ref: "R7", before: "10k", after: "22k" },
    ]);
    expect([...out.removed]).toEqual(["R6"]);
    expect([...out.added]).toEqual(["R8"]);
  });
});
