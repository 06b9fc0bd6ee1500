import { describe, expect, test } from "vitest";
import { batches, designChecks, stageCheck } from "../../../app/render/check-runs.js";
import { referenceLines } from "../../../app/render/locate.js";
import { schematicText } from "../fixtures/outcomes.js";
import { halfwayView } from "./fixtures.js";

const sch = schematicText(["R1", "R2"]);
const locator = {
  schematics: ["hardware/board.kicad_sch"],
  board: null,
  lines: referenceLines("hardware/board.kicad_sch", sch, "sch"),
};
const all = { erc: true, legibility: true, drc: true };

describe("stage checks", () => {
  test("every stage is reported with a conclusion a required check can rely on", () => {
    const view = halfwayView();
    const plans = view.stages.map((s) => stageCheck(view, s));
    expect(plans.map((p) => [p.name, p.status, p.conclusion])).toEqual([
      ["copperhead / spec", "completed", "success"],
      ["copperhead / architecture", "completed", "success"],
      ["copperhead / parts", "completed", "success"],
      ["copperhead / schematic", "completed", "failure"],
      ["copperhead / layout", "completed", "action_required"],
      ["copperhead / outputs", "completed", "action_required"],
      ["copperhead / firmware", "completed", "skipped"],
      ["copperhead / devplan", "completed", "action_required"],
    ]);
    expect(plans[3]).toMatchSnapshot();
    for (const p of plans) expect(p.summary.length).toBeGreaterThan(0);
  });
});

describe("ERC, legibility and DRC from outcomes", () => {
  test("DRC is neutral 'no board yet' before layout; legibility errors fail, on the reference's line", () => {
    const plans = designChecks(halfwayView(), locator, all);
    const byName = new Map(plans.map((p) => [p.name, p]));
    expect(byName.get("copperhead / drc")).toMatchObject({
      conclusion: "neutral",
      title: "DRC: no board yet",
    });
    const leg = byName.get("copperhead / legibility")!;
    expect(leg.conclusion).toBe("failure");
    const r1 = sch.split("\n").findIndex((l) => l.includes('"Reference" "R1"')) + 1;
    expect(leg.annotations).toEqual([
      expect.objectContaining({
        path: "hardware/board.kicad_sch",
        start_line: r1,
        annotation_level: "failure",
      }),
    ]);
    expect(leg.summary).not.toContain("@octocat");
    expect(
      designChecks(halfwayView(), locator, { erc: true, legibility: false, drc: false }).map(
        (p) => p.name,
      ),
    ).toEqual(["copperhead / erc"]);
  });

  test("thousands of violations: annotations go 50 per call and the summary stays under 65,535", () => {
    const view = halfwayView();
    const o = view.stages[3]!.outcome!;
    o.findings.erc = Array.from({ length: 3000 }, (_, i) => ({
      type: "pin_not_connected",
      severity: "error" as const,
      description: `Pin not connected ${"x".repeat(100)}`,
      sheet: "/",
      items: [{ description: `Symbol R${(i % 2) + 1} pin ${i}` }],
      source: "kicad-cli" as const,
    }));
    const erc = designChecks(view, locator, all).find((p) => p.name === "copperhead / erc")!;
    expect(erc.conclusion).toBe("failure");
    expect(erc.annotations).toHaveLength(3000);
    expect(erc.summary.length).toBeLessThan(65_535);
    const parts = batches(erc.annotations);
    expect(parts).toHaveLength(60);
    expect(parts.every((b) => b.length <= 50)).toBe(true);
    expect(parts.flat()).toEqual(erc.annotations);
  });
});
