import { describe, expect, it } from "vitest";
import { DEFAULT_RULES } from "../../../../../engine/kicad/layout/project/design-rules.js";
import { routeBoard } from "../../../../../engine/kicad/layout/route/route-board.js";
import { TEST_POINT, useRouteFixture } from "./route-fixture.js";

const UQFN = "Package_DFN_QFN:UQFN-10_1.3x1.8mm_P0.4mm";
const fixture = useRouteFixture("copperhead-neck-", [UQFN, TEST_POINT]);

describe("routeBoard: neck-down at fine pitch", () => {
  // The UQFN's short sides hold three 0.2 mm pads 0.4 mm apart (pins 3–5 below, 8–10 above):
  // a 0.2 mm track with 0.2 mm clearance cannot reach the middle one, a 0.127 mm neck can.
  const at = { x: 109, y: 108 };
  const pins = [3, 4, 5, 8, 9, 10];
  const model = () =>
    fixture.board({ minX: 100, minY: 100, maxX: 118, maxY: 116 }, [
      fixture.part(UQFN, "U1", at, Object.fromEntries(pins.map((p) => [`${p}`, `N${p}`]))),
      ...pins.map((p, k) =>
        fixture.part(
          TEST_POINT,
          `TP${p}`,
          { x: 106 + (k % 3) * 3, y: p < 6 ? 113 : 103 },
          { "1": `N${p}` },
        ),
      ),
    ]);

  it("without a finer minimum track the middle pins are named unreachable", () => {
    const result = routeBoard(model(), { rules: { ...DEFAULT_RULES, minTrackWidth: 0.2 } });
    const unrouted = result.nets.filter((n) => !n.routed);
    expect(unrouted.map((n) => [n.net, n.reason])).toEqual([
      ["N4", "no room for a 0.2 mm track to reach pad U1.4"],
      ["N9", "no room for a 0.2 mm track to reach pad U1.9"],
    ]);
  });

  it("narrows to the 0.127 mm minimum for the escape only, widens again, and DRC finds nothing", async () => {
    const result = routeBoard(model());
    expect(result.nets.filter((n) => !n.routed)).toEqual([]);
    const necks = result.model.tracks.filter((t) => t.width === DEFAULT_RULES.minTrackWidth);
    expect(necks.length).toBeGreaterThanOrEqual(2);
    // Every neck lies within the pads' extent (±1.0 × ±1.25 mm) grown by the 0.6 mm neck reach
    // and one grid step; beyond it each net runs at its class width.
    const near = (p: { x: number; y: number }) =>
      Math.abs(p.x - at.x) <= 1.7 + 1e-9 && Math.abs(p.y - at.y) <= 1.95 + 1e-9;
    expect(necks.filter((t) => !near(t.start) || !near(t.end))).toEqual([]);
    for (const net of ["N4", "N9"])
      expect(result.model.tracks.filter((t) => t.net === net).map((t) => t.width)).toEqual(
        expect.arrayContaining([DEFAULT_RULES.minTrackWidth, DEFAULT_RULES.trackWidth]),
      );
    const report = await fixture.drc("neck", result.model);
    expect(report.violations.map((v) => `${v.type}: ${v.description}`)).toEqual([]);
    expect(report.unconnected).toEqual([]);
  });
});
