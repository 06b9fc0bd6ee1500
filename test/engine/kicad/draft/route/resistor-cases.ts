import type { RouteRequest } from "../../../../../engine/kicad/draft/route/route-nets.js";
import { seeded } from "./random-request.js";

const G = 1.27;
const mm = (v: number) => Math.round(v * 1e4) / 1e4;

/** A routing problem whose terminals are the stub ends of real Device:R pins. */
export interface ResistorCase {
  request: RouteRequest;
  /** Device:R placements (unrotated: pin 1 at y − 3.81, pin 2 at y + 3.81). */
  resistors: { ref: string; at: [number, number] }[];
}

/**
 * Random vertical resistors in a box at `origin`, their pins grouped into nets of two to four;
 * each used pin gets a 2.54 mm stub (an obstacle of its own pin), each body an obstacle. Pins
 * left out of every net get no stub. References are R{case·100+k}.
 */
export function resistorCase(seed: number, index: number, origin: [number, number]): ResistorCase {
  const rnd = seeded(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const [ox, oy] = origin;
  const resistors: ResistorCase["resistors"] = [];
  const taken: [number, number][] = [];
  for (let tries = 0; resistors.length < 8 && tries < 200; tries++) {
    const i = int(2, 36);
    const j = int(8, 34);
    // Columns 4 steps apart, rows 14 apart (body + both stubs + a channel).
    if (taken.some(([a, b]) => Math.abs(a - i) < 4 && Math.abs(b - j) < 14)) continue;
    taken.push([i, j]);
    resistors.push({
      ref: `R${index * 100 + resistors.length + 1}`,
      at: [mm(ox + i * G), mm(oy + j * G)],
    });
  }
  const pins = resistors.flatMap((r) => [
    { key: `${r.ref}.1`, x: r.at[0], y: r.at[1], side: -1 },
    { key: `${r.ref}.2`, x: r.at[0], y: r.at[1], side: 1 },
  ]);
  for (let k = pins.length - 1; k > 0; k--) {
    const m = int(0, k);
    [pins[k], pins[m]] = [pins[m] as (typeof pins)[number], pins[k] as (typeof pins)[number]];
  }
  const nets: RouteRequest["nets"] = [];
  const obstacles: RouteRequest["obstacles"] = resistors.map((r) => ({
    box: { minX: r.at[0] - G, minY: r.at[1] - 3 * G, maxX: r.at[0] + G, maxY: r.at[1] + 3 * G },
  }));
  let at = 0;
  while (pins.length - at >= 2) {
    const size = Math.min(int(2, 4), pins.length - at);
    const members = pins.slice(at, at + size);
    at += size + (rnd() < 0.3 ? 1 : 0);
    const name = `N${index}_${nets.length}`;
    nets.push({
      name,
      label: { width: mm(name.length * 1.143 + 1.27) },
      terminals: members.map((p) => {
        const pin = { x: p.x, y: mm(p.y + p.side * 3 * G) };
        const end = { x: p.x, y: mm(p.y + p.side * 5 * G) };
        obstacles.push({
          pin: p.key,
          box: { minX: p.x, maxX: p.x, minY: Math.min(pin.y, end.y), maxY: Math.max(pin.y, end.y) },
        });
        return { pin: p.key, at: end, from: pin };
      }),
    });
  }
  return {
    request: {
      nets,
      obstacles,
      bounds: { minX: ox, minY: oy, maxX: mm(ox + 40 * G), maxY: mm(oy + 44 * G) },
    },
    resistors,
  };
}
