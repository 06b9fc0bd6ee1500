import { describe, expect, it } from "vitest";
import type { Drawing, DrawnLabel, DrawnWire } from "../../../../engine/kicad/draft/drawing.js";
import { dropLoneStubLabels } from "../../../../engine/kicad/draft/lone-labels.js";
import type { ResolvedIntent } from "../../../../engine/kicad/draft/resolved-intent.js";

/** No parts: the text audit then weighs only the planted wires and labels (all it reads). */
const NO_PARTS = { parts: new Map() } as unknown as ResolvedIntent;

const wire = (net: string, ax: number, ay: number, bx: number, by: number): DrawnWire => ({
  net,
  a: { x: ax, y: ay },
  b: { x: bx, y: by },
});

function sheet(wires: DrawnWire[], labels: DrawnLabel[], junctions = [{ x: 50.8, y: 50.8 }]) {
  const d: Drawing = {
    paper: "A4",
    symbols: [],
    wires,
    junctions,
    labels,
    noConnects: [],
    rects: [],
    texts: [],
  };
  return d;
}

/**
 * A T at (50.8, 50.8): a horizontal run on, and a vertical stub from the T down to a label at
 * its dead end. `crowd` plants a wire right under the corner's two readings, so the corner has
 * no clear place.
 */
function stubbed(name: string, crowd: boolean): Drawing {
  const wires = [
    wire(name, 40.64, 50.8, 50.8, 50.8),
    wire(name, 50.8, 50.8, 60.96, 50.8),
    wire(name, 50.8, 50.8, 50.8, 55.88),
  ];
  if (crowd) wires.push(wire("OTHER", 45.72, 49.53, 55.88, 49.53));
  return sheet(wires, [{ text: name, at: { x: 50.8, y: 55.88 }, angle: 0 }]);
}

describe("a lone label at the dead end of a stub", () => {
  it("an auto-named one (a redraft's Net-(Q1-B)) goes with its stub instead of moving", () => {
    const out = dropLoneStubLabels(stubbed("Net-(Q1-B)", false), NO_PARTS);
    expect(out.labels).toEqual([]);
    expect(out.wires.map((w) => [w.a, w.b])).toEqual([
      [
        { x: 40.64, y: 50.8 },
        { x: 50.8, y: 50.8 },
      ],
      [
        { x: 50.8, y: 50.8 },
        { x: 60.96, y: 50.8 },
      ],
    ]);
  });

  it("one only restating its own pin (U1_TX on U1's TX) goes, unless a person gave the name", () => {
    const resolved = (namedByPerson?: boolean) =>
      ({
        parts: new Map(),
        nets: [
          {
            net: {
              name: "U1_TX",
              pins: ["U1.3", "R1.1"],
              ...(namedByPerson ? { namedByPerson } : {}),
            },
            endpoints: [
              { ref: "U1", pin: { number: "3", name: "TX" } },
              { ref: "R1", pin: { number: "1", name: "~" } },
            ],
          },
        ],
      }) as unknown as ResolvedIntent;
    expect(dropLoneStubLabels(stubbed("U1_TX", false), resolved()).labels).toEqual([]);
    const kept = dropLoneStubLabels(stubbed("U1_TX", false), resolved(true));
    expect(kept.labels).toEqual([{ text: "U1_TX", at: { x: 50.8, y: 50.8 }, angle: 0 }]);
    expect(kept.wires).toHaveLength(2);
  });

  it("a named one keeps its name and moves to the corner when the corner is clear", () => {
    const out = dropLoneStubLabels(stubbed("GAIN", false), NO_PARTS);
    expect(out.labels).toEqual([{ text: "GAIN", at: { x: 50.8, y: 50.8 }, angle: 0 }]);
    expect(out.wires).toHaveLength(2);
  });

  it("a named one whose corner is crowded moves along the wire it names, not off the sheet", () => {
    const out = dropLoneStubLabels(stubbed("GAIN", true), NO_PARTS);
    expect(out.labels).toHaveLength(1);
    const [label] = out.labels;
    // Still on the named run (y = 50.8, between its ends), no longer at the stub's dead end.
    expect(label?.at.y).toBe(50.8);
    expect(label?.at.x).toBeGreaterThanOrEqual(40.64);
    expect(label?.at.x).toBeLessThanOrEqual(60.96);
    expect(label?.at).not.toEqual({ x: 50.8, y: 50.8 });
    expect(out.wires.filter((w) => w.net === "GAIN")).toHaveLength(2);
  });

  it("a named one on a stub that reaches nothing else is the pin's connection and stays", () => {
    const d = sheet(
      [wire("GAIN", 50.8, 50.8, 50.8, 55.88)],
      [{ text: "GAIN", at: { x: 50.8, y: 55.88 }, angle: 0 }],
      [],
    );
    expect(dropLoneStubLabels(d, NO_PARTS)).toEqual(d);
  });

  it("a named one on a run that passes straight through a wired pin moves to that pin", () => {
    // U1's pin at (40.64, 50.8) wired right to a resistor's pin end at (50.8, 50.8), then on
    // in a straight line to the name at (60.96, 50.8): the fuzzed LT1175 breakout's SENSE.
    const d = sheet(
      [
        wire("SENSE", 40.64, 50.8, 50.8, 50.8),
        wire("SENSE", 50.8, 50.8, 55.88, 50.8),
        wire("SENSE", 55.88, 50.8, 60.96, 50.8),
      ],
      [{ text: "SENSE", at: { x: 60.96, y: 50.8 }, angle: 0 }],
      [],
    );
    const pins = [
      { x: 40.64, y: 50.8 },
      { x: 50.8, y: 50.8 },
    ];
    const out = dropLoneStubLabels(d, NO_PARTS, pins);
    expect(out.labels).toEqual([{ text: "SENSE", at: { x: 50.8, y: 50.8 }, angle: 0 }]);
    expect(out.wires).toEqual([wire("SENSE", 40.64, 50.8, 50.8, 50.8)]);
    // Not knowing the pin, the run looks like the pin's only connection and stays as drawn.
    expect(dropLoneStubLabels(d, NO_PARTS)).toEqual(d);
  });
});
