import { describe, expect, it } from "vitest";
import type { BoardZone } from "../../../../../engine/kicad/board/write/board-model.js";
import { boardText } from "../../../../../engine/kicad/board/write/board-tree.js";
import { DEFAULT_RULES } from "../../../../../engine/kicad/layout/project/design-rules.js";
import { routeBoard } from "../../../../../engine/kicad/layout/route/route-board.js";
import { TEST_POINT, useRouteFixture } from "./route-fixture.js";

const OUTLINE = { minX: 100, minY: 100, maxX: 112, maxY: 112 };
const fixture = useRouteFixture("copperhead-route-", [TEST_POINT]);

const testPoint = (reference: string, x: number, y: number, net: string) =>
  fixture.part(TEST_POINT, reference, { x, y }, { "1": net });
const board = (footprints: ReturnType<typeof testPoint>[], zones: BoardZone[] = []) =>
  fixture.board(OUTLINE, footprints, zones);
const drcOf = (name: string, model: ReturnType<typeof board>) => fixture.drc(name, model);

function keepout(
  name: string,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  only?: { layers: string[]; vias: boolean },
): BoardZone {
  return {
    net: undefined,
    name,
    layers: only?.layers ?? ["F.Cu", "B.Cu"],
    outline: [
      { x: minX, y: minY },
      { x: maxX, y: minY },
      { x: maxX, y: maxY },
      { x: minX, y: maxY },
    ],
    priority: 0,
    clearance: 0,
    minThickness: 0.25,
    thermalGap: 0.5,
    thermalBridgeWidth: 0.5,
    keepout: {
      tracks: true,
      vias: only?.vias ?? true,
      pads: true,
      copperpour: true,
      footprints: true,
    },
  };
}

describe("routeBoard", () => {
  // Pads at the middle of each edge, too close to it for a track to pass outside: net A joins
  // left to right, net B top to bottom, so on one layer they must cross. Only a via can do it.
  const crossing = () =>
    board([
      testPoint("TP1", 100.85, 106, "A"),
      testPoint("TP2", 111.15, 106, "A"),
      testPoint("TP3", 106, 100.85, "B"),
      testPoint("TP4", 106, 111.15, "B"),
    ]);

  it("routes a two-net crossing through vias, and kicad-cli DRC finds nothing at any severity", async () => {
    const result = routeBoard(crossing());
    expect(result.nets.map((n) => [n.net, n.routed])).toEqual([
      ["A", true],
      ["B", true],
    ]);
    const vias = result.nets.reduce((s, n) => s + n.vias, 0);
    expect(vias).toBeGreaterThanOrEqual(2);
    expect(result.model.tracks.some((t) => t.layer === "B.Cu")).toBe(true);
    const report = await drcOf("crossing", result.model);
    expect(report.violations.map((v) => `${v.type}: ${v.description}`)).toEqual([]);
    expect(report.unconnected).toEqual([]);
  });

  it("writes every coordinate on the nanometre grid KiCad stores, and the same board routes to the same copper", () => {
    const a = routeBoard(crossing());
    const b = routeBoard(crossing());
    expect(boardText(a.model)).toBe(boardText(b.model));
    for (const t of a.model.tracks)
      for (const v of [t.start.x, t.start.y, t.end.x, t.end.y])
        expect(Math.abs(v * 1e6 - Math.round(v * 1e6))).toBeLessThan(1e-3);
  });

  it("names a walled-in net as unrouted and why, routes the rest, and leaves no illegal copper", async () => {
    // TP1 (net W) sits inside a ring of keep-outs on both layers; TP2 (W) and the N pair outside.
    const ring = [
      keepout("north", 103, 103, 109, 103.6),
      keepout("south", 103, 108.4, 109, 109),
      keepout("west", 103, 103, 103.6, 109),
      keepout("east", 108.4, 103, 109, 109),
    ];
    const model = board(
      [
        testPoint("TP1", 106, 106, "W"),
        testPoint("TP2", 101.5, 110.5, "W"),
        testPoint("TP3", 101.5, 101.5, "N"),
        testPoint("TP4", 110.5, 101.5, "N"),
      ],
      ring,
    );
    const result = routeBoard(model);
    const w = result.nets.find((n) => n.net === "W");
    expect(w).toMatchObject({ routed: false, pads: 2, connected: 1 });
    expect(w?.reason).toMatch(/walled in: no way from TP[12]\.1 to TP[12]\.1/);
    expect(result.nets.find((n) => n.net === "N")?.routed).toBe(true);
    expect(result.model.tracks.every((t) => t.net === "N")).toBe(true);
    const report = await drcOf("walled", result.model);
    expect(report.violations.map((v) => `${v.type}: ${v.description}`)).toEqual([]);
    expect(report.unconnected.map((u) => u.items.map((i) => i.description).join(" / "))).toEqual([
      expect.stringMatching(/TP1.*TP2|TP2.*TP1/),
    ]);
  });

  it("keeps two vias of one net on one path the hole-to-hole distance apart, and DRC finds nothing", async () => {
    // A hair-thin F.Cu keep-out for tracks only (vias allowed) splits the board: net A's two
    // pads are on F.Cu either side, so its one path must dive to B.Cu and come up again; the
    // cheapest dive would drill the second via 0.4 mm from the first (holes 0.1 mm apart).
    // B.Cu is barred from 106.6 mm on, so the path comes up just past the wall.
    const wall = keepout("wall", 105.95, 100, 106.05, 112, { layers: ["F.Cu"], vias: false });
    const east = keepout("east", 106.6, 100, 112, 112, { layers: ["B.Cu"], vias: true });
    const model = board(
      [testPoint("TP1", 102, 106, "A"), testPoint("TP2", 110, 106, "A")],
      [wall, east],
    );
    const result = routeBoard(model);
    expect(result.nets.map((n) => [n.net, n.routed, n.vias])).toEqual([["A", true, 2]]);
    const [a, b] = result.model.vias;
    const apart = Math.hypot((a?.at.x ?? 0) - (b?.at.x ?? 0), (a?.at.y ?? 0) - (b?.at.y ?? 0));
    expect(apart).toBeGreaterThanOrEqual(DEFAULT_RULES.holeToHole + DEFAULT_RULES.viaDrill);
    const report = await drcOf("one-net-vias", result.model);
    expect(report.violations.map((v) => `${v.type}: ${v.description}`)).toEqual([]);
    expect(report.unconnected).toEqual([]);
  });
});
