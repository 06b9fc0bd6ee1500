import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { planSheets } from "../../../../../engine/kicad/draft/hierarchy/plan-sheets.js";
import { matchGroup } from "../../../../../engine/kicad/draft/hierarchy/repeated-groups.js";
import { sharedName } from "../../../../../engine/kicad/draft/hierarchy/sub-intent.js";
import type { Intent } from "../../../../../engine/kicad/draft/intent.js";
import { REPO_ROOT } from "../../../../helpers/fixture-project.js";

let hub: Intent;
let groups: string[];
const rails = new Set(["GND", "+3V3", "VIN", "VIN_P"]);
const classOf = (net: string) => (rails.has(net) ? "power" : "signal") as "power" | "signal";
const copy = (): Intent => structuredClone(hub);

beforeAll(async () => {
  hub = JSON.parse(
    await readFile(`${REPO_ROOT}/examples/intents/sensor-hub.intent.json`, "utf8"),
  ) as Intent;
  // The drafter's reading order (hints.groupOrder), as validation hands it to the planner.
  groups = hub.hints?.groupOrder ?? [];
  expect(groups).toHaveLength(new Set(hub.parts.map((p) => p.group)).size);
});

describe("matchGroup", () => {
  it("pairs two channels part by part (a value numbered like its channel renumbered)", () => {
    const match = matchGroup(hub, classOf, "Channel 1", "Channel 2");
    expect(match.ok).toBe(true);
    if (!match.ok) return;
    expect(match.refs.size).toBe(16);
    expect(match.refs.get("J3")).toBe("J4");
    expect(match.refs.get("U2")).toBe("U3");
    expect(match.refs.get("TP1")).toBe("TP2");
  });

  it("refuses a channel with another part value, and one with a pin moved to another net", () => {
    const valued = copy();
    const r = valued.parts.find((p) => p.ref === "R8");
    if (r) r.value = "22k";
    expect(matchGroup(valued, classOf, "Channel 1", "Channel 2")).toEqual({
      ok: false,
      why: expect.stringMatching(/^"Channel 2" has no part like R3 \(Device:R 10k\)$/),
    });
    const rewired = copy();
    // R7 (Channel 2's 100k) swaps its ends: same parts, other connections.
    for (const n of rewired.nets)
      n.pins = n.pins.map((p) => (p === "R7.1" ? "R7.2" : p === "R7.2" ? "R7.1" : p));
    const moved = matchGroup(rewired, classOf, "Channel 1", "Channel 2");
    expect(moved.ok).toBe(false);
  });
});

describe("planSheets", () => {
  it("detects the copies, puts a hinted sheet first and names a shared sheet for what its copies share", () => {
    const intent = copy();
    intent.hints = { ...intent.hints, sheets: [{ name: "Power", groups: ["Power input"] }] };
    const planned = planSheets(intent, groups, classOf, "hub.kicad_sch");
    if (!planned.ok) throw new Error(JSON.stringify(planned.findings));
    expect(planned.plan.sheets.map((s) => [s.file, s.instances.length])).toEqual([
      ["power.kicad_sch", 1],
      ["channel.kicad_sch", 8],
      ["supervisor-mcu.kicad_sch", 1],
      ["outputs.kicad_sch", 1],
    ]);
    expect(planned.plan.detected.map((d) => d.group)).toEqual(
      [2, 3, 4, 5, 6, 7, 8].map((n) => `Channel ${n}`),
    );
  });

  it("reports each mistake in the hints at its path and plans nothing", () => {
    const intent = copy();
    const r = intent.parts.find((p) => p.ref === "R8");
    if (r) r.value = "22k";
    intent.hints = {
      ...intent.hints,
      sheets: [
        { name: "A", groups: ["Power input", "Nowhere"] },
        { name: "B", groups: ["Power input"] },
      ],
      instances: [
        { group: "Channel 2", of: "Channel 1" },
        { group: "Outputs", of: "Outputs" },
      ],
    };
    const planned = planSheets(intent, groups, classOf, "hub.kicad_sch");
    expect(planned.ok).toBe(false);
    if (planned.ok) return;
    expect(planned.findings.map((f) => `${f.kind} ${f.path}`)).toEqual([
      "unknown-group hints.sheets[0].groups[1]",
      "shape hints.sheets[1].groups[0]",
      "shape hints.instances[0]",
      "shape hints.instances[1]",
    ]);
    expect(planned.findings[2]?.detail).toMatch(
      /"Channel 2" cannot be drawn as an instance of "Channel 1": "Channel 2" has no part like R3/,
    );
    expect(planned.findings[3]?.detail).toMatch(/a group cannot be an instance of itself/);
  });
});

describe("sharedName", () => {
  it("keeps what copies' names share", () => {
    expect(sharedName(["CH1_OUT", "CH2_OUT", "CH10_OUT"])).toBe("CH_OUT");
    expect(sharedName(["Channel 1", "Channel 2"])).toBe("Channel");
    expect(sharedName(["GND", "GND"])).toBe("GND");
    expect(sharedName(["1", "2"])).toBe("1");
  });
});
