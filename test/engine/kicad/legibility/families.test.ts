import { describe, expect, it } from "vitest";
import { captionVocabulary } from "../../../../engine/kicad/legibility/caption-vocabulary.js";
import { FAMILIES } from "../../../../engine/kicad/legibility/families.js";
import { checkFixture, ofKind } from "./helpers/check-fixture.js";

const refsOf = (findings: { refs: string[] }[]) => findings.map((f) => f.refs);

describe("a tidy sheet", () => {
  it("has no finding in any family", async () => {
    const report = await checkFixture("clean");
    expect(report.findings).toEqual([]);
    expect(report.counts).toEqual({ error: 0, advisory: 0 });
    expect(report.sheets).toBe(1);
  });
});

describe("off-grid", () => {
  it("reports the off-grid symbol, wire end and label with the grid point to move to", async () => {
    const found = ofKind(await checkFixture("off-grid"), "off-grid");
    expect(refsOf(found)).toEqual([["R1"], ["/"], ['label "OFF_GRID"']]);
    expect(found[0]!.detail).toContain("move R1 from (51.3, 50.8) to (50.8, 50.8)");
    expect(found[1]!.detail).toContain("move the end to (120.65, 54.61)");
    expect(found[2]!.detail).toContain("move it to (76.2, 76.2)");
    expect(found.every((f) => f.severity === "error")).toBe(true);
  });

  it("leaves on-grid symbols, wires and labels alone", async () => {
    const report = await checkFixture("off-grid");
    const all = ofKind(report, "off-grid").flatMap((f) => f.refs);
    expect(all).not.toContain("R2");
    expect(all).not.toContain('label "ON_GRID"');
  });
});

describe("symbol-overlap", () => {
  it("names both refdes, their coordinates and the separation needed", async () => {
    const found = ofKind(await checkFixture("symbol-overlap"), "symbol-overlap");
    expect(refsOf(found)).toEqual([["R1", "R2"]]);
    expect(found[0]!.detail).toMatch(/R1 at \(50\.8, 50\.8\) and R2 at \(52\.07, 52\.07\) overlap/);
    expect(found[0]!.detail).toContain("at least 2.54 mm edge to edge");
    expect(found[0]!.at).toEqual({ x: 50.8, y: 50.8 });
  });

  it("does not fire for bodies a readable distance apart, nor for power ports", async () => {
    const report = await checkFixture("symbol-overlap");
    const pairs = [...ofKind(report, "symbol-overlap"), ...ofKind(report, "crowding")].map(
      (f) => f.refs,
    );
    expect(pairs.flat()).not.toContain("R3");
    expect(pairs.flat()).not.toContain("#PWR01");
    expect(pairs.flat()).not.toContain("R5");
  });
});

describe("crowding", () => {
  it("is advisory, states the gap and the readable pitch", async () => {
    const found = ofKind(await checkFixture("crowding"), "crowding");
    expect(refsOf(found)).toEqual([["R1", "R2"]]);
    expect(found[0]!.severity).toBe("advisory");
    expect(found[0]!.detail).toContain("0.51 mm apart edge to edge, under the readable 2.54 mm");
  });

  it("follows the configured pitch", async () => {
    const wide = ofKind(
      await checkFixture("crowding", { thresholds: { minPitch: 5.08 } }),
      "crowding",
    );
    expect(refsOf(wide)).toEqual([
      ["R1", "R2"],
      ["R3", "R4"],
    ]);
  });
});

describe("text-collision", () => {
  it("catches a value over another body, a label over a foreign wire and overlapping notes", async () => {
    const found = ofKind(await checkFixture("text-collision"), "text-collision");
    expect(refsOf(found)).toEqual([
      ["R2 Value", "R1"],
      ['label "STRAY"'],
      ['text "First note"', 'text "Second note"'],
    ]);
    expect(found[0]!.detail).toContain('R2 Value "22k" at (50.8, 50.8) overlaps the body of R1');
    expect(found[1]!.detail).toContain(
      "wire (76.2, 76.2)–(101.6, 76.2), which it is not attached to",
    );
  });

  it("lets a label sit on its own wire and keeps well-placed fields quiet", async () => {
    const all = (await checkFixture("text-collision")).findings.flatMap((f) => f.refs);
    expect(all).not.toContain('label "ATTACHED"');
    expect(all.some((r) => r.startsWith("R3"))).toBe(false);
  });
});

describe("wire-through-symbol", () => {
  it("flags a wire across a body and not wires ending on the symbol's own pins", async () => {
    const found = ofKind(await checkFixture("wire-through-symbol"), "wire-through-symbol");
    expect(refsOf(found)).toEqual([["R1"]]);
    expect(found[0]!.detail).toContain(
      "wire (40.64, 50.8)–(63.5, 50.8) runs through the body of R1",
    );
  });
});

