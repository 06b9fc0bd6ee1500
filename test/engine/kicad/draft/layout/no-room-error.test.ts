import { describe, expect, it } from "vitest";
import { CopperheadError } from "../../../../../engine/errors.js";
import { hangStacks, type Occupied } from "../../../../../engine/kicad/draft/layout/hang-stacks.js";
import { NoRoomError } from "../../../../../engine/kicad/draft/layout/no-room-error.js";
import type { SatelliteStack } from "../../../../../engine/kicad/draft/layout/satellite-plan.js";
import { railSymbolIds } from "../../../../../engine/kicad/draft/rail-symbols.js";

// Something drawn right across the pin's whole line out (not the pin's own): nothing can go there.
const wall = (): Occupied[] => [{ box: { minX: -5000, minY: -5000, maxX: 5000, maxY: 5000 } }];
const rails = railSymbolIds(new Set());
const stack: SatelliteStack = {
  host: "U1.1",
  net: "SIG",
  parts: [{ ref: "R1", near: "1", far: "2" }],
};

describe("NoRoomError from hanging parts on a pin", () => {
  it("is thrown, naming the pin, when no step along the line clears the hung parts", () => {
    const hang = () =>
      hangStacks({
        pinKey: "U1.1",
        pin: { x: 0, y: 0 },
        outward: "right",
        stacks: [stack],
        role: { kind: "label", net: "SIG" },
        rails,
        sides: () => ["down", "up"],
        detour: () => 7.62,
        draw: () => ({
          items: { symbols: [], wires: [], junctions: [], labels: [], attachments: [] },
          obstacles: [],
          stubEnds: new Map(),
          box: { minX: -1, minY: 0, maxX: 1, maxY: 7.62 },
        }),
        occupied: wall(),
      });
    expect(hang).toThrow(NoRoomError);
    expect(hang).toThrow(/no clear place for the parts hung from U1\.1/);
  });

  it("is thrown for a pin's own label with nowhere to go, and says it is an engine fault", () => {
    let caught: unknown;
    try {
      hangStacks({
        pinKey: "U1.2",
        pin: { x: 0, y: 0 },
        outward: "left",
        stacks: [],
        role: { kind: "label", net: "SIG" },
        rails,
        sides: () => ["down"],
        detour: () => 7.62,
        draw: () => {
          throw new Error("no stacks to draw");
        },
        occupied: wall(),
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(NoRoomError);
    expect(caught).toBeInstanceOf(CopperheadError);
    expect((caught as NoRoomError).message).toContain("the label or power symbol of U1.2");
    expect((caught as NoRoomError).fix).toMatch(/drafting-engine fault/);
  });

  it("is not thrown when the same line is clear", () => {
    const hung = hangStacks({
      pinKey: "U1.2",
      pin: { x: 0, y: 0 },
      outward: "left",
      stacks: [],
      role: { kind: "label", net: "SIG" },
      rails,
      sides: () => ["down"],
      detour: () => 7.62,
      draw: () => {
        throw new Error("no stacks to draw");
      },
      occupied: [],
    });
    expect(hung.items.attachments.map((a) => a.pin)).toEqual(["U1.2"]);
  });
});
