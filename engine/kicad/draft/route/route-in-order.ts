import { maxOf, minOf } from "../../../array-ops.js";
import type { Point } from "../../symbol/geometry.js";
import { PathFinder } from "./find-path.js";
import type { GridTerminal } from "./grow-net.js";
import { RouteRequestError } from "./route-error.js";
import type { RoutedNet, RouteRequest, RouteTerminal } from "./route-nets.js";
import { RoutingGrid } from "./routing-grid.js";
import { RoutingPass } from "./routing-pass.js";

/**
 * Routes the nets in `order` (indices into `request.nets`), each on the grid left by those
 * before it, then retries the ones left partly unwired; the result is indexed like
 * `request.nets`.
 */
export function routeInOrder(request: RouteRequest, order: readonly number[]): RoutedNet[] {
  const g = request.grid ?? 1.27;
  const grid = new RoutingGrid(request.bounds, g);
  for (const o of request.obstacles) grid.addBox(o.box, 1);
  for (const w of request.drawn ?? []) grid.addDrawnWire(w.a, w.b);
  const placed = request.nets.map((net, n) =>
    net.terminals.map((t) => placeTerminal(grid, net.name, n + 1, t)),
  );
  for (const [n, net] of request.nets.entries())
    for (const [k, t] of net.terminals.entries())
      if (t.from) blockStub(grid, t, t.from, (placed[n] as GridTerminal[])[k] as GridTerminal);

  const finder = new PathFinder(grid);
  const costs = {
    bend: request.costs?.bend ?? 2,
    cross: request.costs?.cross ?? 8,
    junction: request.costs?.junction ?? 1,
    hug: request.costs?.hug ?? 1,
  };
  const stubs = request.nets.flatMap((net, n) =>
    net.terminals.flatMap((t) => (t.from ? [{ net: n + 1, a: t.from, b: t.at }] : [])),
  );
  const pass = new RoutingPass(request, grid, finder, placed, stubs, costs);
  for (const n of order) pass.route(n);
  retryFailed(pass, grid, order, placed);
  return pass.results;
}

/** Grid steps around a failed net's terminals in which other nets' wires count as in its way. */
const RIP_MARGIN = 4;
/** A failed net blocked by more nets than this is left as it is (rerouting them costs too much). */
const MAX_RIPPED = 8;

/**
 * Each net left partly unwired, in routing order, gets one more try: the nets with wires around
 * its terminals are taken off, it routes first, they route again after it. The attempt is kept
 * only if more of those nets end fully wired than before, else the grid is put back as it was.
 */
function retryFailed(
  pass: RoutingPass,
  grid: RoutingGrid,
  order: readonly number[],
  placed: GridTerminal[][],
): void {
  const w = grid.width;
  for (const failed of order) {
    if (pass.wired(failed)) continue;
    const terminals = placed[failed] ?? [];
    const is = terminals.map((t) => t.cell % w);
    const js = terminals.map((t) => Math.floor(t.cell / w));
    const iMin = minOf(is) - RIP_MARGIN;
    const iMax = maxOf(is) + RIP_MARGIN;
    const jMin = minOf(js) - RIP_MARGIN;
    const jMax = maxOf(js) + RIP_MARGIN;
    const inArea = (c: number) => {
      const i = c % w;
      const j = Math.floor(c / w);
      return i >= iMin && i <= iMax && j >= jMin && j <= jMax;
    };
    const blockers = order.filter((n) => n !== failed && pass.cells(n).some(inArea));
    if (blockers.length === 0 || blockers.length > MAX_RIPPED) continue;
    const involved = [failed, ...blockers];
    const before = involved.filter((n) => pass.wired(n)).length;
    const gridState = grid.snapshot();
    const passState = pass.save();
    for (const n of involved) pass.unroute(n);
    for (const n of involved) pass.route(n);
    if (involved.filter((n) => pass.wired(n)).length > before) continue;
    grid.restore(gridState);
    pass.load(passState);
  }
}

function placeTerminal(
  grid: RoutingGrid,
  name: string,
  net: number,
  t: RouteTerminal,
): GridTerminal {
  const cell = grid.cellOf(t.at, `terminal ${t.pin} of net ${name}`);
  const other = grid.terminalNet[cell] as number;
  if (other !== 0 && other !== net)
    throw new RouteRequestError(
      `terminal ${t.pin} of net ${name} sits on another net's terminal at (${t.at.x}, ${t.at.y})`,
      "give every pin its own stub end; two nets may never share a point",
    );
  grid.terminalNet[cell] = net;
  if (!t.from) return { cell };
  const dx = t.at.x - t.from.x;
  const dy = t.at.y - t.from.y;
  if ((Math.abs(dx) > 1e-6 && Math.abs(dy) > 1e-6) || (Math.abs(dx) < 1e-6 && Math.abs(dy) < 1e-6))
    throw new RouteRequestError(
      `terminal ${t.pin} of net ${name}: its stub from (${t.from.x}, ${t.from.y}) to (${t.at.x}, ${t.at.y}) is not a horizontal or vertical line`,
      "pass the pin point as `from` and the stub end as `at`",
    );
  const outward = Math.abs(dx) > 1e-6 ? (dx > 0 ? 0 : 2) : dy > 0 ? 1 : 3;
  return { cell, outward };
}

/** The stub's points short of its end (pin included) are closed to every wire. */
function blockStub(grid: RoutingGrid, t: RouteTerminal, from: Point, placed: GridTerminal): void {
  const back = ((placed.outward as number) + 2) & 3;
  const length = Math.round(Math.abs(t.at.x - from.x + t.at.y - from.y) / grid.grid);
  let cell = placed.cell;
  for (let k = 0; k < length; k++) {
    cell = grid.step(cell, back);
    if (cell < 0) return;
    if (grid.terminalNet[cell] !== 0)
      throw new RouteRequestError(
        `the stub of terminal ${t.pin} (from (${from.x}, ${from.y})) runs over another terminal at (${grid.pointOf(cell).x}, ${grid.pointOf(cell).y})`,
        "keep every stub end off other pins' stubs; a wire starting there would join the stub",
      );
    grid.blocked[cell] = (grid.blocked[cell] as number) + 1;
  }
}
