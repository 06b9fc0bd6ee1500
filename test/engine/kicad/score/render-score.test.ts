import { describe, expect, it } from "vitest";
import { renderScore } from "../../../../engine/kicad/score/render-score.js";
import type { ScoreReport } from "../../../../engine/kicad/score/report.js";

const base: ScoreReport = {
  composite: 87.5,
  uncapped: 87.5,
  cap: null,
  floor: 60,
  metrics: [
    {
      name: "pin-attachment",
      raw: 0.9,
      score: 0.94737,
      weight: 12,
      contribution: 11.3684,
      detail: "9 of 10 two-pin parts wired to another part",
    },
    {
      name: "wire-crossings",
      raw: 0,
      score: 1,
      weight: 10,
      contribution: 10,
      detail: "0 crossings among 4 wire segments",
    },
    {
      name: "wire-bends",
      raw: 2,
      score: 0.415,
      weight: 6,
      contribution: 2.49,
      detail: "4 corners over 2 parts",
    },
  ],
  legibility: { error: 0, advisory: 0 },
  sheets: 1,
};

describe("renderScore", () => {
  it("prints the score, then one line per metric in aligned columns", () => {
    expect(renderScore(base)).toBe(
      [
        "score: 87.5/100",
        "  pin-attachment  raw 0.9000  score 0.947  weight 12  +11.37  (9 of 10 two-pin parts wired to another part)",
        "  wire-crossings  raw 0.0000  score 1.000  weight 10  +10.00  (0 crossings among 4 wire segments)",
        "  wire-bends      raw 2.0000  score 0.415  weight  6   +2.49  (4 corners over 2 parts)",
        "",
      ].join("\n"),
    );
  });

  it("states the cap and its reason under the score", () => {
    const text = renderScore({
      ...base,
      composite: 59,
      cap: {
        value: 59,
        reason: "2 error-severity legibility findings hold the score at 59 or less",
      },
    });
    expect(text.split("\n").slice(0, 2)).toEqual([
      "score: 59/100",
      "  cap: 59 — 2 error-severity legibility findings hold the score at 59 or less (uncapped: 87.5)",
    ]);
  });
});
