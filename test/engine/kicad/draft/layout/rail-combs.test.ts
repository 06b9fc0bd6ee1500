import { describe, expect, it } from "vitest";
import type { Direction, DrawnWire } from "../../../../../engine/kicad/draft/drawing.js";
import { emptyItems } from "../../../../../engine/kicad/draft/layout/cell-items.js";
import {
  combDrawing,
  type RailComb,
  railCombs,
  tapHeadLine,
} from "../../../../../engine/kicad/draft/layout/rail-combs.js";
import type { Spot } from "../../../../../engine/kicad/draft/layout/unit-spots.js";
import type { PinRole } from "../../../../../engine/kicad/draft/pin-attachments.js";
import { pointKey } from "../../../../../engine/kicad/draft/wire-points.js";
import { seeded } from "../../../../../engine/kicad/layout/place/seeded-random.js";

const PITCH = 2.54;
/** As a library file gives pin positions: decimals, not sums of floats. */
const mm = (v: number) => Number(v.toFixed(4));
const ROLES: PinRole[] = [
  { kind: "power", net: "+3V3", ground: false },
  { kind: "power", net: "+1V8", ground: false },
  { kind: "power", net: "GND", ground: true },
  { kind: "label", net: "SDA" },
  { kind: "no-connect" },
  { kind: "none" },
];

/** A unit's pins: two side columns and a top row, each grid point holding a pin or not. */
function generatedSpots(random: () => number): Spot[] {
  const spots: Spot[] = [];
  // Few roles per unit, so rows on one rail are common.
  const roles = ROLES.filter(() => random() < 0.6);
  const pick = () => roles[Math.floor(random() * roles.length)] ?? { kind: "none" as const };
  const column = (x: number, outward: Direction) => {
    for (let k = 0; k < 16; k++)
      if (random() < 0.8)
        spots.push({
          key: `U1.${outward}${k}`,
          offset: { x, y: mm(k * PITCH - 20.32) },
          outward,
          role: pick(),
        });
  };
  column(-12.7, "left");
  column(12.7, "right");
  for (let k = 0; k < 6; k++)
    spots.push({
      key: `U1.up${k}`,
      offset: { x: mm(k * PITCH - 7.62), y: -25.4 },
      outward: "up",
      role: pick(),
    });
  return spots;
}

const railOf = (s: Spot) => (s.role.kind === "power" ? `${s.role.net}` : undefined);

/** Which points the wires join (union-find over wire ends, as KiCad joins them). */
function joined(wires: readonly DrawnWire[]): (a: string, b: string) => boolean {
  const parent = new Map<string, string>();
  const find = (k: string): string => {
    const p = parent.get(k) ?? k;
    if (p === k) return k;
    const root = find(p);
    parent.set(k, root);
    return root;
  };
  for (const w of wires) parent.set(find(pointKey(w.a)), find(pointKey(w.b)));
  return (a, b) => find(a) === find(b);
}

const CASES = 300;

describe("railCombs on generated units", () => {
  it("combs exactly the rows of side pins 2.54 mm apart on one rail, headed away from the row", () => {
    const random = seeded(21);
    let combed = 0;
    for (let n = 0; n < CASES; n++) {
      const spots = generatedSpots(random);
      const combs = railCombs(spots);
      const combOf = new Map<string, RailComb>();
      for (const comb of combs) {
        const row = [comb.head, ...comb.teeth];
        expect(row.length).toBeGreaterThan(1);
        for (const s of row) {
          expect(combOf.has(s.key), `${s.key} in one comb only`).toBe(false);
          combOf.set(s.key, comb);
          expect(s.outward === "left" || s.outward === "right").toBe(true);
          expect(railOf(s)).toBe(railOf(comb.head));
          expect(s.offset.x).toBe(comb.head.offset.x);
        }
        // The head, then each tooth one pitch further from it, away from where its port points.
        const ground = comb.head.role.kind === "power" && comb.head.role.ground;
        row.forEach((s, i) => {
          expect(s.offset.y - comb.head.offset.y).toBeCloseTo((ground ? -i : i) * PITCH, 6);
        });
        const out = comb.head.outward === "left" ? -PITCH : PITCH;
        expect(comb.tap).toEqual({ x: mm(comb.head.offset.x + out), y: comb.head.offset.y });
        combed += row.length;
      }
      // Every pair of neighbours on one rail is in one comb; no other pin is in any.
      for (const a of spots)
        for (const b of spots) {
          const neighbours =
            a.outward === b.outward &&
            (a.outward === "left" || a.outward === "right") &&
            a.offset.x === b.offset.x &&
            Math.abs(b.offset.y - a.offset.y - PITCH) < 1e-6 &&
            railOf(a) !== undefined &&
            railOf(a) === railOf(b);
          if (neighbours) expect(combOf.get(a.key)).toBe(combOf.get(b.key));
          if (neighbours) expect(combOf.has(a.key)).toBe(true);
        }
      for (const s of spots)
        if (s.role.kind !== "power" || s.outward === "up") expect(combOf.has(s.key)).toBe(false);
    }
    // The sweep is worth something only if it combed many rows.
    expect(combed).toBeGreaterThan(CASES);
  });
});

describe("combDrawing and tapHeadLine", () => {
  it("join every pin of the row to the head's line, split at every tee with a junction on it", () => {
    const random = seeded(1821);
    let checked = 0;
    for (let n = 0; n < CASES; n++) {
      for (const comb of railCombs(generatedSpots(random))) {
        const drawn = combDrawing(comb);
        const net = railOf(comb.head);
        for (const w of drawn.wires) {
          expect(w.net).toBe(net);
          expect(w.a.x === w.b.x || w.a.y === w.b.y, "axis-parallel").toBe(true);
        }
        // The head's own line, as its attachment draws it: the pin out past the tap.
        const items = emptyItems();
        const far = {
          x: comb.head.offset.x + (comb.tap.x - comb.head.offset.x) * (1 + (n % 4)),
          y: comb.head.offset.y,
        };
        items.wires.push({ net: net ?? "", a: comb.head.offset, b: far });
        tapHeadLine(items, comb);
        const wires = [...drawn.wires, ...items.wires];
        const junctions = [...drawn.junctions, ...items.junctions];
        const together = joined(wires);
        for (const s of comb.teeth)
          expect(together(pointKey(s.offset), pointKey(comb.head.offset))).toBe(true);
        // KiCad joins only at wire ends: no wire end lies inside another wire.
        for (const w of wires)
          for (const end of [w.a, w.b])
            for (const other of wires) {
              const inside =
                other !== w &&
                (other.a.x === other.b.x
                  ? end.x === other.a.x &&
                    end.y > Math.min(other.a.y, other.b.y) &&
                    end.y < Math.max(other.a.y, other.b.y)
                  : end.y === other.a.y &&
                    end.x > Math.min(other.a.x, other.b.x) &&
                    end.x < Math.max(other.a.x, other.b.x));
              expect(inside, `${pointKey(end)} inside a wire`).toBe(false);
            }
        // A junction exactly where three wire ends meet (the last tooth's corner has two).
        const ends = new Map<string, number>();
        for (const w of wires)
          for (const p of [w.a, w.b]) ends.set(pointKey(p), (ends.get(pointKey(p)) ?? 0) + 1);
        const atJunction = new Set(junctions.map(pointKey));
        expect(atJunction.size).toBe(junctions.length);
        // At the tap too when the head's line ends there: its port's pin is the third.
        for (const [p, count] of ends)
          expect(atJunction.has(p), `junction at ${p}`).toBe(
            count >= 3 || p === pointKey(comb.tap),
          );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(CASES / 2);
  });
});
