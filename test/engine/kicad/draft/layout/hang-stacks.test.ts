import { describe, expect, it } from "vitest";
import { hangStacks } from "../../../../../engine/kicad/draft/layout/hang-stacks.js";
import { type Measure, Occupancy } from "../../../../../engine/kicad/draft/layout/occupancy.js";
import type { SatelliteStack } from "../../../../../engine/kicad/draft/layout/satellite-plan.js";
import type { StackDrawing } from "../../../../../engine/kicad/draft/layout/satellite-stack.js";
import { railSymbolIds } from "../../../../../engine/kicad/draft/rail-symbols.js";

const rails = railSymbolIds(new Set());
const stack: SatelliteStack = {
  host: "U1.1",
  net: "SIG",
  parts: [{ ref: "R1", near: "1", far: "2" }],
};
const resistor = (): StackDrawing => ({
  items: { symbols: [], wires: [], junctions: [], labels: [], attachments: [] },
  obstacles: [],
  stubEnds: new Map(),
  box: { minX: -1, minY: 0, maxX: 1, maxY: 7.62 },
  estimate: { minX: -1, minY: 0, maxX: 1, maxY: 7.62 },
});
/** An occupancy with something drawn over `box` by another pin. */
function blocked(
  measure: Measure,
  box: { minX: number; minY: number; maxX: number; maxY: number },
) {
  const occ = new Occupancy(measure);
  occ.add({ kind: "body", box, owner: "U1.9" });
  return occ;
}
const hang = (occ: Occupancy, stacks: readonly SatelliteStack[] = [stack]) =>
  hangStacks({
    pinKey: "U1.1",
    pin: { x: 0, y: 0 },
    outward: "right",
    stacks,
    role: { kind: "label", net: "SIG" },
    rails,
    sides: () => ["down", "up"],
    detour: () => 7.62,
    draw: resistor,
    occ,
  });

describe.each(["estimate", "exact"] as const)("hanging parts on a pin (%s measure)", (measure) => {
  it("hangs a stack at the first clear step and names the pin past it", () => {
    const hung = hang(new Occupancy(measure));
    expect(hung.ok).toBe(true);
    expect(hung.released).toEqual([]);
    expect(hung.items.attachments.map((a) => a.pin)).toEqual(["U1.1"]);
    // The wire runs from the pin to the stack (5.08 mm out), then on to the label's stub.
    expect(hung.items.wires[0]).toEqual({ net: "SIG", a: { x: 0, y: 0 }, b: { x: 5.08, y: 0 } });
  });

  it("releases a stack that finds no clear place within reach instead of failing", () => {
    // Something right under the pin's line all the way out, where the resistor would hang; the
    // line itself and the room above it are free, so the pin keeps its own label.
    const hung = hang(blocked(measure, { minX: 4, minY: 0.7, maxX: 5000, maxY: 5000 }));
    expect(hung.released).toEqual([stack]);
    expect(hung.ok).toBe(true);
    expect(hung.items.attachments.map((a) => a.pin)).toEqual(["U1.1"]);
  });

  it("reports who blocks the pin's own label when its whole line is taken", () => {
    const hung = hang(blocked(measure, { minX: -5000, minY: -5000, maxX: 5000, maxY: 5000 }), []);
    expect(hung.ok).toBe(false);
    expect(hung.blockers).toContain("U1.9");
  });
});
