import type { Box, Point } from "../../symbol/geometry.js";
import { PathFinder } from "./find-path.js";
import type { GridTerminal } from "./grow-net.js";
import { netWires } from "./net-wires.js";
import { placeLabel } from "./place-label.js";
import { RouteRequestError } from "./route-error.js";
import { routeNet } from "./route-net.js";
import type { RoutedNet, RouteNet, RouteRequest, RouteTerminal } from "./route-nets.js";
import { RoutingGrid } from "./routing-grid.js";

/** Search margin (grid steps) around a connection before the whole bounds are tried. */
const MARGIN = 8;

/**
 * One routing pass over the nets in `order` (indices into `request.nets`), each on the grid
 * left by those before it; the result is indexed like `request.nets`.
 */
export function routeInOrder(request: RouteRequest, order: readonly number[]): RoutedNet[] {
  const g = request.grid ?? 1.27;
  const grid = new RoutingGrid(request.bounds, g);
  for (const o of request.obstacles) grid.addBox(o.box, 1);
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
  let trees = 0;
  const reserved: Box[] = [];
  const stubs = request.nets.flatMap((net, n) =>
    net.terminals.flatMap((t) => (t.from ? [{ net: n + 1, a: t.from, b: t.at }] : [])),
  );
  const results: RoutedNet[] = [];
  for (const n of order) {
    const net = request.nets[n] as RouteNet;
    const terminals = placed[n] as GridTerminal[];
    const ownBoxes = net.terminals.map((t) =>
      request.obstacles.filter((o) => o.pin === t.pin).map((o) => o.box),
    );
    const { treeOf, cells } = routeNet(
      grid,
      finder,
      { net: n + 1, terminals, ownBoxes },
      () => ++trees,
      {
        costs,
        margin: MARGIN,
        maxDetour: request.maxDetour,
      },
    );
    const drawn = netWires(grid, n + 1, cells, new Set(terminals.map((t) => t.cell)));
    const groups = new Map<number, number[]>();
    treeOf.forEach((tree, k) => {
      groups.set(tree, [...(groups.get(tree) ?? []), k]);
    });
    const components = [...groups.values()];
    const labels: NonNullable<RoutedNet["labels"]> = [];
    if (net.label)
      components.forEach((members, component) => {
        if (members.length < 2) return;
        const pins = new Set(members.map((k) => net.terminals[k]?.pin));
        const label = placeLabel({
          grid,
          net: n + 1,
          tree: treeOf[members[0] as number] as number,
          cells,
          terminals: members.map((k) => terminals[k] as GridTerminal),
          size: { width: net.label?.width ?? 0, height: net.label?.height ?? 1.27 },
          blockers: [
            ...request.obstacles
              .filter((o) => o.pin === undefined || !pins.has(o.pin))
              .map((o) => o.box),
            ...reserved,
          ],
          stubs,
        });
        if (!label) return;
        // Later nets keep out of the text.
        reserved.push(label.box);
        grid.addBox(label.box, 1);
        labels.push({ component, at: label.at, angle: label.angle });
      });
    results[n] = {
      name: net.name,
      ...drawn,
      components: components.map((members) => members.map((k) => net.terminals[k]?.pin as string)),
      ...(net.label ? { labels } : {}),
    };
  }
  return results;
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
