import { describe, expect, it } from "vitest";
import { RouteRequestError } from "../../../../../engine/kicad/draft/route/route-error.js";
import {
  type RouteRequest,
  routeNets,
} from "../../../../../engine/kicad/draft/route/route-nets.js";
import { canonicalGroups, checkKicadRules } from "./kicad-rules.js";

const G = 1.27;
const p = (i: number, j: number) => ({
  x: Math.round(i * G * 1e4) / 1e4,
  y: Math.round(j * G * 1e4) / 1e4,
});
const box = (i0: number, j0: number, i1: number, j1: number) => ({
  minX: i0 * G,
  minY: j0 * G,
  maxX: i1 * G,
  maxY: j1 * G,
});
const bounds = box(-20, -20, 20, 20);
const net = (name: string, ...at: [number, number][]) => ({
  name,
  terminals: at.map(([i, j], k) => ({ pin: `${name}.${k + 1}`, at: p(i, j) })),
});

/** Routes and asserts the KiCad rules hold; returns the routed nets. */
function route(request: RouteRequest) {
  const routed = routeNets(request);
  const report = checkKicadRules(request, routed);
  expect(report.defects).toEqual([]);
  for (const r of routed)
    expect(canonicalGroups(report.joined.get(r.name) ?? [])).toEqual(canonicalGroups(r.components));
  return routed;
}

const length = (wires: { a: { x: number; y: number }; b: { x: number; y: number } }[]) =>
  wires.reduce((s, w) => s + Math.abs(w.a.x - w.b.x) + Math.abs(w.a.y - w.b.y), 0);

