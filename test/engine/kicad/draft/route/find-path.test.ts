import { describe, expect, it } from "vitest";
import { PathFinder, type PathQuery } from "../../../../../engine/kicad/draft/route/find-path.js";
import { isHorizontal, RoutingGrid } from "../../../../../engine/kicad/draft/route/routing-grid.js";
import { seeded } from "../../../../../engine/kicad/layout/place/seeded-random.js";

const G = 1.27;
const at = (i: number, j: number) => ({ x: i * G, y: j * G });

function query(grid: RoutingGrid, start: number, goal: number, hug: number): PathQuery {
  const w = grid.width;
  const gi = goal % w;
  const gj = Math.floor(goal / w);
  return {
    net: 1,
    start,
    goalRect: { iMin: gi, iMax: gi, jMin: gj, jMax: gj },
    window: { iMin: 0, iMax: w - 1, jMin: 0, jMax: grid.height - 1 },
    goalCost: (cell) => (cell === goal ? 0 : -1),
    costs: { bend: 2, cross: 8, hug },
  };
}

/** Steps of a path run right beside a drawn wire going the same way (the cells it passes). */
function stepsBesideDrawn(grid: RoutingGrid, path: readonly number[]): number {
  let n = 0;
  for (let k = 1; k < path.length - 1; k++) {
    const cell = path[k] as number;
    const prev = path[k - 1] as number;
    const d = [0, 1, 2, 3].find((dir) => grid.step(prev, dir) === cell) as number;
    const drawn = isHorizontal(d) ? grid.drawnH : grid.drawnV;
    for (const side of [grid.step(cell, (d + 1) & 3), grid.step(cell, (d + 3) & 3)])
      if (side >= 0 && drawn[side] === 1) n++;
  }
  return n;
}

describe("PathFinder's hug cost and the wires drawn before routing", () => {
  it("leaves the line beside a drawn wire (a power port's jog) for one a grid step further", () => {
    const grid = new RoutingGrid({ minX: 0, minY: 0, maxX: 30 * G, maxY: 10 * G }, G);
    // The jog runs along row 4 from column 8 to 22; the net goes from (0, 5) to (30, 5).
    grid.addDrawnWire(at(8, 4), at(22, 4));
    const finder = new PathFinder(grid);
    const start = grid.cellOf(at(0, 5), "start");
    const goal = grid.cellOf(at(30, 5), "goal");
    const straight = finder.find(query(grid, start, goal, 0)) ?? [];
    expect(stepsBesideDrawn(grid, straight)).toBe(15);
    const away = finder.find(query(grid, start, goal, 1)) ?? [];
    expect(stepsBesideDrawn(grid, away)).toBe(0);
    expect(away.map((c) => grid.pointOf(c).y)).toContain(6 * G);
  });

  it("never runs beside drawn wires more with the hug cost than without, and less in some cases", () => {
    const next = seeded(46);
    let fewer = 0;
    for (let n = 0; n < 150; n++) {
      const grid = new RoutingGrid({ minX: 0, minY: 0, maxX: 24 * G, maxY: 24 * G }, G);
      const pick = () => Math.floor(next() * 25);
      for (let k = 0; k < 6; k++) {
        const [u, v, c] = [pick(), pick(), pick()];
        if (next() < 0.5) grid.addDrawnWire(at(u, c), at(v, c));
        else grid.addDrawnWire(at(c, u), at(c, v));
      }
      // A few blocked points, so the paths have to choose their way round.
      for (let k = 0; k < 20; k++) grid.blocked[pick() * grid.width + pick()] = 1;
      const start = pick() * grid.width + pick();
      const goal = pick() * grid.width + pick();
      if (start === goal || grid.blocked[start] || grid.blocked[goal]) continue;
      const finder = new PathFinder(grid);
      const plain = finder.find(query(grid, start, goal, 0));
      const careful = finder.find(query(grid, start, goal, 1));
      expect(careful === undefined).toBe(plain === undefined);
      if (!plain || !careful) continue;
      const [h0, h1] = [stepsBesideDrawn(grid, plain), stepsBesideDrawn(grid, careful)];
      expect(h1).toBeLessThanOrEqual(h0);
      if (h1 < h0) fewer++;
    }
    expect(fewer).toBeGreaterThan(10);
  });
});
