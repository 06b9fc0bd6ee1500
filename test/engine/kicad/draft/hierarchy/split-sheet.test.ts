import { describe, expect, it } from "vitest";
import type { SheetPlan } from "../../../../../engine/kicad/draft/hierarchy/plan-sheets.js";
import {
  bisectParts,
  splitSheet,
} from "../../../../../engine/kicad/draft/hierarchy/split-sheet.js";
import { type Intent, splitEndpoint } from "../../../../../engine/kicad/draft/intent.js";
import { oversizedIntent } from "./oversized-intent.js";

const classOf = (net: string) =>
  net === "GND" ? "ground" : net === "+5V" ? "power" : ("signal" as const);

/** The signal nets with pins on both halves. */
function cutNets(intent: Intent, [a, b]: [string[], string[]]): string[] {
  const on = (n: Intent["nets"][number], half: string[]) =>
    n.pins.some((p) => half.includes(splitEndpoint(p).ref));
  return intent.nets
    .filter((n) => classOf(n.name) === "signal" && on(n, a) && on(n, b))
    .map((n) => n.name);
}

/** Two chains of resistors, R1–R3 and R4–R6, joined by one net between R3 and R4. */
function twoChains(): Intent {
  const r = (i: number) => ({ ref: `R${i}`, libId: "Device:R", value: "1k", group: "G" });
  return {
    version: 1,
    // Listed interleaved, so the intent's order alone would cut both chains.
    parts: [1, 4, 2, 5, 3, 6].map(r),
    nets: [
      { name: "A1", pins: ["R1.2", "R2.1"] },
      { name: "A2", pins: ["R2.2", "R3.1"] },
      { name: "B1", pins: ["R4.2", "R5.1"] },
      { name: "B2", pins: ["R5.2", "R6.1"] },
      { name: "LINK", pins: ["R3.2", "R4.1"] },
      { name: "+5V", kind: "power", pins: ["R1.1"] },
      { name: "GND", kind: "ground", pins: ["R6.2"] },
    ],
  };
}

const sheetOf = (intent: Intent, group: string, name = group): SheetPlan => ({
  file: "g.kicad_sch",
  groups: [group],
  instances: [
    {
      name,
      refs: new Map(intent.parts.filter((p) => p.group === group).map((p) => [p.ref, p.ref])),
    },
  ],
});

describe("bisectParts", () => {
  it("cuts two chains apart at the one net joining them, halves in the intent's order", () => {
    const intent = twoChains();
    const halves = bisectParts(
      intent,
      intent.parts.map((p) => p.ref),
      classOf,
    );
    expect(halves).toEqual([
      ["R1", "R2", "R3"],
      ["R4", "R5", "R6"],
    ]);
    if (halves) expect(cutNets(intent, halves)).toEqual(["LINK"]);
  });

  it("does not cut a sheet of one part", () => {
    const intent = twoChains();
    expect(bisectParts(intent, ["R1"], classOf)).toBeUndefined();
  });

  it("over 60 generated amplifier chains: cuts one link between stages, each half at least 30 % of the pins, every decoupling capacitor with its op-amp", () => {
    for (let seed = 1; seed <= 60; seed++) {
      const intent = oversizedIntent(seed);
      const refs = intent.parts.filter((p) => p.group === "Signal chain").map((p) => p.ref);
      const halves = bisectParts(intent, refs, classOf);
      if (!halves) throw new Error(`seed ${seed}: not cut`);
      expect([...halves[0], ...halves[1]].sort()).toEqual([...refs].sort());
      const cut = cutNets(intent, halves);
      // The fewest ports a cut can add: one stage's output, which the next stage's input takes.
      expect(cut, `seed ${seed}`).toHaveLength(1);
      expect(cut[0], `seed ${seed}`).toMatch(/^IN\d+$/);
      const pins = (half: string[]) =>
        intent.nets.flatMap((n) => n.pins).filter((p) => half.includes(splitEndpoint(p).ref))
          .length;
      const share = pins(halves[0]) / (pins(halves[0]) + pins(halves[1]));
      expect(share, `seed ${seed}`).toBeGreaterThanOrEqual(0.3);
      expect(share, `seed ${seed}`).toBeLessThanOrEqual(0.7);
      // The generator lists each op-amp's decoupling capacitor right after it.
      intent.parts.forEach((p, i) => {
        if (!p.ref.startsWith("U")) return;
        const cap = intent.parts[i + 1]?.ref ?? "";
        const home = halves.find((h) => h.includes(p.ref));
        expect(home, `seed ${seed}: ${cap} beside ${p.ref}`).toContain(cap);
      });
    }
  });
});

describe("splitSheet", () => {
  it("makes two pieces of the sheet, each note on the half whose parts it names", () => {
    const intent: Intent = {
      ...twoChains(),
      notes: [
        { text: "R5 sets the second chain's current", group: "G" },
        { text: "R1 and R2 divide the rail", group: "G" },
        { text: "a note of no part", group: "G" },
      ],
    };
    const pieces = splitSheet(intent, sheetOf(intent, "G", "Chains"), classOf);
    expect(pieces?.map((p) => p.piece)).toEqual([
      { of: "Chains", names: ["Chains"], parts: ["R1", "R2", "R3"], notes: [1, 2] },
      { of: "Chains", names: ["Chains"], parts: ["R4", "R5", "R6"], notes: [0] },
    ]);
    for (const piece of pieces ?? []) {
      expect(piece.groups).toEqual(["G"]);
      expect(piece.instances).toHaveLength(1);
      expect([...(piece.instances[0]?.refs.keys() ?? [])]).toEqual(piece.piece?.parts);
    }
  });

  it("cuts a piece again under the name of the sheet it came from", () => {
    const intent = oversizedIntent(7);
    const [first] = splitSheet(intent, sheetOf(intent, "Signal chain"), classOf) ?? [];
    if (!first) throw new Error("not cut");
    const again = splitSheet(intent, first, classOf);
    expect(again?.map((p) => p.piece?.of)).toEqual(["Signal chain", "Signal chain"]);
    expect(again?.flatMap((p) => p.piece?.parts ?? []).sort()).toEqual(
      [...(first.piece?.parts ?? [])].sort(),
    );
  });

  it("cuts a sheet placed more than once alike for every copy, each copy keeping its own refs", () => {
    const intent = twoChains();
    const sheet = sheetOf(intent, "G", "Left");
    const copyOf = (r: string) => `${r[0]}${Number(r.slice(1)) + 10}`;
    sheet.instances.push({
      name: "Right",
      refs: new Map(intent.parts.map((p) => [p.ref, copyOf(p.ref)])),
    });
    const pieces = splitSheet(intent, sheet, classOf);
    expect(pieces?.map((p) => p.piece?.names)).toEqual([
      ["Left", "Right"],
      ["Left", "Right"],
    ]);
    expect(pieces?.map((p) => [...(p.instances[1]?.refs ?? [])])).toEqual([
      [
        ["R1", "R11"],
        ["R2", "R12"],
        ["R3", "R13"],
      ],
      [
        ["R4", "R14"],
        ["R5", "R15"],
        ["R6", "R16"],
      ],
    ]);
  });
});
