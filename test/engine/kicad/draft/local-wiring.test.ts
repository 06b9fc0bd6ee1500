import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Obstacle } from "../../../../engine/kicad/draft/layout/obstacle.js";
import { localWires, type WiringCell } from "../../../../engine/kicad/draft/local-wiring.js";
import type { ResolvedIntent } from "../../../../engine/kicad/draft/resolved-intent.js";
import { validateIntent } from "../../../../engine/kicad/draft/validate-intent.js";
import type { Box, Point } from "../../../../engine/kicad/symbol/geometry.js";
import type { TempDir } from "../../../helpers/temp-dir.js";
import { smallCatalog } from "./library-fixture.js";

let resolved: ResolvedIntent;
let libs: TempDir;

beforeAll(async () => {
  const found = await smallCatalog();
  libs = found.dir;
  const part = (ref: string) => ({
    ref,
    libId: "Device:R",
    value: "1k",
    footprint: "Resistor_SMD:R_0603_1608Metric",
    group: "G",
  });
  const validated = await validateIntent(
    {
      version: 1,
      title: "two resistors",
      parts: [part("R1"), part("R2")],
      nets: [
        { name: "SIG_A", pins: ["R1.2", "R2.1"] },
        { name: "SIG_B", pins: ["R1.1", "R2.2"] },
      ],
    },
    { resolve: (id) => found.catalog.resolve(id) },
  );
  if (!validated.ok) throw new Error(JSON.stringify(validated.findings));
  resolved = validated.resolved;
});
afterAll(() => libs.remove());

const box = (minX: number, minY: number, maxX: number, maxY: number): Box => ({
  minX,
  minY,
  maxX,
  maxY,
});
const inside = (p: Point, b: Box) => p.x > b.minX && p.x < b.maxX && p.y > b.minY && p.y < b.maxY;
/** Points every 0.635 mm along a segment, ends included. */
const along = (a: Point, b: Point): Point[] => {
  const n = Math.round((Math.abs(a.x - b.x) + Math.abs(a.y - b.y)) / 0.635);
  return Array.from({ length: n + 1 }, (_, i) => ({
    x: a.x + ((b.x - a.x) * i) / Math.max(n, 1),
    y: a.y + ((b.y - a.y) * i) / Math.max(n, 1),
  }));
};
const key = (p: Point) => `${p.x.toFixed(3)},${p.y.toFixed(3)}`;

describe("localWires", () => {
  // R1's pin 2 faces right into the gap; R2's pin 1 faces right too, AWAY from R1, so the
  // straight line between the stub ends runs back over R2's stub and through its body: the
  // wire has to come round and meet R2's stub end from outside.
  const r1Body = box(-7.62, -1.27, 0, 1.27);
  const r2Body = box(10.16, -1.27, 17.78, 1.27);
  const stubs = {
    "R1.2": { from: { x: 0, y: 0 }, at: { x: 2.54, y: 0 } },
    "R2.1": { from: { x: 17.78, y: 0 }, at: { x: 20.32, y: 0 } },
  };
  const obstacles: Obstacle[] = [
    { box: r1Body },
    { box: r2Body },
    { pin: "R1.2", box: box(0, -1.5, 12, 0) },
    { pin: "R2.1", box: box(17.78, -1.5, 30, 0) },
  ];
  const cell: WiringCell = { obstacles, stubEnds: new Map(Object.entries(stubs)) };

  it("wires a local net from stub end to stub end, clear of bodies and off both stubs", () => {
    const out = localWires(resolved, "G", [{ cell, at: { x: 0, y: 0 } }], box(-20, -20, 40, 20));
    expect([...out.wired].sort()).toEqual(["R1.2", "R2.1"]);
    expect(out.labels.map((l) => l.text)).toEqual(["SIG_A"]);
    expect(out.wires.length).toBeGreaterThan(0);
    for (const w of out.wires) {
      expect(w.net).toBe("SIG_A");
      expect(w.a.x === w.b.x || w.a.y === w.b.y).toBe(true);
      for (const p of along(w.a, w.b)) {
        expect(inside(p, r1Body) || inside(p, r2Body), `wire point ${key(p)} in a body`).toBe(
          false,
        );
        for (const s of Object.values(stubs)) {
          const onStub =
            p.y === s.at.y && p.x > Math.min(s.from.x, s.at.x) && p.x < Math.max(s.from.x, s.at.x);
          expect(onStub, `wire point ${key(p)} on a stub`).toBe(false);
        }
      }
    }
    // The wires join the two stub ends: walk the graph of wire ends from one to the other.
    const next = new Map<string, string[]>();
    for (const w of out.wires) {
      next.set(key(w.a), [...(next.get(key(w.a)) ?? []), key(w.b)]);
      next.set(key(w.b), [...(next.get(key(w.b)) ?? []), key(w.a)]);
    }
    const seen = new Set([key(stubs["R1.2"].at)]);
    const todo = [key(stubs["R1.2"].at)];
    for (let k = todo.pop(); k !== undefined; k = todo.pop()) {
      for (const n of next.get(k) ?? []) {
        if (seen.has(n)) continue;
        seen.add(n);
        todo.push(n);
      }
    }
    expect(seen.has(key(stubs["R2.1"].at))).toBe(true);
  });

  it("leaves a net labelled when its pins are spread wider than the 50.8 mm wire limit", () => {
    const far: WiringCell = {
      obstacles: [],
      stubEnds: new Map([
        ["R1.2", { from: { x: 0, y: 0 }, at: { x: 2.54, y: 0 } }],
        ["R2.1", { from: { x: 60.96, y: 0 }, at: { x: 58.42, y: 0 } }],
      ]),
    };
    const out = localWires(
      resolved,
      "G",
      [{ cell: far, at: { x: 0, y: 0 } }],
      box(-5, -20, 70, 20),
    );
    expect(out.wires).toEqual([]);
    expect(out.wired.size).toBe(0);
  });
});
