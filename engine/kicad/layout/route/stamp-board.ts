import type { BoardModel } from "../../board/write/board-model.js";
import type { Point } from "../../geometry/point.js";
import type { DesignRules } from "../project/design-rules.js";
import type { RouteKeepout, RouteObstacle, RoutePad } from "./board-copper.js";
import type { CopperShape } from "./copper-shape.js";
import type { RouteGrid } from "./route-grid.js";

const FRONT_BACK = ["F.Cu", "B.Cu"] as const;

/**
 * Stamps the placed board onto the grid's static maps: the board edge, every pad (each net's
 * pads as one owner, a pad on no net as its own), holes, copper drawn in footprints, and the
 * footprints' and the board's keep-out areas. The via is the grid's last consumer.
 */
export function stampPlacedBoard(
  grid: RouteGrid,
  model: BoardModel,
  copper: {
    readonly pads: readonly RoutePad[];
    readonly obstacles: readonly RouteObstacle[];
    readonly keepouts: readonly RouteKeepout[];
  },
  ids: ReadonlyMap<string, number>,
  rules: DesignRules,
): void {
  const { pads, obstacles, keepouts } = copper;
  const viaConsumer = grid.consumers.length - 1;
  const viaRadius = grid.consumers[viaConsumer] as number;
  const isVia = (k: number) => k === viaConsumer;
  // The board edge: a strip outside each side, grown by the edge clearance.
  const o = model.outline;
  const far = 5;
  const strips: Point[][] = [
    [
      { x: o.minX - far, y: o.minY - far },
      { x: o.maxX + far, y: o.minY - far },
      { x: o.maxX + far, y: o.minY },
      { x: o.minX - far, y: o.minY },
    ],
    [
      { x: o.minX - far, y: o.maxY },
      { x: o.maxX + far, y: o.maxY },
      { x: o.maxX + far, y: o.maxY + far },
      { x: o.minX - far, y: o.maxY + far },
    ],
    [
      { x: o.minX - far, y: o.minY - far },
      { x: o.minX, y: o.minY - far },
      { x: o.minX, y: o.maxY + far },
      { x: o.minX - far, y: o.maxY + far },
    ],
    [
      { x: o.maxX, y: o.minY - far },
      { x: o.maxX + far, y: o.minY - far },
      { x: o.maxX + far, y: o.maxY + far },
      { x: o.maxX, y: o.maxY + far },
    ],
  ];
  grid.beginGroup();
  for (const points of strips)
    for (const layer of [0, 1])
      grid.stamp({ kind: "polygon", points }, layer, 0, (r) => rules.edgeClearance + r);

  // Pads: each net's pads in one group (a cell near two pads of one net still counts once).
  let lone = ids.size + 1;
  const byOwner = new Map<number, RoutePad[]>();
  for (const pad of pads) {
    const owner = pad.net === "" ? lone++ : (ids.get(pad.net) as number);
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), pad]);
  }
  for (const [owner, group] of [...byOwner].sort((a, b) => a[0] - b[0])) {
    grid.beginGroup();
    for (const pad of group)
      pad.layers.forEach((on, layer) => {
        if (on) grid.stamp(pad.copper, layer, owner, (r) => rules.clearance + r);
      });
  }
  // Holes are nobody's: a via keeps the hole-to-hole distance and its copper the hole clearance
  // from every hole (its own net's too), tracks keep the hole clearance from unplated ones.
  const viaDrill = rules.viaDrill / 2;
  grid.beginGroup();
  for (const pad of pads) {
    if (!pad.hole) continue;
    for (const layer of [0, 1])
      grid.stamp(pad.hole, layer, 0, (r, k) =>
        isVia(k)
          ? Math.max(rules.holeToHole + viaDrill, rules.holeClearance + viaRadius)
          : pad.plated
            ? -1
            : rules.holeClearance + r,
      );
  }
  for (const ob of obstacles) grid.stamp(ob.shape, ob.layer, 0, (r) => rules.clearance + r);
  for (const k of keepouts)
    k.layers.forEach((on, layer) => {
      if (on)
        grid.stamp(k.shape, layer, 0, (r, c) => ((isVia(c) ? k.vias : k.tracks) ? r + 0.005 : -1));
    });
  for (const zone of model.zones) {
    const rule = zone.keepout;
    if (!rule) continue;
    const shape: CopperShape = { kind: "polygon", points: zone.outline };
    zone.layers.forEach((l) => {
      const layer = FRONT_BACK.indexOf(l as (typeof FRONT_BACK)[number]);
      // A board keep-out bars tracks and vias as it says, like a footprint's.
      if (layer >= 0)
        grid.stamp(shape, layer, 0, (r, c) => ((isVia(c) ? rule.vias : rule.tracks) ? r : -1));
    });
  }
}