describe("routeNets", () => {
  it("draws one straight wire between aligned terminals", () => {
    const [n] = route({ nets: [net("N", [0, 0], [8, 0])], obstacles: [], bounds });
    expect(n?.wires).toEqual([{ a: p(0, 0), b: p(8, 0) }]);
    expect(n?.junctions).toEqual([]);
    expect(n?.components).toEqual([["N.1", "N.2"]]);
  });

  it("draws an L with a single bend, split at the bend", () => {
    const [n] = route({ nets: [net("N", [0, 0], [4, 6])], obstacles: [], bounds });
    expect(n?.wires).toHaveLength(2);
    expect(length(n?.wires ?? [])).toBeCloseTo(10 * G, 6);
    expect(n?.components).toEqual([["N.1", "N.2"]]);
  });

  it("goes around a body in the way", () => {
    const body = { box: box(3, -3, 5, 3) };
    const [n] = route({ nets: [net("N", [0, 0], [8, 0])], obstacles: [body], bounds });
    expect(n?.components).toEqual([["N.1", "N.2"]]);
    expect(length(n?.wires ?? [])).toBeCloseTo((8 + 2 * 4) * G, 6);
  });

  it("passes the net's own terminal obstacles but not another pin's", () => {
    const ownLabel = { pin: "N.1", box: box(0, -1, 8, 0) };
    const [n] = route({ nets: [net("N", [0, 0], [8, 0])], obstacles: [ownLabel], bounds });
    expect(n?.wires).toEqual([{ a: p(0, 0), b: p(8, 0) }]);
    const foreign = { pin: "X.1", box: box(0, -1, 8, 0) };
    const [m] = route({ nets: [net("N", [0, 1], [8, 1])], obstacles: [foreign], bounds });
    expect(m?.wires).toEqual([{ a: p(0, 1), b: p(8, 1) }]);
    const [k] = route({ nets: [net("N", [-1, 0], [9, 0])], obstacles: [foreign], bounds });
    expect(length(k?.wires ?? [])).toBeGreaterThan(10 * G);
  });

  it("branches a T with a junction where the third wire meets the run", () => {
    const [n] = route({ nets: [net("N", [0, 0], [8, 0], [4, 5])], obstacles: [], bounds });
    expect(n?.components).toEqual([["N.1", "N.2", "N.3"]]);
    expect(n?.junctions).toEqual([p(4, 0)]);
    expect(n?.wires).toHaveLength(3);
    expect(length(n?.wires ?? [])).toBeCloseTo(13 * G, 6);
  });

  it("joins a 5-terminal net into one tree", () => {
    const [n] = route({
      nets: [net("N", [0, 0], [10, 2], [-6, 7], [3, -9], [12, -4])],
      obstacles: [{ box: box(4, -3, 7, 1) }],
      bounds,
    });
    expect(n?.components).toEqual([["N.1", "N.2", "N.3", "N.4", "N.5"]]);
    expect(n?.junctions.length).toBeGreaterThan(0);
  });

  it("keeps two nets apart: the second goes around or crosses, never touches", () => {
    const narrow = box(-2, -10, 14, 10);
    const routed = route({
      nets: [net("A", [-2, 0], [14, 0]), net("B", [6, -6], [6, 6])],
      obstacles: [],
      bounds: narrow,
    });
    expect(routed.map((r) => r.components)).toEqual([[["A.1", "A.2"]], [["B.1", "B.2"]]]);
    // A spans the whole width, so B has to cross it: one wire each way, at right angles.
    expect(routed[1]?.wires).toEqual([{ a: p(6, -6), b: p(6, 6) }]);
  });

  it("prefers a detour to a crossing when it is cheap", () => {
    const routed = route({
      nets: [net("A", [0, 0], [10, 0]), net("B", [11, -2], [11, 2])],
      obstacles: [],
      bounds,
    });
    const b = routed[1]?.wires ?? [];
    expect(b.every((w) => w.a.x > 10 * G || w.b.x > 10 * G)).toBe(true);
  });

  it("keeps a grid step away from another net's parallel wire when it costs nothing extra", () => {
    const request = {
      nets: [net("A", [0, 0], [10, 0]), net("B", [8, -4], [2, -1])],
      obstacles: [],
      bounds,
    };
    const hugging = (wires: { a: { y: number }; b: { y: number } }[]) =>
      wires.some((w) => w.a.y === w.b.y && Math.abs(w.a.y + G) < 1e-9);
    expect(hugging(route(request)[1]?.wires ?? [])).toBe(false);
    // Without the hug cost the two L shapes tie, and the earlier one found runs beside A.
    expect(hugging(route({ ...request, costs: { hug: 0 } })[1]?.wires ?? [])).toBe(true);
  });

  it("never bends or ends on another net's wire, even when that blocks the net", () => {
    // B's terminal sits right above A's run; B's other terminal is below: it may only cross
    // A straight through, so its vertical wire must cross A's middle, not end on it.
    const routed = route({
      nets: [net("A", [0, 0], [10, 0]), net("B", [5, -1], [5, 3])],
      obstacles: [],
      bounds: box(0, -4, 10, 4),
    });
    expect(routed[1]?.wires).toEqual([{ a: p(5, -1), b: p(5, 3) }]);
  });

  it("leaves a boxed-in terminal in its own component", () => {
    const walls = [
      { box: box(5, -3, 9, -2) },
      { box: box(5, 2, 9, 3) },
      { box: box(5, -3, 6, 3) },
      { box: box(8, -3, 9, 3) },
    ];
    const [n] = route({ nets: [net("N", [0, 0], [7, 0], [-5, 5])], obstacles: walls, bounds });
    expect(canonicalGroups(n?.components ?? [])).toEqual([["N.1", "N.3"], ["N.2"]]);
  });

  it("keeps out of an unreached terminal's label, which stays on the sheet", () => {
    const ring = [box(4, 2, 6, 2), box(4, 4, 6, 4), box(4, 2, 4, 4), box(6, 2, 6, 4)];
    const request: RouteRequest = {
      nets: [net("N", [0, 0], [10, 0], [5, 3])],
      obstacles: [...ring.map((b) => ({ box: b })), { pin: "N.3", box: box(2, -1, 8, 3) }],
      bounds,
    };
    const [n] = route(request);
    expect(canonicalGroups(n?.components ?? [])).toEqual([["N.1", "N.2"], ["N.3"]]);
    // The straight run would cross N.3's label box (route() checks the boxes): it goes around.
    expect(length(n?.wires ?? [])).toBeGreaterThan(10 * G);
  });

  it("keeps off a stub and leaves it straight on", () => {
    const request: RouteRequest = {
      nets: [
        {
          name: "N",
          terminals: [
            { pin: "R1.1", at: p(0, 0), from: p(-2, 0) },
            { pin: "R2.1", at: p(6, 4), from: p(6, 6) },
          ],
        },
      ],
      obstacles: [],
      bounds,
    };
    const [n] = route(request);
    expect(n?.components).toEqual([["R1.1", "R2.1"]]);
    // Leaving right from R1 and arriving downward into R2's stub end: one bend, at (6, 0).
    expect(n?.wires).toEqual([
      { a: p(0, 0), b: p(6, 0) },
      { a: p(6, 0), b: p(6, 4) },
    ]);
  });

  it("places a label on each wired tree, at a stub end first, and keeps later nets out of it", () => {
    const request: RouteRequest = {
      nets: [{ ...net("A", [0, 0], [8, 0]), label: { width: 6 * G } }, net("B", [3, -4], [3, 3])],
      obstacles: [],
      bounds: box(-10, -6, 20, 6),
    };
    const [a, b] = route(request);
    expect(a?.labels).toEqual([{ component: 0, at: p(0, 0), angle: 0 }]);
    // B's straight line would cross A's label text (x 0..7.62 above y 0): it goes around it.
    expect(b?.components).toEqual([["B.1", "B.2"]]);
    expect(length(b?.wires ?? [])).toBeGreaterThan(7 * G);
    expect(b?.labels).toBeUndefined();
  });

  it("finds no label place when every wire is covered, and says so by leaving it out", () => {
    const lid = { box: box(-1, -2, 9, -0.5) };
    const [a] = route({
      nets: [{ ...net("A", [0, 0], [8, 0]), label: { width: 4 * G } }],
      obstacles: [lid],
      bounds: box(-10, -6, 20, 6),
    });
    expect(a?.components).toEqual([["A.1", "A.2"]]);
    expect(a?.labels).toEqual([]);
  });

  it("finds a stub given without its pin (a pocket against the body) and keeps off it", () => {
    // R1's pin 1 sits on the body's top edge; its stub runs up to (0, -5) with its label box.
    const withPin: RouteRequest = {
      nets: [
        {
          name: "N",
          terminals: [
            { pin: "R1.1", at: p(0, -5), from: p(0, -3) },
            { pin: "X.1", at: p(10, -4) },
          ],
        },
      ],
      obstacles: [{ box: box(-1, -3, 1, 3) }, { pin: "R1.1", box: box(0, -6, 4, -3) }],
      bounds,
    };
    const bare = {
      ...withPin,
      nets: withPin.nets.map((n) => ({
        ...n,
        terminals: n.terminals.map((t) => ({ pin: t.pin, at: t.at })),
      })),
    };
    const routed = routeNets(bare);
    // Checked against the stub the router was not told about: no wire back down it.
    expect(checkKicadRules(withPin, routed).defects).toEqual([]);
    expect(routed[0]?.wires).toEqual([
      { a: p(0, -5), b: p(10, -5) },
      { a: p(10, -5), b: p(10, -4) },
    ]);
  });

  it("is deterministic", () => {
    const request: RouteRequest = {
      nets: [
        net("A", [0, 0], [10, 3], [-4, 8]),
        net("B", [2, -5], [2, 9]),
        net("C", [-8, -8], [8, 8]),
      ],
      obstacles: [{ box: box(3, -2, 6, 2) }],
      bounds,
    };
    expect(routeNets(request)).toEqual(routeNets(structuredClone(request)));
  });

  it("gives up on a connection longer than maxDetour allows", () => {
    const wall = { box: box(4, -19, 5, 19) };
    const request = { nets: [net("N", [0, 0], [8, 0])], obstacles: [wall], bounds };
    expect(route(request)[0]?.components).toEqual([["N.1", "N.2"]]);
    expect(canonicalGroups(route({ ...request, maxDetour: 3 })[0]?.components ?? [])).toEqual([
      ["N.1"],
      ["N.2"],
    ]);
  });

  it("gives up on a connection that runs further out of its way than maxExcess allows", () => {
    // Round the wall's end and back: 8 steps apart, the wire needs about 48 (40 over).
    const wall = { box: box(4, -19, 5, 19) };
    const request = { nets: [net("N", [0, 0], [8, 0])], obstacles: [wall], bounds };
    const wired = route({ ...request, maxExcess: 45 * G })[0];
    expect(wired?.components).toEqual([["N.1", "N.2"]]);
    const over = length(wired?.wires ?? []) - 8 * G;
    expect(over).toBeGreaterThan(35 * G);
    expect(over).toBeLessThanOrEqual(45 * G + 1e-6);
    expect(
      canonicalGroups(route({ ...request, maxExcess: over - G })[0]?.components ?? []),
    ).toEqual([["N.1"], ["N.2"]]);
    // A short detour round a small block in the way stays wired under a tight limit.
    const block = { box: box(3, -1, 5, 1) };
    const near = route({
      nets: [net("N", [0, 0], [8, 0])],
      obstacles: [block],
      bounds,
      maxExcess: 10 * G,
    });
    expect(near[0]?.components).toEqual([["N.1", "N.2"]]);
  });

  it("refuses a terminal off the grid or outside the bounds, saying how to fix it", () => {
    const off = {
      nets: [{ name: "N", terminals: [{ pin: "A.1", at: { x: 0.5, y: 0 } }] }],
      obstacles: [],
      bounds,
    };
    expect(() => routeNets(off)).toThrow(RouteRequestError);
    expect(() => routeNets(off)).toThrow(
      expect.objectContaining({ fix: expect.stringMatching(/snap terminals/) }),
    );
    const outside = { nets: [net("N", [0, 0], [30, 0])], obstacles: [], bounds };
    expect(() => routeNets(outside)).toThrow(/outside the routing bounds/);
    const shared = {
      nets: [net("A", [0, 0], [4, 0]), net("B", [0, 0], [0, 4])],
      obstacles: [],
      bounds,
    };
    expect(() => routeNets(shared)).toThrow(/another net's terminal/);
    const onStub = {
      nets: [
        { name: "A", terminals: [{ pin: "A.1", at: p(0, 0), from: p(0, 2) }] },
        net("B", [0, 1], [5, 5]),
      ],
      obstacles: [],
      bounds,
    };
    expect(() => routeNets(onStub)).toThrow(/runs over another terminal/);
  });
});
