import type { Box, Point } from "../../symbol/geometry.js";
import { PathFinder } from "./find-path.js";
import type { GridTerminal } from "./grow-net.js";
import { netWires } from "./net-wires.js";
import { placeLabel } from "./place-label.js";
import { RouteRequestError } from "./route-error.js";
import { routeNet } from "./route-net.js";
import { RoutingGrid } from "./routing-grid.js";

export interface RouteObstacle {
  box: Box;
  /** pin key REF.PIN whose attachment this is */
  pin?: string;
}

export interface RouteTerminal {
  pin: string;
  /** the stub end: a grid point where a wire may start */
  at: Point;
  /**
   * Optional: the pin end of the stub (on the same grid line as `at`). When given, no wire runs
   * over the stub, and a wire prefers to leave `at` straight on, away from the pin.
   */
  from?: Point;
}

export interface RouteNet {
  name: string;
  terminals: RouteTerminal[];
  /**
   * Optional: the size of this net's label text (KiCad local label, text above its anchor). When
   * given, each wired component gets a place for one label on its wire, clear of everything,
   * and later nets keep out of that text.
   */
  label?: { width: number; height?: number };
}

export interface RouteRequest {
  /** routed in this order (caller orders by priority) */
  nets: RouteNet[];
  /** bodies, fields, labels, other pins' stubs (a net may pass its own terminals' obstacles) */
  obstacles: RouteObstacle[];
  /** the router never leaves it */
  bounds: Box;
  /** default 1.27 (KiCad's connection grid); all terminals are on it */
  grid?: number;
  /** optional: give up on a connection longer than this many times its Manhattan distance */
  maxDetour?: number;
  /**
   * optional cost tuning, in grid steps (defaults: bend 2, cross 8, junction 1, and hug 1 per
   * step run right beside another net's parallel wire)
   */
  costs?: { bend?: number; cross?: number; junction?: number; hug?: number };
}

export interface RoutedNet {
  name: string;
  /** Segments, each axis-parallel, split at every point where another segment of the SAME net ends or a terminal sits. */
  wires: { a: Point; b: Point }[];
  /** Where 3 or more wire ends of this net meet (KiCad needs a junction there); a terminal's stub counts as one end. */
  junctions: Point[];
  /** Terminals joined by wire, as groups (one group = one connected tree). A terminal alone in its group was not reached. */
  components: string[][];
  /**
   * Present when the net asked for labels (`RouteNet.label`): where to put the net's label on
   * each wired component (index into `components`), text above `at`, reading right (0) or left
   * (180). A wired component missing here had no clear place; singletons never get one (they
   * keep their own label at the stub end).
   */
  labels?: { component: number; at: Point; angle: 0 | 180 }[];
}

/** Search margin (grid steps) around a connection before the whole bounds are tried. */
const MARGIN = 8;

/**
 * Routes nets one after another on KiCad's connection grid: each net grows a tree (A* per
 * terminal, cost = length + bends + crossings) that may branch anywhere on itself, and keeps
 * clear of obstacles and of every wire and terminal routed before it, except for right-angle
 * crossings through the middle of another net's straight run. Deterministic: the same request
 * gives the same wires.
 */
export function routeNets(request: RouteRequest): RoutedNet[] {
  const g = request.grid ?? 1.27;
  const grid = new RoutingGrid(request.bounds, g);
  for (const o of request.obstacles) grid.addBox(o.box, 1);
  const placed = request.nets.map((net, n) =>
    net.terminals.map((t) => placeTerminal(grid, net.name, n + 1, t)),
  );
  for (const [n, net] of request.nets.entries())
    for (const [k, t] of net.terminals.entries())
      if (t.from) blockStub(grid, t, (placed[n] as GridTerminal[])[k] as GridTerminal);

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
  return request.nets.map((net, n) => {
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
    return {
      name: net.name,
      ...drawn,
      components: components.map((members) => members.map((k) => net.terminals[k]?.pin as string)),
      ...(net.label ? { labels } : {}),
    };
  });
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
function blockStub(grid: RoutingGrid, t: RouteTerminal, placed: GridTerminal): void {
  const back = ((placed.outward as number) + 2) & 3;
  const length = Math.round(Math.abs(t.at.x - t.from!.x + t.at.y - t.from!.y) / grid.grid);
  let cell = placed.cell;
  for (let k = 0; k < length; k++) {
    cell = grid.step(cell, back);
    if (cell < 0) return;
    grid.blocked[cell] = (grid.blocked[cell] as number) + 1;
  }
}
