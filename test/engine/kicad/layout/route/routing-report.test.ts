import { describe, expect, it } from "vitest";
import type { LayoutReport } from "../../../../../engine/kicad/layout/report/layout-report.js";
import { renderLayoutReport } from "../../../../../engine/kicad/layout/report/render-report.js";
import type { RouteResult } from "../../../../../engine/kicad/layout/route/route-board.js";
import { routingReport } from "../../../../../engine/kicad/layout/route/routing-report.js";

const placed: LayoutReport = {
  board: {
    width: 30,
    height: 20,
    widthSource: "constraints",
    heightSource: "constraints",
    holes: undefined,
    holesSource: "default",
  },
  parts: 3,
  density: 0.2,
  connectors: [],
  decoupling: [],
  references: { onSilk: 3, hidden: [], overOtherParts: [] },
  ratsnest: 30,
  unrouted: [
    { net: "VCC", kind: "power", pads: 2, length: 10 },
    { net: "SIG|A", kind: "signal", pads: 3, length: 20 },
  ],
  groundPour: undefined,
  netClasses: [{ name: "Default", trackWidth: 0.2, nets: 2 }],
  findings: [],
};

const result = (routed: boolean): RouteResult => ({
  model: {} as RouteResult["model"],
  rounds: 3,
  ms: 12,
  pitch: 0.1,
  nets: [
    { net: "VCC", pads: 2, connected: 2, routed: true, width: 0.4, length: 11, mst: 10, vias: 2 },
    {
      net: "SIG|A",
      pads: 3,
      connected: routed ? 3 : 1,
      routed,
      width: 0.2,
      length: routed ? 21 : 4,
      mst: 20,
      vias: 0,
      ...(routed ? {} : { reason: "walled in: no way from U1.1 to U2.3, U3.1" }),
    },
  ],
});

describe("the routing report", () => {
  it("sums the nets: share routed, track length against the MST, vias", () => {
    expect(routingReport(result(true))).toEqual({
      nets: 2,
      routed: 2,
      share: 1,
      length: 32,
      mst: 30,
      vias: 2,
      rounds: 3,
      ms: 12,
      pitch: 0.1,
      unrouted: [],
    });
  });

  it("Draft quality says every net is routed, with the numbers, and no table of nets to route", () => {
    const text = renderLayoutReport(
      { ...placed, routing: routingReport(result(true)) },
      "b.kicad_pcb",
    );
    expect(text).toContain("Every net is routed.");
    expect(text).toContain(
      "- **Routing:** 2 of 2 net(s) routed (100 %) on F.Cu and B.Cu; 32 mm of track against 30 mm of ratsnest (1.07×); 2 via(s) (1 per net); 3 rip-up round(s).",
    );
    expect(text).not.toContain("| net | class | pads | ratsnest mm |");
    expect(text).not.toContain("Not routed yet");
  });

  it("names each net it could not route, how far it got and why, in the lead, a table and the review list", () => {
    const text = renderLayoutReport(
      { ...placed, routing: routingReport(result(false)) },
      "b.kicad_pcb",
    );
    expect(text).toContain("1 of 2 net(s) are not fully routed: SIG|A.");
    expect(text).toContain("(50 %)");
    expect(text).toContain("| SIG\\|A | 1 of 3 | walled in: no way from U1.1 to U2.3, U3.1 |");
    expect(text).toMatch(/- 1 net\(s\) the router could not finish \(SIG\|A\): route them by hand/);
  });

  it("a board placed only still lists every net to route", () => {
    const text = renderLayoutReport(placed, "b.kicad_pcb");
    expect(text).toContain("Not routed yet (placed only)");
    expect(text).toContain("| SIG\\|A | signal | 3 | 20 |");
    expect(text).not.toContain("**Routing:**");
  });
});
