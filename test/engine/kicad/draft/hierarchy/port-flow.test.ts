import { describe, expect, it } from "vitest";
import { portFlow } from "../../../../../engine/kicad/draft/hierarchy/port-flow.js";
import type { ResolvedIntent } from "../../../../../engine/kicad/draft/resolved-intent.js";

/** A design of one net: `REF:type` endpoints; the sheet of a ref is its letters' first one. */
function oneNet(...pins: string[]) {
  const endpoints = pins.map((p) => {
    const [ref = "", type = ""] = p.split(":");
    return { ref, pin: { type } };
  });
  const resolved = { nets: [{ net: { name: "S" }, endpoints }] } as unknown as ResolvedIntent;
  const sheetOf = new Map(endpoints.map((e) => [e.ref, `sheet ${e.ref[0]}`]));
  return (sheet: string) => portFlow(resolved, "S", `sheet ${sheet}`, sheetOf);
}

describe("portFlow", () => {
  it("sends a signal out of the sheet holding its driver and into every other", () => {
    const flow = oneNet("A1:output", "A2:passive", "B1:input", "C1:bidirectional");
    expect(["A", "B", "C"].map(flow)).toEqual(["out", "in", "in"]);
  });

  it("says nothing when two sheets drive the net", () => {
    const flow = oneNet("A1:output", "B1:open_collector", "C1:input");
    expect(["A", "B", "C"].map(flow)).toEqual([undefined, undefined, undefined]);
  });

  it("with no driver: a sheet of only inputs receives, the sheet holding most of the net sends", () => {
    // A connector's pin into an op-amp input.
    expect(["A", "B"].map(oneNet("A1:passive", "B1:input"))).toEqual(["out", "in"]);
    // A filter (two passives) into a bidirectional MCU pin and a connector.
    const filter = oneNet("A1:passive", "A2:passive", "B1:bidirectional", "C1:passive");
    expect(["A", "B", "C"].map(filter)).toEqual(["out", "in", "in"]);
  });

  it("with no driver and a tie between the sheets that do more than load it, says nothing for them", () => {
    const flow = oneNet("A1:passive", "B1:bidirectional", "C1:input");
    expect(["A", "B", "C"].map(flow)).toEqual([undefined, undefined, "in"]);
  });
});
