import { describe, expect, it } from "vitest";
import type { StageReport } from "../../../engine/pipeline/report.js";
import { renderJobSummary, SUMMARY_FINDINGS } from "../../../engine/workflow/job-summary.js";
import { makeOutcome } from "../../app/fixtures/outcomes.js";

function report(result: StageReport["result"], more: Partial<StageReport> = {}): StageReport {
  return {
    schema: 1,
    stage: "schematic",
    result,
    attempt: 2,
    exitCode: result === "passed" || result === "skipped" ? 0 : 1,
    message: `schematic attempt 2 ${result}`,
    kept: false,
    recovered: [],
    ...more,
  };
}

const violation = (i: number, description = `pin ${i} not connected`) => ({
  type: "pin_not_connected",
  severity: "error" as const,
  description,
  items: [],
  source: "kicad-cli" as const,
});

const DOWNSTREAM = ["layout", "outputs", "firmware", "devplan"];

describe("the job summary of a stage job", () => {
  it("a failure: verdict, evidence, the first findings with the rest counted, the WIP ref, the next step and the skipped dependants", () => {
    for (const count of [0, 1, SUMMARY_FINDINGS, SUMMARY_FINDINGS + 1, 57]) {
      const outcome = makeOutcome("schematic", 2, {
        verdict: "fail",
        findings: {
          erc: Array.from({ length: count }, (_, i) => violation(i)),
          drc: [],
          legibility: [],
        },
      });
      const text = renderJobSummary({
        stage: "schematic",
        report: report("failed", {
          wip: { ref: "refs/copperhead/wip/schematic/2", commit: "a".repeat(40) },
          next: "copperhead stage schematic",
        }),
        outcome,
        downstream: DOWNSTREAM,
      });
      expect(text.startsWith("## copperhead / schematic: failed\n")).toBe(true);
      expect(text).toContain("| `schematic-gate` | **failed** | checked |");
      const listed = text.split("\n").filter((l) => l.startsWith("- ERC error"));
      expect(listed).toHaveLength(Math.min(count, SUMMARY_FINDINGS));
      if (count > SUMMARY_FINDINGS) {
        expect(text).toContain(`- … and ${count - SUMMARY_FINDINGS} more in \`outcome.json\``);
      } else {
        expect(text).not.toContain("more in `outcome.json`");
      }
      if (count > 0) expect(text).toContain(`### Findings (${count})`);
      expect(text).toContain("The attempt's work is on `refs/copperhead/wip/schematic/2`");
      expect(text).toContain(
        "Skipped in this run because they need `schematic`: `layout`, `outputs`, `firmware`, `devplan`.",
      );
      expect(text).toContain("Next: `copperhead stage schematic` in a clone");
      expect(text).toContain("12 turns · 40000 tokens in / 6000 out · 0 cache hits · 3 min");
    }
  });

  it("a pass or a skip names no dependants and no next step; renders show from the branch's raw URL", () => {
    for (const result of ["passed", "skipped"] as const) {
      const text = renderJobSummary({
        stage: "schematic",
        report: report(result, { commit: "b".repeat(40), next: "copperhead stage layout" }),
        outcome: makeOutcome("schematic", 2, {
          renders: [".copperhead/runs/schematic/2/renders/schematic.png", "hardware/board.svg"],
        }),
        rawBase: "https://github.com/o/r/raw/copperhead/issue-3/",
        downstream: DOWNSTREAM,
      });
      expect(text).not.toContain("Skipped in this run");
      expect(text).not.toContain("Next:");
      expect(text).toContain(`commit \`${"b".repeat(12)}\``);
      expect(text).toContain(
        "![.copperhead/runs/schematic/2/renders/schematic.png](https://github.com/o/r/raw/copperhead/issue-3/.copperhead/runs/schematic/2/renders/schematic.png)",
      );
      expect(text).toContain("- `hardware/board.svg`");
    }
  });

  it("text from the design cannot break the table or add markup", () => {
    const hostile = [
      "a | b",
      "line\nbreak",
      "<img src=x onerror=alert(1)>",
      "@everyone [x](javascript:alert(1))",
      "`tick`",
    ];
    for (const bad of hostile) {
      const outcome = makeOutcome("schematic", 2, {
        verdict: "fail",
        evidence: [{ check: "erc-clean", ok: false, detail: bad }],
        findings: { erc: [violation(0, bad)], drc: [], legibility: [] },
      });
      const text = renderJobSummary({ stage: "schematic", report: report("failed"), outcome });
      const row = text.split("\n").find((l) => l.startsWith("| `erc-clean` |"))!;
      // Three cells, whatever the detail holds: no raw pipe or newline got through.
      expect(row.replace(/\\\|/g, "").split("|")).toHaveLength(5);
      expect(text).not.toContain("<img");
      expect(text).not.toMatch(/(^|[^`\\])@everyone/);
    }
  });

  it("a stage left out of the settings says so and what it means downstream", () => {
    const text = renderJobSummary({
      stage: "layout",
      report: { result: "disabled", message: "layout is not in stages: of .github/copperhead.yml" },
    });
    expect(text).toBe(
      "## copperhead / layout: not enabled in .github/copperhead.yml\n\nlayout is not in stages: of .github/copperhead.yml\n\nStages that need it are refused until it is enabled.\n",
    );
  });
});
