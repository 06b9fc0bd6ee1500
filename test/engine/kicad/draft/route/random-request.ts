import { seeded } from "../../../../../bench/draft-route.js";
import type {
  RouteObstacle,
  RouteRequest,
  RouteTerminal,
} from "../../../../../engine/kicad/draft/route/route-nets.js";

export { seeded };

const G = 1.27;
const mm = (cells: number) => Math.round(cells * G * 1e4) / 1e4;
const DIRS = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
] as const;

/**
 * A random routing problem like a drafted group: part bodies (some off the grid), pins with
 * stubs and label boxes, nets of two to five terminals, terminals never inside a body.
 */
export function randomRequest(seed: number): RouteRequest {
  const rnd = seeded(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const w = int(18, 40);
  const h = int(14, 30);
  const obstacles: RouteObstacle[] = [];
  const bodies: { i0: number; j0: number; i1: number; j1: number }[] = [];
  for (let k = int(1, 6); k > 0; k--) {
    const i0 = int(0, w - 3);
    const j0 = int(0, h - 3);
    const b = { i0, j0, i1: i0 + int(1, 6), j1: j0 + int(1, 5) };
    bodies.push(b);
    // Some bodies sit off the grid, so thin gaps and edges between grid lines get exercised.
    const nudge = rnd() < 0.3 ? 0.4 : 0;
    obstacles.push({
      box: {
        minX: mm(b.i0) + nudge,
        minY: mm(b.j0) + nudge,
        maxX: mm(b.i1) - nudge,
        maxY: mm(b.j1),
      },
    });
  }
  const used = new Set<string>();
  const free = (i: number, j: number) =>
    i >= 0 &&
    j >= 0 &&
    i <= w &&
    j <= h &&
    !used.has(`${i},${j}`) &&
    bodies.every((b) => i < b.i0 - 1 || i > b.i1 + 1 || j < b.j0 - 1 || j > b.j1 + 1);
  const nets: RouteRequest["nets"] = [];
  const netCount = int(2, 7);
  for (let n = 0; n < netCount; n++) {
    const terminals: RouteTerminal[] = [];
    const size = int(2, 5);
    for (let tries = 0; terminals.length < size && tries < 200; tries++) {
      const i = int(0, w);
      const j = int(0, h);
      const pin = `U${n}.${terminals.length + 1}`;
      if (rnd() < 0.5) {
        if (!free(i, j)) continue;
        used.add(`${i},${j}`);
        terminals.push({ pin, at: { x: mm(i), y: mm(j) } });
        continue;
      }
      const [dx, dy] = DIRS[int(0, 3)] as (typeof DIRS)[number];
      const stub = [0, 1, 2].map((k) => [i - dx * k, j - dy * k] as const);
      if (!stub.every(([x, y]) => free(x, y))) continue;
      for (const [x, y] of stub) used.add(`${x},${y}`);
      const fi = i - 2 * dx;
      const fj = j - 2 * dy;
      terminals.push({ pin, at: { x: mm(i), y: mm(j) }, from: { x: mm(fi), y: mm(fj) } });
      obstacles.push({
        pin,
        box: {
          minX: mm(Math.min(i, fi)),
          minY: mm(Math.min(j, fj)),
          maxX: mm(Math.max(i, fi)),
          maxY: mm(Math.max(j, fj)),
        },
      });
    }
    // Most nets ask for a label place, of a width like "N3" or a long bus name.
    const label = rnd() < 0.8 ? { width: mm(int(2, 8)) } : undefined;
    if (terminals.length >= 2) nets.push({ name: `N${n}`, terminals, ...(label ? { label } : {}) });
  }
  return { nets, obstacles, bounds: { minX: 0, minY: 0, maxX: mm(w), maxY: mm(h) } };
}
