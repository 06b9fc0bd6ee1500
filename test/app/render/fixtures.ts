import type { DesignView } from "../../../app/design-view.js";
import { stageNames } from "../../../engine/flow/stage-names.js";
import { makeOutcome } from "../fixtures/outcomes.js";

/** A design halfway: spec..schematic done (schematic failed with findings), layout running. */
export function halfwayView(): DesignView {
  const outcomes: Record<string, ReturnType<typeof makeOutcome>> = {
    spec: makeOutcome("spec", 1),
    architecture: makeOutcome("architecture", 1),
    parts: makeOutcome("parts", 2, {
      cost: { wallMs: 65_000, turns: 30, tokensIn: 120_000, tokensOut: 9_000, cacheHits: 4 },
    }),
    schematic: makeOutcome("schematic", 1, {
      verdict: "fail",
      renders: [".copperhead/runs/schematic/1/renders/schematic.png"],
      artifacts: [{ path: "hardware/board.kicad_sch", sha256: "c".repeat(64) }],
      obligations: [
        {
          kind: "legibility",
          detail: "1 error finding unreconciled <script>",
          openedBy: "hardware/board.kicad_sch",
        },
      ],
      findings: {
        erc: [],
        drc: [],
        legibility: [
          {
            kind: "symbol-overlap",
            severity: "error",
            sheet: "/",
            at: { x: 81.28, y: 76.2 },
            refs: ["R1", "R2"],
            detail: "R1 overlaps R2 — ping @octocat about #12",
          },
        ],
      },
      resume: "copperhead create --brief brief.md",
    }),
  };
  return {
    repo: {
      owner: "octo-org",
      name: "octo-repo",
      htmlUrl: "https://github.com/octo-org/octo-repo",
    },
    branch: "copperhead/issue-7",
    headSha: "f".repeat(40),
    origin: { kind: "issue", number: 7 },
    briefPath: "brief.md",
    pr: { number: 101, htmlUrl: "https://github.com/octo-org/octo-repo/pull/101" },
    run: {
      id: 99,
      status: "completed",
      conclusion: "failure",
      displayTitle: "copperhead copperhead/issue-7 [d-1]",
      htmlUrl: "https://github.com/octo-org/octo-repo/actions/runs/99",
      headSha: "f".repeat(40),
      event: "workflow_dispatch",
    },
    stages: stageNames.map((stage) => ({
      stage,
      enabled: stage !== "firmware",
      outcome: outcomes[stage] ?? null,
      outcomePath: outcomes[stage]
        ? `.copperhead/runs/${stage}/${outcomes[stage]!.attempt}/outcome.json`
        : null,
      job: outcomes[stage]
        ? {
            name: `copperhead / ${stage}`,
            status: "completed",
            conclusion: outcomes[stage]!.verdict === "pass" ? "success" : "failure",
            htmlUrl: `https://github.com/octo-org/octo-repo/actions/runs/99/job/${stage}`,
          }
        : null,
      unreadable: null,
    })),
    notes: [],
  };
}
