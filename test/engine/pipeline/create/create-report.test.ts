import { describe, expect, it } from "vitest";
import {
  buildCreateReport,
  createReportSchema,
  renderReportMarkdown,
} from "../../../../engine/pipeline/create/create-report.js";
import {
  buildRow,
  carryAttempt,
  carryDiagnosis,
  NO_CARRY,
  type StageRow,
} from "../../../../engine/pipeline/stage-row.js";

const row = (
  stage: string,
  over: {
    wallMs: number;
    tokensIn: number;
    tokensOut: number;
    turns: number;
    cacheHits?: number;
    adopted?: boolean;
  },
): StageRow =>
  buildRow({
    stage,
    carry: carryAttempt(NO_CARRY, 1, { cacheHits: 0, ...over }),
    verdict: "pass",
    ...(over.adopted ? { adopted: true } : {}),
    renders: stage === "schematic" ? [`.copperhead/runs/${stage}/1/renders/schematic.png`] : [],
    finishedAt: 0,
  });

const order = ["spec", "architecture", "parts", "schematic"];

describe("buildCreateReport", () => {
  it("a line per stage in flow order with its status; totals; the slowest and the dearest stage; skipped and pending stages cost nothing", () => {
    const diagnosed = carryDiagnosis(
      carryAttempt(NO_CARRY, 1, {
        wallMs: 5000,
        turns: 7,
        tokensIn: 3000,
        tokensOut: 400,
        cacheHits: 1,
      }),
      {
        afterAttempt: 1,
        verdict: "retry",
        reason: "no pinout",
        guidance: "write it",
        tokensIn: 500,
        tokensOut: 60,
        wallMs: 800,
        cached: false,
      },
    );
    const schematic = buildRow({
      stage: "schematic",
      carry: carryAttempt(diagnosed, 2, {
        wallMs: 4000,
        turns: 6,
        tokensIn: 2000,
        tokensOut: 300,
        cacheHits: 0,
      }),
      verdict: "pass",
      renders: [".copperhead/runs/schematic/2/renders/schematic.png"],
      finishedAt: 0,
    });
    const report = buildCreateReport({
      order: [...order, "layout"],
      rows: new Map([
        [
          "architecture",
          row("architecture", {
            wallMs: 12_000,
            tokensIn: 100,
            tokensOut: 50,
            turns: 4,
            adopted: true,
          }),
        ],
        [
          "parts",
          row("parts", { wallMs: 2000, tokensIn: 900, tokensOut: 100, turns: 4, cacheHits: 2 }),
        ],
        ["schematic", schematic],
      ]),
      skipped: new Set(["spec"]),
      result: "done",
      message: "every stage is valid",
      brief: { path: "brief.md", sha256: "a".repeat(64), title: "Breakout" },
      startedAt: 0,
      finishedAt: 30_000,
      resume: null,
      resumesAt: null,
    });
    expect(createReportSchema.parse(report)).toEqual(report);
    expect(report.stages.map((s) => [s.index, s.stage, s.status, s.attempts])).toEqual([
      [1, "spec", "skipped", 0],
      [2, "architecture", "adopted", 1],
      [3, "parts", "ran", 1],
      [4, "schematic", "ran", 2],
      [5, "layout", "pending", 0],
    ]);
    const s = report.stages[3]!;
    expect(s).toMatchObject({
      wallMs: 9800,
      turns: 14,
      tokensIn: 5500,
      tokensOut: 760,
      cacheHits: 1,
    });
    expect(s.cacheHitRate).toBeCloseTo(1 / 14);
    expect(report.totals).toMatchObject({
      turns: 22,
      tokensIn: 6500,
      tokensOut: 910,
      cacheHits: 3,
      diagnosisTokens: 560,
    });
    expect(report.wallMs).toBe(30_000);
    expect(report.slowest).toEqual({ stage: "architecture", wallMs: 12_000 });
    expect(report.mostExpensive).toEqual({ stage: "schematic", tokens: 6260 });
    expect(report.stages[0]!.cacheHitRate).toBeNull();

    const md = renderReportMarkdown(report);
    expect(md.split("\n")[0]).toBe("# copperhead create: Breakout");
    expect(md).toContain("5 stages (1 skipped, 1 adopted, 2 ran, 1 pending) in 30s");
    expect(md).toContain(
      "| 4 | schematic | ran | 2 | 10s | 14 | 5.5k | 760 | 7% | retry after 1 (560 tokens) |",
    );
    expect(md).toContain("| 1 | spec | skipped | 0 | 0s | 0 | 0 | 0 | — | — |");
    expect(md).toContain("| | **total** | | 4 | 24s | 22 | 6.5k | 910 | 14% | 560 tokens |");
    expect(md).toContain(
      "Slowest stage: **architecture** (12s). Most expensive: **schematic** (6.3k tokens).",
    );
    expect(md).toContain("- schematic: .copperhead/runs/schematic/2/renders/schematic.png");
    expect(md).toContain("- schematic, after attempt 1: retry: no pinout");
    expect(md).not.toContain("Resume with");
  });

  it("a run that stopped says how to resume, and where", () => {
    const report = buildCreateReport({
      order,
      rows: new Map(),
      skipped: new Set(),
      result: "failed",
      message: "schematic is out of attempts",
      brief: { path: "brief.md", sha256: "a".repeat(64), title: "B" },
      startedAt: 0,
      finishedAt: 1000,
      resume: "copperhead create --brief brief.md",
      resumesAt: "schematic",
    });
    expect(report.slowest).toBeNull();
    expect(renderReportMarkdown(report)).toContain(
      "Resume with `copperhead create --brief brief.md` (it resumes at schematic).",
    );
  });
});
