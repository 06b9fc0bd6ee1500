import { describe, expect, it } from "vitest";
import { routeNets } from "../../../../../engine/kicad/draft/route/route-nets.js";
import { canonicalGroups, checkKicadRules } from "./kicad-rules.js";
import { randomRequest } from "./random-request.js";

describe("routeNets on 200 seeded random groups", () => {
  it("never breaks KiCad's connection rules and reports exactly what its wires join", () => {
    let nets = 0;
    let complete = 0;
    let wiredComponents = 0;
    let labelled = 0;
    const failures: string[] = [];
    for (let seed = 1; seed <= 200; seed++) {
      const request = randomRequest(seed);
      const routed = routeNets(request);
      const report = checkKicadRules(request, routed);
      for (const d of report.defects) failures.push(`seed ${seed}: ${d}`);
      for (const [k, r] of routed.entries()) {
        const pins = request.nets[k]?.terminals.map((t) => t.pin).sort();
        expect(r.components.flat().sort()).toEqual(pins);
        if (
          JSON.stringify(canonicalGroups(report.joined.get(r.name) ?? [])) !==
          JSON.stringify(canonicalGroups(r.components))
        )
          failures.push(`seed ${seed}: ${r.name} claims ${JSON.stringify(r.components)}`);
        nets++;
        if (r.components.length === 1) complete++;
        if (request.nets[k]?.label) {
          wiredComponents += r.components.filter((c) => c.length > 1).length;
          labelled += r.labels?.length ?? 0;
        }
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
    // Not vacuous: most random nets do get fully wired.
    expect(complete / nets).toBeGreaterThan(0.7);
    expect(labelled / wiredComponents).toBeGreaterThan(0.8);
  });
});
