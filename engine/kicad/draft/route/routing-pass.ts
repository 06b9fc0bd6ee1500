import { pushAll } from "../../../array-ops.js";
import type { Box, Point } from "../../symbol/geometry.js";
import type { PathCosts, PathFinder } from "./find-path.js";
import { type GridTerminal, ripUp } from "./grow-net.js";
import { netWires } from "./net-wires.js";
import { placeLabel } from "./place-label.js";
import { routeNet } from "./route-net.js";
import type { RoutedNet, RouteNet, RouteRequest } from "./route-nets.js";
import type { RoutingGrid } from "./routing-grid.js";

/** Search margin (grid steps) around a connection before the whole bounds are tried. */
const MARGIN = 8;

/**
 * The nets of one request on one grid: routes a net (wires, then its label places, reserved
 * against later nets) and can take a net off the grid again, so failed nets can be retried.
 */
export class RoutingPass {
  readonly results: RoutedNet[] = [];
  private readonly cellsOf: number[][] = [];
  private readonly labelBoxesOf: Box[][] = [];
  private trees = 0;

  constructor(
    private readonly request: RouteRequest,
    private readonly grid: RoutingGrid,
    private readonly finder: PathFinder,
    private readonly placed: GridTerminal[][],
    private readonly stubs: { net: number; a: Point; b: Point }[],
    private readonly costs: PathCosts & { junction: number },
  ) {}

  /** Whether net n ended as one wired tree (a net of one terminal or none counts as wired). */
  wired(n: number): boolean {
    return (this.results[n]?.components.length ?? 0) <= 1;
  }

  /** The net's wire cells as routed now. */
  cells(n: number): readonly number[] {
    return this.cellsOf[n] ?? [];
  }

  route(n: number): void {
    const { grid, request } = this;
    const net = request.nets[n] as RouteNet;
    const terminals = this.placed[n] as GridTerminal[];
    const ownBoxes = net.terminals.map((t) =>
      request.obstacles.filter((o) => o.pin === t.pin).map((o) => o.box),
    );
    const { treeOf, cells, guessedStubs } = routeNet(
      grid,
      this.finder,
      { net: n + 1, terminals, ownBoxes },
      () => ++this.trees,
      {
        costs: this.costs,
        margin: MARGIN,
        maxDetour: request.maxDetour,
        maxExcess:
          request.maxExcess === undefined
            ? undefined
            : Math.floor(request.maxExcess / (request.grid ?? 1.27) + 1e-6),
      },
    );
    this.cellsOf[n] = cells;
    const drawn = netWires(grid, n + 1, cells, new Set(terminals.map((t) => t.cell)));
    const groups = new Map<number, number[]>();
    treeOf.forEach((tree, k) => {
      groups.set(tree, [...(groups.get(tree) ?? []), k]);
    });
    const components = [...groups.values()];
    const labels: NonNullable<RoutedNet["labels"]> = [];
    const boxes: Box[] = [];
    this.labelBoxesOf[n] = boxes;
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
            ...this.labelBoxesOf.flat(),
          ],
          stubs: [...this.stubs, ...guessedStubs.map((g) => ({ net: n + 1, ...g }))],
        });
        if (!label) return;
        // Later nets keep out of the text.
        boxes.push(label.box);
        grid.addBox(label.box, 1);
        labels.push({ component, at: label.at, angle: label.angle });
      });
    this.results[n] = {
      name: net.name,
      ...drawn,
      components: components.map((members) => members.map((k) => net.terminals[k]?.pin as string)),
      ...(net.label ? { labels } : {}),
    };
  }

  /** Takes net n's wires and label places off the grid and gives its terminals back to it. */
  unroute(n: number): void {
    ripUp(this.grid, n + 1, this.cellsOf[n] ?? []);
    for (const box of this.labelBoxesOf[n] ?? []) this.grid.addBox(box, -1);
    this.labelBoxesOf[n] = [];
    this.cellsOf[n] = [];
    for (const t of this.placed[n] ?? []) this.grid.terminalNet[t.cell] = n + 1;
  }

  /** The pass's own state, for putting back an attempt that did not pay. */
  save(): { results: RoutedNet[]; cellsOf: number[][]; labelBoxesOf: Box[][] } {
    return {
      results: [...this.results],
      cellsOf: [...this.cellsOf],
      labelBoxesOf: [...this.labelBoxesOf],
    };
  }

  load(saved: ReturnType<RoutingPass["save"]>): void {
    this.results.length = 0;
    pushAll(this.results, saved.results);
    this.cellsOf.length = 0;
    pushAll(this.cellsOf, saved.cellsOf);
    this.labelBoxesOf.length = 0;
    pushAll(this.labelBoxesOf, saved.labelBoxesOf);
  }
}
