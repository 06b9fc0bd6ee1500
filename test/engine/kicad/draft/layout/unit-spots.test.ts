import { describe, expect, it } from "vitest";
import type { Direction } from "../../../../../engine/kicad/draft/drawing.js";
import { hostingOrder, type Spot } from "../../../../../engine/kicad/draft/layout/unit-spots.js";
import type { PinRole } from "../../../../../engine/kicad/draft/pin-attachments.js";
import { seeded } from "../../../../../engine/kicad/layout/place/seeded-random.js";

const PITCH = 2.54;
const ROLES: PinRole[] = [
  { kind: "power", net: "VIN", ground: false },
  { kind: "power", net: "GND", ground: true },
  { kind: "label", net: "SDA" },
];

/** Pins with stacks on every side of a unit, each grid point holding one or not. */
function generatedHosting(random: () => number, roles: readonly PinRole[]): Spot[] {
  const spots: Spot[] = [];
  const pick = () => roles[Math.floor(random() * roles.length)] as PinRole;
  const line = (outward: Direction, at: (k: number) => { x: number; y: number }) => {
    for (let k = 0; k < 12; k++)
      if (random() < 0.5)
        spots.push({ key: `U1.${outward}${k}`, offset: at(k), outward, role: pick() });
  };
  line("left", (k) => ({ x: -10.16, y: Number((k * PITCH).toFixed(4)) }));
  line("right", (k) => ({ x: 10.16, y: Number((k * PITCH).toFixed(4)) }));
  line("up", (k) => ({ x: Number((k * PITCH).toFixed(4)), y: -12.7 }));
  line("down", (k) => ({ x: Number((k * PITCH).toFixed(4)), y: 40.64 }));
  // As the unit lists its pins: not in any drawing order.
  return spots.sort(() => random() - 0.5);
}

describe("hostingOrder", () => {
  it("draws a side's supply pin after the pins with stacks just above it, every pin once", () => {
    const random = seeded(46);
    let waited = 0;
    for (let n = 0; n < 400; n++) {
      const hosting = generatedHosting(random, ROLES);
      const order = hostingOrder(hosting);
      expect(new Set(order.map((s) => s.key))).toEqual(new Set(hosting.map((s) => s.key)));
      expect(order.length).toBe(hosting.length);
      const at = new Map(order.map((s, i) => [s.key, i]));
      for (const pin of hosting)
        for (const above of hosting) {
          const rail = pin.role.kind === "power" && !pin.role.ground;
          const side = pin.outward === "left" || pin.outward === "right";
          const dy = pin.offset.y - above.offset.y;
          if (!rail || !side || above.outward !== pin.outward || dy <= 0 || dy > 3 * PITCH)
            continue;
          expect(at.get(above.key), `${above.key} before ${pin.key}`).toBeLessThan(
            at.get(pin.key) ?? -1,
          );
          waited++;
        }
    }
    expect(waited).toBeGreaterThan(400);
  });

  it("draws one side's pins bottom first when none ends its line on a supply", () => {
    const random = seeded(4646);
    for (let n = 0; n < 200; n++) {
      const side = generatedHosting(random, ROLES.slice(1)).filter((s) => s.outward === "left");
      const ys = hostingOrder(side).map((s) => s.offset.y);
      expect(ys).toEqual([...ys].sort((a, b) => b - a));
    }
  });
});
