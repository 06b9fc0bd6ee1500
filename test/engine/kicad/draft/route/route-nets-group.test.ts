import { describe, expect, it } from "vitest";
import { syntheticRouteGroup } from "../../../../../bench/draft-route.js";
import { routeNets } from "../../../../../engine/kicad/draft/route/route-nets.js";
import { canonicalGroups, checkKicadRules } from "./kicad-rules.js";

describe("routeNets on a drafted-group-sized problem (the bench's)", () => {
  const request = syntheticRouteGroup(40, 60);

  // Its speed is measured by `npm run bench` (bench/draft-route.ts), never asserted here.
  it("keeps the KiCad rules on it and wires at least 90% of its nets", () => {
    expect(request.nets.length).toBeGreaterThanOrEqual(55);
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
