import { describe, expect, it } from "vitest";
import { routeLocalNets } from "../../../../engine/kicad/draft/route-local-nets.js";

const net = (name: string, a: [number, number], b: [number, number]) => ({
  name,
  a: { pin: `${name}.a`, end: { x: a[0], y: a[1] } },
  b: { pin: `${name}.b`, end: { x: b[0], y: b[1] } },
});

describe("routeLocalNets", () => {
  it("draws a straight wire between aligned stub ends", () => {
    const routes = routeLocalNets([net("N", [0, 0], [10.16, 0])], []);
    expect(routes.get("N")).toEqual([
      { x: 0, y: 0 },
      { x: 10.16, y: 0 },
    ]);
  });

  it("takes the other bend when the first is blocked, and gives up when both are", () => {
    const body = { box: { minX: 5, minY: -2, maxX: 7, maxY: 2 } };
    const bent = routeLocalNets([net("N", [0, 0], [10.16, 10.16])], [body]);
    expect(bent.get("N")).toEqual([
      { x: 0, y: 0 },
      { x: 0, y: 10.16 },
      { x: 10.16, y: 10.16 },
    ]);
    const wall = { box: { minX: -20, minY: 4, maxX: 20, maxY: 6 } };
    expect(routeLocalNets([net("N", [0, 0], [10.16, 10.16])], [body, wall]).has("N")).toBe(false);
  });

  it("ignores the net's own pin attachments but keeps clear of earlier wires", () => {
    const own = { pin: "N.a", box: { minX: -1, minY: -1, maxX: 20, maxY: 1 } };
    const routes = routeLocalNets(
      [net("N", [0, 0], [10.16, 0]), net("M", [0, 1.27], [10.16, 1.27])],
      [own],
    );
    expect(routes.has("N")).toBe(true);
    expect(routes.has("M")).toBe(false);
  });
});
