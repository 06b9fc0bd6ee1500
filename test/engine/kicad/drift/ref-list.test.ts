import { describe, expect, it } from "vitest";
import { expandRefs } from "../../../../engine/kicad/drift/ref-list.js";

describe("expandRefs", () => {
  it("splits lists on commas, semicolons and spaces", () => {
    expect(expandRefs("R1, R2;R3 R4")).toEqual({ refs: ["R1", "R2", "R3", "R4"], unreadable: [] });
  });

  it("expands ranges in every common spelling", () => {
    const r1r4 = ["R1", "R2", "R3", "R4"];
    expect(expandRefs("R1-R4").refs).toEqual(r1r4);
    expect(expandRefs("R1 - R4").refs).toEqual(r1r4);
    expect(expandRefs("R1–R4").refs).toEqual(r1r4);
    expect(expandRefs("R1-4").refs).toEqual(r1r4);
    expect(expandRefs("R1..R4").refs).toEqual(r1r4);
    expect(expandRefs("R1 to R4").refs).toEqual(r1r4);
    expect(expandRefs("C1, C5-C7").refs).toEqual(["C1", "C5", "C6", "C7"]);
  });

  it("keeps unit suffixes and removes duplicates", () => {
    expect(expandRefs("U1A, U1B, U1A").refs).toEqual(["U1A", "U1B"]);
  });

  it("reports what it cannot read instead of guessing", () => {
    expect(expandRefs("R1, ???")).toEqual({ refs: ["R1"], unreadable: ["???"] });
    expect(expandRefs("R4-R1")).toEqual({ refs: [], unreadable: ["R4-R1"] });
    expect(expandRefs("R1-C4")).toEqual({ refs: [], unreadable: ["R1-C4"] });
    expect(expandRefs("R1-R9999").unreadable).toEqual(["R1-R9999"]);
  });
});
