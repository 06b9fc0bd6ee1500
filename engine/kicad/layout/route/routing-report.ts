import type { RouteResult } from "./route-board.js";

/** What the router did, for the layout report and `## Draft quality`. */
export interface RoutingReport {
  readonly nets: number;
  readonly routed: number;
  /** Share of the nets fully routed, 0–1. */
  readonly share: number;
  /** Track length, mm, and the sum of the nets' minimum spanning trees. */
  readonly length: number;
  readonly mst: number;
  readonly vias: number;
  readonly rounds: number;
  readonly ms: number;
  /** Grid pitch, mm. */
  readonly pitch: number;
  readonly unrouted: readonly {
    readonly net: string;
    readonly pads: number;
    readonly connected: number;
    readonly reason: string;
  }[];
}

export function routingReport(result: RouteResult): RoutingReport {
  const nets = result.nets;
  const routed = nets.filter((n) => n.routed);
  const sum = (xs: readonly number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 100) / 100;
  return {
    nets: nets.length,
    routed: routed.length,
    share: nets.length === 0 ? 1 : routed.length / nets.length,
    length: sum(nets.map((n) => n.length)),
    mst: sum(nets.map((n) => n.mst)),
    vias: nets.reduce((s, n) => s + n.vias, 0),
    rounds: result.rounds,
    ms: result.ms,
    pitch: result.pitch,
    unrouted: nets
      .filter((n) => !n.routed)
      .map((n) => ({
        net: n.net,
        pads: n.pads,
        connected: n.connected,
        reason: n.reason ?? "not routed",
      })),
  };
}
