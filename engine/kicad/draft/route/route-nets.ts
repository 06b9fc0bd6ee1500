import type { Box, Point } from "../../symbol/geometry.js";
import { routeInOrder } from "./route-in-order.js";

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
   * Optional but recommended: the pin end of the stub (on the same grid line as `at`). When
   * given, no wire and no label runs over the stub, and a wire prefers to leave `at` straight
   * on, away from the pin. Without it the router knows only the stub's obstacle box, which the
   * net's own wires may cross.
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
  /**
   * optional: wires drawn before routing (pins' stubs, power ports' jogs), each axis-parallel;
   * they block nothing (obstacles do that) but a wire run right beside one pays the hug cost
   */
  drawn?: readonly { a: Point; b: Point }[];
  /** default 1.27 (KiCad's connection grid); all terminals are on it */
  grid?: number;
  /** optional: give up on a connection longer than this many times its Manhattan distance */
  maxDetour?: number;
  /**
   * optional: give up on a connection longer than its Manhattan distance by more than this (mm):
   * a wire that loops around a group reads worse than a label pair, however far apart its ends
   */
  maxExcess?: number;
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
  /**
   * Terminals joined by wire, as groups (one group = one connected tree). A terminal alone in its
   * group was not reached; its obstacles (its label) are kept clear of its own net's wires too.
   */
  components: string[][];
  /**
   * Present when the net asked for labels (`RouteNet.label`): where to put the net's label on
   * each wired component (index into `components`), text above `at`, reading right (0) or left
   * (180). A wired component missing here had no clear place; singletons never get one (they
   * keep their own label at the stub end).
   */
  labels?: { component: number; at: Point; angle: 0 | 180 }[];
}

/**
 * Routes nets one after another on KiCad's connection grid: each net grows a tree (A* per
 * terminal, cost = length + bends + crossings + running beside another net) that may branch
 * anywhere on itself, and keeps clear of obstacles and of every wire, terminal and label place
 * routed before it, except for right-angle crossings through the middle of another net's
 * straight run. Deterministic: the same request gives the same wires. Throws RouteRequestError
 * for a terminal off the grid, outside the bounds, on another net's terminal or on a stub, and
 * for a stub that is not a horizontal or vertical line.
 */
export function routeNets(request: RouteRequest): RoutedNet[] {
  return routeInOrder(
    request,
    request.nets.map((_, n) => n),
  );
}