describe("out-of-frame", () => {
  it("names the edge crossed and the title block, with a move that clears them", async () => {
    const found = ofKind(await checkFixture("out-of-frame"), "out-of-frame");
    expect(refsOf(found)).toEqual([["R1"], ["R2"]]);
    expect(found[0]!.detail).toMatch(/past the left edge .* move it 3\.81 mm right/);
    expect(found[1]!.detail).toMatch(/overlaps the title block .* move it 22\.86 mm up/);
  });
});

describe("empty-title-block", () => {
  it("names the empty fields as refs and says what to fill in", async () => {
    const found = ofKind(await checkFixture("empty-title-block"), "empty-title-block");
    expect(refsOf(found)).toEqual([["revision", "date"]]);
    expect(found[0]!.detail).toContain('(rev "…") (date "…")');
    expect(ofKind(await checkFixture("clean"), "empty-title-block")).toEqual([]);
  });
});

describe("label-orientation", () => {
  it("suggests horizontal only where the label would fit", async () => {
    const found = ofKind(await checkFixture("label-orientation"), "label-orientation");
    expect(refsOf(found)).toEqual([['label "VERTICAL"']]);
    expect(found[0]!.severity).toBe("advisory");
  });
});

describe("low-utilization", () => {
  it("suggests the smallest paper that holds the content", async () => {
    const found = ofKind(await checkFixture("low-utilization"), "low-utilization");
    expect(refsOf(found)).toEqual([["/"]]);
    expect(found[0]!.detail).toContain("use A5 paper");
    expect(found[0]!.detail).toContain("usable A3 frame");
  });
});

describe("drafting conventions", () => {
  const vocabulary = captionVocabulary({ subsystems: "# Subsystems\n\n## Power\n\n## MCU\n" });

  it("apply to an engine-stamped sheet", async () => {
    const report = await checkFixture("drafted", {}, vocabulary);
    expect(refsOf(ofKind(report, "ungrouped-symbol"))).toEqual([["R3"]]);
    expect(refsOf(ofKind(report, "unlabeled-group"))).toEqual([["group#2"], ["Sensors"]]);
    expect(refsOf(ofKind(report, "group-overlap"))).toEqual([["group#2", "Sensors"]]);
    expect(refsOf(ofKind(report, "cross-group-wire"))).toEqual([
      ["Power", "group#2", "(unlabeled)"],
    ]);
    expect(ofKind(report, "unlabeled-group")[1]!.detail).toContain('e.g. "Power", "MCU"');
    expect(report.skipped).toEqual([]);
  });

  it("skip caption validation loudly without docs, and keep the geometric checks", async () => {
    const report = await checkFixture("drafted");
    expect(refsOf(ofKind(report, "unlabeled-group"))).toEqual([["group#2"]]);
    expect(report.skipped).toEqual([
      { family: "caption-validation", reason: "no docs directory provided" },
    ]);
  });

  it("do not bind a hand-drawn sheet unless config says always", async () => {
    const drafting = FAMILIES.filter((f) => f.drafting).map((f) => f.kind as string);
    const byHand = await checkFixture("drafted-by-hand", {}, vocabulary);
    expect(byHand.findings.filter((f) => drafting.includes(f.kind))).toEqual([]);
    const always = await checkFixture(
      "drafted-by-hand",
      { draftingConventions: "always" },
      vocabulary,
    );
    expect(always.findings.filter((f) => drafting.includes(f.kind))).toHaveLength(5);
    const never = await checkFixture("drafted", { draftingConventions: "never" }, vocabulary);
    expect(never.findings.filter((f) => drafting.includes(f.kind))).toEqual([]);
  });
});

describe("the hierarchy", () => {
  it("attributes each finding to its sheet and judges each sheet on its own paper", async () => {
    const report = await checkFixture("hier-root");
    expect(report.sheets).toBe(2);
    const sub = report.findings.filter((f) => f.sheet === "/Amplifier/");
    expect(sub.map((f) => [f.kind, f.refs])).toEqual([
      ["off-grid", ["R10"]],
      ["empty-title-block", ["revision"]],
      ["low-utilization", ["/Amplifier/"]],
    ]);
    expect(sub[1]!.detail).toContain("hier-sub.kicad_sch");
    expect(sub[2]!.detail).toContain("usable A5 frame");
    expect(report.findings.filter((f) => f.sheet === "/").map((f) => f.kind)).toEqual([
      "low-utilization",
    ]);
  });
});
