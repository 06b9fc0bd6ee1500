import { describe, expect, test } from "vitest";
import { referenceLines } from "../../../app/render/locate.js";
import { findingMarkers } from "../../../app/render/markers.js";
import { diffLines, planReview, reviewFindings } from "../../../app/render/review.js";
import { schematicText } from "../fixtures/outcomes.js";
import { halfwayView } from "./fixtures.js";

const sch = schematicText(["R1", "R2"]);
const locator = {
  schematics: ["hardware/board.kicad_sch"],
  board: null,
  lines: referenceLines("hardware/board.kicad_sch", sch, "sch"),
};
const outcome = () => halfwayView().stages[3]!.outcome!;

describe("diffLines", () => {
  test("the right-hand lines of every hunk, deletions skipped", () => {
    const patch =
      "@@ -1,3 +1,4 @@\n a\n-b\n+c\n+d\n e\n@@ -10,2 +11,2 @@\n x\n+y\n\\ No newline at end of file";
    expect([...diffLines(patch)]).toEqual([1, 2, 3, 4, 11, 12]);
  });
});

describe("reviews", () => {
  test("a finding on a line in the diff is a line comment; the obligation is listed by file; markers on each", () => {
    const all = new Map([
      ["hardware/board.kicad_sch", new Set(Array.from({ length: 40 }, (_, i) => i + 1))],
    ]);
    const found = reviewFindings(outcome(), locator, all);
    const review = planReview(outcome(), found, new Set())!;
    expect(review.comments).toHaveLength(1);
    expect(review.comments[0]!.path).toBe("hardware/board.kicad_sch");
    expect(findingMarkers(review.comments[0]!.body)).toHaveLength(1);
    expect(findingMarkers(review.body)).toHaveLength(1);
    expect(review).toMatchSnapshot();
  });

  test("outside the diff (a file too large for GitHub to show) every finding is file-level", () => {
    const found = reviewFindings(
      outcome(),
      locator,
      new Map([["hardware/board.kicad_sch", new Set<number>()]]),
    );
    const review = planReview(outcome(), found, new Set())!;
    expect(review.comments).toEqual([]);
    expect(findingMarkers(review.body)).toHaveLength(2);
  });

  test("findings already posted are not posted again; nothing new means no review at all", () => {
    const found = reviewFindings(outcome(), locator, new Map());
    expect(planReview(outcome(), found, new Set(found.map((f) => f.id)))).toBeNull();
    const again = reviewFindings({ ...outcome(), attempt: 2 }, locator, new Map());
    expect(again.map((f) => f.id)).toEqual(found.map((f) => f.id));
  });
});
