import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { stageNames } from "../../../engine/flow/stage-names.js";
import { runScripted, type ScriptedStage } from "../fake-workflow.js";
import { makeOutcome, schematicText } from "../fixtures/outcomes.js";
import { issueComment, issueLabeled } from "../fixtures/payloads.js";
import { type Harness, startHarness } from "../harness.js";

let h: Harness;

beforeEach(async () => {
  h = await startHarness({ roles: { mona: "triage", hubot: "write", lisa: "read" } });
});

afterEach(async () => {
  await h.stop();
});

const label = (over: Partial<{ sender: string; number: number }> = {}) =>
  issueLabeled(h.target, {
    number: over.number ?? 7,
    title: "LED blinker board",
    body: "A 555 blinker that drives one LED from a 9 V battery.",
    label: "hardware-brief",
    sender: over.sender ?? "mona",
  });

function eightStages(schematicFindings: boolean): ScriptedStage[] {
  return stageNames.map((stage) => {
    if (stage === "schematic")
      return {
        stage,
        files: { "hardware/board.kicad_sch": schematicText(["R1", "R2", "D1"]) },
        outcome: makeOutcome(stage, 1, {
          artifacts: [{ path: "hardware/board.kicad_sch", sha256: "a".repeat(64) }],
          renders: [".copperhead/runs/schematic/1/renders/schematic.png"],
          findings: {
            erc: [
              {
                type: "pin_not_connected",
                severity: "warning",
                description: "Pin not connected",
                sheet: "/",
                items: [{ description: "Symbol R2 [10k] pin 2" }],
                source: "kicad-cli",
              },
            ],
            drc: [],
            legibility: schematicFindings
              ? [
                  {
                    kind: "symbol-overlap",
                    severity: "error",
                    sheet: "/",
                    at: { x: 81.28, y: 76.2 },
                    refs: ["R1", "R2"],
                    detail: "R1 overlaps R2 by 1.3 mm; move R2 2.54 mm right",
                  },
                ]
              : [],
          },
          obligations: schematicFindings
            ? [
                {
                  kind: "legibility",
                  detail: "1 error-severity finding unreconciled",
                  openedBy: "hardware/board.kicad_sch",
                },
              ]
            : [],
        }),
      };
    if (stage === "layout")
      return {
        stage,
        outcome: makeOutcome(stage, 1, {
          renders: [".copperhead/runs/layout/1/renders/board.png"],
        }),
      };
    return { stage, outcome: makeOutcome(stage, 1) };
  });
}

