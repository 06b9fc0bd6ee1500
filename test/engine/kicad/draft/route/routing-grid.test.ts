import { describe, expect, it } from "vitest";
import { RoutingGrid } from "../../../../../engine/kicad/draft/route/routing-grid.js";

const G = 1.27;

/** The grid points (column, row from the bounds' corner) marked in one of the drawn arrays. */
function marked(grid: RoutingGrid, marks: Uint8Array): [number, number][] {
  const out: [number, number][] = [];
  marks.forEach((m, cell) => {
    if (m === 1) out.push([cell % grid.width, Math.floor(cell / grid.width)]);
  });
  return out;
}

describe("RoutingGrid.addDrawnWire", () => {
  const bounds = { minX: 0, minY: 0, maxX: 10 * G, maxY: 6 * G };

  it("marks every grid point along a wire on the axis it runs, and blocks nothing", () => {
    const grid = new RoutingGrid(bounds, G);
    grid.addDrawnWire({ x: 5 * G, y: 2 * G }, { x: 2 * G, y: 2 * G });
    grid.addDrawnWire({ x: 7 * G, y: 1 * G }, { x: 7 * G, y: 3 * G });
    expect(marked(grid, grid.drawnH)).toEqual([
      [2, 2],
      [3, 2],
      [4, 2],
      [5, 2],
    ]);
    expect(marked(grid, grid.drawnV)).toEqual([
      [7, 1],
      [7, 2],
      [7, 3],
    ]);
    expect(grid.blocked.every((b) => b === 0)).toBe(true);
  });

  it("counts a wire off the grid lines on the nearest, and leaves out what lies past the bounds", () => {
    const grid = new RoutingGrid(bounds, G);
    grid.addDrawnWire({ x: -3 * G, y: 4 * G + 0.2 }, { x: 1.5 * G, y: 4 * G + 0.2 });
    grid.addDrawnWire({ x: 3 * G, y: 20 * G }, { x: 8 * G, y: 20 * G });
    expect(marked(grid, grid.drawnH)).toEqual([
      [0, 4],
      [1, 4],
    ]);
    expect(marked(grid, grid.drawnV)).toEqual([]);
  });
});
