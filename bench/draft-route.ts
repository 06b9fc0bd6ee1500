import type {
  RouteObstacle,
  RouteRequest,
  RouteTerminal,
} from "../engine/kicad/draft/route/route-nets.js";
import { routeNets } from "../engine/kicad/draft/route/route-nets.js";
import { seeded } from "../engine/kicad/layout/place/seeded-random.js";
import type { Bench, BenchRow } from "./bench.js";
import { medianMs } from "./bench.js";

const G = 1.27;
const mm = (cells: number) => Math.round(cells * G * 1e4) / 1e4;

// The one seeded generator (mulberry32), shared with the placer; the router's random tests use it.
export { seeded } from "../engine/kicad/layout/place/seeded-random.js";

/**
 * A drafted group as the placement hands it to the router: `parts` parts in rows, each a body
 * with three pins a side (stub, then a label box), a field box above it, and `nets` nets of two
 * to four pins on neighbouring parts.
 */
export function syntheticRouteGroup(parts: number, nets: number, seed = 1): RouteRequest {
  const rnd = seeded(seed);
  const cols = Math.ceil(Math.sqrt(parts * 1.6));
  const pitchX = 24;
  const pitchY = 14;
  const obstacles: RouteObstacle[] = [];
  const pinsOf: { pin: string; at: { x: number; y: number }; from: { x: number; y: number } }[][] =
    [];
  for (let p = 0; p < parts; p++) {
    const i0 = (p % cols) * pitchX + 9;
    const j0 = Math.floor(p / cols) * pitchY + 4;
    obstacles.push({ box: { minX: mm(i0), minY: mm(j0), maxX: mm(i0 + 4), maxY: mm(j0 + 8) } });
    obstacles.push({ box: { minX: mm(i0), minY: mm(j0 - 3), maxX: mm(i0 + 4), maxY: mm(j0 - 1) } });
    const pins: (typeof pinsOf)[number] = [];
    for (const side of [-1, 1])
      for (let k = 1; k <= 3; k++) {
        const px = side < 0 ? i0 : i0 + 4;
        const py = j0 + 2 * k;
        const pin = `U${p}.${pins.length + 1}`;
        const end = px + 2 * side;
        pins.push({ pin, at: { x: mm(end), y: mm(py) }, from: { x: mm(px), y: mm(py) } });
        const far = end + 5 * side;
        obstacles.push({
          pin,
          box: {
            minX: mm(Math.min(px, far)),
            minY: mm(py - 1),
            maxX: mm(Math.max(px, far)),
            maxY: mm(py),
          },
        });
      }
    pinsOf.push(pins);
  }
  const rows = Math.ceil(parts / cols);
  const free = pinsOf.map((pins) => [...pins]);
  const routeNets: RouteRequest["nets"] = [];
  for (let n = 0; n < nets; n++) {
    const home = Math.floor(rnd() * parts);
    const terminals: RouteTerminal[] = [];
    const size = 2 + Math.floor(rnd() * 3);
    for (let tries = 0; terminals.length < size && tries < 20; tries++) {
      const col = (home % cols) + Math.floor(rnd() * 3) - 1;
      const row = Math.floor(home / cols) + Math.floor(rnd() * 3) - 1;
      if (col < 0 || col >= cols || row < 0 || row >= rows) continue;
      const pins = free[row * cols + col];
      if (!pins || pins.length === 0) continue;
      const pick = pins.splice(Math.floor(rnd() * pins.length), 1)[0];
      if (pick) terminals.push(pick);
    }
    if (terminals.length >= 2) routeNets.push({ name: `N${n}`, terminals });
  }
  return {
    nets: routeNets,
    obstacles,
    bounds: { minX: 0, minY: 0, maxX: mm(cols * pitchX + 10), maxY: mm(rows * pitchY + 6) },
  };
}

/**
 * Routing time of a 40-part group, and how it grows when the group doubles: the 40-part time is
 * the reference measured in the same run, so the target is a ratio (like the draft bench's
 * growth per doubling), never an absolute time on a shared machine.
 */
export const draftRouteBench: Bench = {
  name: "draft-route",
  async run(): Promise<BenchRow[]> {
    const rows: BenchRow[] = [];
    let reference: number | undefined;
    for (const [parts, nets] of [
      [40, 60],
      [80, 120],
    ] as const) {
      const request = syntheticRouteGroup(parts, nets);
      const routed = routeNets(request);
      const wired = routed.filter((r) => r.components.length === 1).length;
      const ms = await medianMs(5, () => routeNets(request));
      const measured = `${ms.toFixed(1)} ms, ${wired}/${routed.length} nets fully wired`;
      if (reference === undefined) {
        reference = ms;
        rows.push({ label: `route a ${parts}-part group (${request.nets.length} nets)`, measured });
        continue;
      }
      rows.push({
        label: `route a ${parts}-part group (${request.nets.length} nets) vs the 40-part group`,
        measured,
        ratio: ms / reference,
        target: { op: "<=", value: 3 },
      });
    }
    return rows;
  },
};