describe("a labelled issue becomes a design", () => {
  test("branch, brief.md, draft PR, tracker and one dispatch; then checks, one review and the tracker from the outcomes", async () => {
    await h.send("issues", label());
    expect(h.errors).toEqual([]);
    const branch = "copperhead/issue-7";
    const head = await h.fake.git.branchSha(branch);
    expect(head).toMatch(/^[0-9a-f]{40}$/);
    const brief = await h.fake.git.blobAt(branch, "brief.md");
    expect(brief?.text).toContain("# LED blinker board");
    expect(brief?.text).toContain("A 555 blinker that drives one LED");

    expect(h.fake.pulls).toHaveLength(1);
    expect(h.fake.pulls[0]).toMatchObject({
      head: branch,
      base: "main",
      draft: true,
      title: "copperhead: LED blinker board",
    });
    expect(h.fake.pulls[0]!.body).toMatch(/^Closes #7\n/);

    const dispatches = h.fake.requests.filter(
      (r) => r.method === "POST" && r.path.endsWith("/dispatches"),
    );
    expect(dispatches).toHaveLength(1);
    expect(dispatches[0]!.path).toBe(
      "/repos/octo-org/octo-repo/actions/workflows/copperhead.yml/dispatches",
    );
    expect(dispatches[0]!.body).toEqual({
      ref: branch,
      inputs: { branch, stage: "", request_id: "d-req1" },
      return_run_details: true,
    });
    const tracker = h.fake.comments.filter((c) => c.issue === 7 && c.login === h.fake.botLogin);
    expect(tracker).toHaveLength(1);
    expect(tracker[0]!.body).toMatch(/^<!-- copperhead:tracker v1 -->/);
    // Every stage check exists on the head from the start: a required check never waits forever.
    const names = h.fake.checkRuns.filter((c) => c.head_sha === head).map((c) => c.name);
    expect(names.sort()).toEqual(
      [
        ...stageNames.map((s) => `copperhead / ${s}`),
        "copperhead / drc",
        "copperhead / erc",
        "copperhead / legibility",
      ].sort(),
    );

    const run = h.fake.runs[0]!;
    const t0 = Date.now();
    const commits = await runScripted(h, run, eightStages(true));
    console.log("run", Date.now() - t0, "ms", h.fake.requests.length, "requests");
    expect(h.errors).toEqual([]);

    const tip = (await h.fake.git.branchSha(branch))!;
    const onTip = new Map(
      h.fake.checkRuns.filter((c) => c.head_sha === tip).map((c) => [c.name, c]),
    );
    expect(onTip.size).toBe(11);
    for (const stage of stageNames)
      expect(onTip.get(`copperhead / ${stage}`)).toMatchObject({
        status: "completed",
        conclusion: "success",
      });
    expect(onTip.get("copperhead / legibility")).toMatchObject({ conclusion: "failure" });
    expect(onTip.get("copperhead / erc")).toMatchObject({ conclusion: "neutral" });
    expect(onTip.get("copperhead / drc")).toMatchObject({ conclusion: "success" });
    // The ERC warning names R2: its annotation sits on R2's Reference line.
    const lines = schematicText(["R1", "R2", "D1"]).split("\n");
    const r2 = lines.findIndex((l) => l.includes('"Reference" "R2"')) + 1;
    expect(onTip.get("copperhead / erc")!.annotations).toEqual([
      expect.objectContaining({
        path: "hardware/board.kicad_sch",
        start_line: r2,
        annotation_level: "warning",
      }),
    ]);

    // One review for the schematic outcome: the legibility finding on R1's line, the obligation file-level.
    expect(h.fake.reviews).toHaveLength(1);
    expect(h.fake.reviews[0]).toMatchObject({
      event: "COMMENT",
      commit_id: commits.get("schematic"),
    });
    expect(h.fake.reviews[0]!.body).toContain("Unmet obligation");
    expect(h.fake.threads).toHaveLength(1);
    const r1 = lines.findIndex((l) => l.includes('"Reference" "R1"')) + 1;
    expect(h.fake.threads[0]).toMatchObject({ path: "hardware/board.kicad_sch", line: r1 });
    expect(h.fake.threads[0]!.body).toMatch(/<!-- copperhead:finding schematic:[0-9a-f]{16} -->/);

    // Still one tracker, edited in place, with the stage table, renders and costs.
    const trackers = h.fake.comments.filter((c) => c.issue === 7 && c.login === h.fake.botLogin);
    expect(trackers).toHaveLength(1);
    const body = trackers[0]!.body;
    expect(body).toContain("**Done**: every stage passed.");
    for (const stage of stageNames)
      expect(body).toMatch(new RegExp(`\\| ${stage} \\| ✅ passed \\| 1 \\|`));
    expect(body).toContain(
      "https://github.com/octo-org/octo-repo/raw/copperhead/issue-7/.copperhead/runs/schematic/1/renders/schematic.png",
    );
    expect(body).toContain("/.copperhead/runs/layout/1/renders/board.png");
    expect(body).toContain(
      "**Total**: 96 turns · 320.0k in / 48.0k out · 20 min 0 s over 8 stage outcome(s).",
    );

    // A second report of the same head posts no second review and no duplicate checks.
    await h.send(
      "issue_comment",
      issueComment(h.target, {
        issue: 7,
        body: "/copperhead status",
        login: "hubot",
        id: h.fake.addComment(7, "hubot", "/copperhead status").id,
      }),
    );
    expect(h.errors).toEqual([]);
    expect(h.fake.reviews).toHaveLength(1);
    expect(h.fake.checkRuns.filter((c) => c.head_sha === tip)).toHaveLength(11);
  });

  test("the same label delivered twice reuses the branch and PR and never dispatches twice", async () => {
    await h.send("issues", label());
    await h.send("issues", label());
    expect(h.errors).toEqual([]);
    expect(h.fake.pulls).toHaveLength(1);
    expect(h.fake.runs).toHaveLength(1);
    expect(h.fake.comments.filter((c) => c.login === h.fake.botLogin)).toHaveLength(1);
    const puts = h.fake.requests.filter((r) => r.method === "PUT");
    expect(puts).toHaveLength(1);
  });
});
