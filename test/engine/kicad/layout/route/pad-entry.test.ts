import { describe, expect, it } from "vitest";
import type { BoardTrack } from "../../../../../engine/kicad/board/write/board-model.js";
import { routeBoard } from "../../../../../engine/kicad/layout/route/route-board.js";
import { TEST_POINT, useRouteFixture } from "./route-fixture.js";

const SOIC = "Package_SO:SOIC-8_3.9x4.9mm_P1.27mm";
const fixture = useRouteFixture("copperhead-pad-entry-", [SOIC, TEST_POINT]);

/** SOIC-8 pad centres (KiCad's footprint: 1.95 × 0.6 mm pads, long along x) about the part. */
const SOIC_PADS: Record<string, { x: number; y: number }> = {
  "1": { x: -2.475, y: -1.905 },
  "4": { x: -2.475, y: 1.905 },
  "5": { x: 2.475, y: 1.905 },
  "8": { x: 2.475, y: -1.905 },
};

describe("routeBoard: pads entered along their axis", () => {
  // The corner pins' test points sit diagonally out from the part: the shortest way leaves each
  // corner pad across its corner; along its axis it leaves through the outer short edge.
  const at = { x: 110, y: 110 };
  const points = {
    "1": { x: 103, y: 103 },
    "4": { x: 103, y: 117 },
    "5": { x: 117, y: 117 },
    "8": { x: 117, y: 103 },
  };
  const model = () =>
    fixture.board({ minX: 100, minY: 100, maxX: 120, maxY: 120 }, [
      fixture.part(SOIC, "U1", at, { "1": "A", "4": "B", "5": "C", "8": "D" }),
      ...Object.values(points).map((p, i) =>
        fixture.part(TEST_POINT, `TP${i + 1}`, p, { "1": "ABCD"[i] as string }),
      ),
    ]);

  it("leaves every elongated SMD pad through its short edge, along its long axis, and DRC finds nothing", async () => {
    const result = routeBoard(model());
    expect(result.nets.every((n) => n.routed)).toBe(true);
    const inPad = (p: { x: number; y: number }, pin: string) => {
      const c = SOIC_PADS[pin] as { x: number; y: number };
      return Math.abs(p.x - at.x - c.x) <= 0.975 && Math.abs(p.y - at.y - c.y) <= 0.3;
    };
    // The segment crossing each pad's edge: one end in the pad's copper, the other outside.
    const crossing: BoardTrack[] = [];
    for (const [pin, net] of [
      ["1", "A"],
      ["4", "B"],
      ["5", "C"],
      ["8", "D"],
    ] as const)
      for (const t of result.model.tracks)
        if (t.net === net && t.layer === "F.Cu" && inPad(t.start, pin) !== inPad(t.end, pin))
          crossing.push(t);
    expect(crossing).toHaveLength(4);
    // Along the pad's long axis (x): no change of y.
    expect(crossing.map((t) => Math.abs(t.end.y - t.start.y))).toEqual([0, 0, 0, 0]);
    const report = await fixture.drc("pad-entry", result.model);
    expect(report.violations.map((v) => `${v.type}: ${v.description}`)).toEqual([]);
    expect(report.unconnected).toEqual([]);
  });
});
