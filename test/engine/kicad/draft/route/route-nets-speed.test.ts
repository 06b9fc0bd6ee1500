import { describe, expect, it } from "vitest";
import { syntheticRouteGroup } from "../../../../../bench/draft-route.js";
import { routeNets } from "../../../../../engine/kicad/draft/route/route-nets.js";
import { canonicalGroups, checkKicadRules } from "./kicad-rules.js";

describe("routeNets on a drafted-group-sized problem", () => {
  const request = syntheticRouteGroup(40, 60);

  it("routes ~40 parts and ~60 nets well under a second, almost all fully wired", () => {
    routeNets(request); // warm the JIT: the budget is for the draft, not the compiler
    let best = Infinity;
    for (let k = 0; k < 3; k++) {
      const start = performance.now();
      routeNets(request);
      best = Math.min(best, performance.now() - start);
    }
    expect(request.nets.length).toBeGreaterThanOrEqual(55);
    expect(best).toBeLessThan(1000);
  });

  it("keeps the KiCad rules on it and wires at least 90% of its nets", () => {
    const routed = routeNets(request);
    const report = checkKicadRules(request, routed);
    expect(report.defects).toEqual([]);
    for (const r of routed)
      expect(canonicalGroups(report.joined.get(r.name) ?? [])).toEqual(
        canonicalGroups(r.components),
      );
    const wired = routed.filter((r) => r.components.length === 1).length;
    expect(wired / routed.length).toBeGreaterThan(0.9);
  });
});
