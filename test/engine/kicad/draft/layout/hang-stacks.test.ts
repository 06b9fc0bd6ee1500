import { describe, expect, it } from "vitest";
import type { Direction } from "../../../../../engine/kicad/draft/drawing.js";
import { hangStacks } from "../../../../../engine/kicad/draft/layout/hang-stacks.js";
import { type Measure, Occupancy } from "../../../../../engine/kicad/draft/layout/occupancy.js";
import type { SatelliteStack } from "../../../../../engine/kicad/draft/layout/satellite-plan.js";
import type { StackDrawing } from "../../../../../engine/kicad/draft/layout/satellite-stack.js";
import { labelTextBox } from "../../../../../engine/kicad/draft/layout/text-boxes.js";
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

/** A resistor hung to `side` of the line: its lead and body stand 7.62 mm that way. */
const hungTo = (_: SatelliteStack, side: string): StackDrawing => {
  const box =
    side === "up"
      ? { minX: -1, minY: -7.62, maxX: 1, maxY: 0 }
      : { minX: -1, minY: 0, maxX: 1, maxY: 7.62 };
  return { ...resistor(), box, estimate: box };
};
const NAMES = ["A", "CS", "PROG", "SENSE", "I2C_SPI", "CONVST_CS", "SIG_VINx", "REFR_DIR_LONG"];

describe.each(["estimate", "exact"] as const)(
  "a pull-up on a net alone on its line (%s)",
  (measure) => {
    const hangAlone = (net: string, sides: Direction[], outward: "left" | "right" = "right") =>
      hangStacks({
        pinKey: "U1.1",
        pin: { x: 0, y: 0 },
        outward,
        stacks: [{ ...stack, net }],
        role: { kind: "label", net },
        rails,
        sides: () => sides,
        detour: () => 7.62,
        draw: hungTo,
        labelOnRun: true,
        occ: new Occupancy(measure),
      });

    it.each(NAMES.flatMap((n) => (["right", "left"] as const).map((o) => [n, o] as const)))(
      "names %s on the run before the resistor (pin facing %s), not past it at a dead end",
      (net, outward) => {
        const hung = hangAlone(net, ["up", "down"], outward);
        expect(hung.ok).toBe(true);
        // No label stub past the stack: the name is on the run, its text clear of the resistor.
        expect(hung.items.attachments).toEqual([]);
        expect(hung.items.labels).toHaveLength(1);
        const label = hung.items.labels[0]!;
        expect(label.at.y).toBe(0);
        const text = labelTextBox(net, label.at, label.angle as 0 | 180);
        const tee = hung.items.wires.reduce(
          (far, w) => Math.max(far, Math.abs(w.a.x), Math.abs(w.b.x)),
          0,
        );
        const clear = outward === "right" ? tee - 1 - text.maxX : text.minX - (-tee + 1);
        expect(clear).toBeGreaterThan(0.15);
        // The label splits the run: two wire ends meet at it.
        const ends = hung.items.wires.flatMap((w) => [w.a, w.b]);
        expect(ends.filter((p) => p.x === label.at.x && p.y === label.at.y)).toHaveLength(2);
      },
    );

    it.each(NAMES)("ends %s short of the resistor's fields read toward the pin", (net) => {
      // The resistor's value beside it on the pin's side: 5 mm toward the pin.
      const withFields = (_: SatelliteStack, side: string): StackDrawing => {
        const box =
          side === "up"
            ? { minX: -5, minY: -7.62, maxX: 1, maxY: 0 }
            : { minX: -5, minY: 0, maxX: 1, maxY: 7.62 };
        return { ...resistor(), box, estimate: box };
      };
      const hung = hangStacks({
        pinKey: "U1.1",
        pin: { x: 0, y: 0 },
        outward: "right",
        stacks: [{ ...stack, net }],
        role: { kind: "label", net },
        rails,
        sides: () => ["up", "down"],
        detour: () => 7.62,
        draw: withFields,
        labelOnRun: true,
        occ: new Occupancy(measure),
      });
      expect(hung.items.labels).toHaveLength(1);
      const label = hung.items.labels[0]!;
      const tee = Math.max(...hung.items.wires.map((w) => Math.max(w.a.x, w.b.x)));
      expect(tee - 5 - labelTextBox(net, label.at, 0).maxX).toBeGreaterThan(0.15);
    });

    it.each(NAMES)(
      "leaves a pull-down %s at the first step: the tee is free for the name",
      (net) => {
        const hung = hangAlone(net, ["down", "up"]);
        expect(hung.items.wires[0]).toEqual({ net, a: { x: 0, y: 0 }, b: { x: 5.08, y: 0 } });
      },
    );
  },
);
