import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPrompt } from "../../../../engine/agent/prompts/load-prompt.js";
import { runCli } from "../../../../engine/cli/run-cli.js";
import { git } from "../../../../engine/repo/git.js";
import { gitRepo, loadExampleScript, ROOT, runScripted, toolResults } from "./git-repo.js";

const OVERLAP = join(ROOT, "test/fixtures/legibility/symbol-overlap.kicad_sch");
const USB_C = join(ROOT, "examples/intents/usb-c-breakout.intent.json");

/** The overlap fixture as if copperhead had written it (its stamp), or as KiCad re-saved it. */
async function overlapSheet(generator: "copperhead" | "eeschema"): Promise<string> {
  const text = await readFile(OVERLAP, "utf8");
  return text.replace('(generator "eeschema")', `(generator "${generator}")`);
}

describe("seed 000 through the real loop: a create-origin repo drafting from its IR", () => {
  let made: Awaited<ReturnType<typeof gitRepo>>;
  let run: Awaited<ReturnType<typeof runScripted>>;
  let results: Awaited<ReturnType<typeof toolResults>>;
  let base: string;

  beforeAll(async () => {
    made = await gitRepo({
      ".copperhead/config.json": JSON.stringify({
        origin: "create",
        paths: { schematic: "hardware/schematic.kicad_sch" },
      }),
      "hardware/schematic.intent.json": await readFile(USB_C, "utf8"),
    });
    base = (await git(made.repo, ["rev-parse", "HEAD"])).trim();
    // Every turn's `expect` is checked by the scripted provider: a divergence throws here.
    run = await runScripted(
      made.repo,
      await loadExampleScript("draft-usb-c.json"),
      "draft the USB-C breakout schematic",
    );
    results = await toolResults(run.result.run.transcript);
  }, 240_000);
  afterAll(() => made.done());

  const resultOf = (name: string, nth = 0) => results.filter((r) => r.name === name)[nth];

  it("drafting absent before the proposal validates", () => {
    // What the model was shown, turn by turn (asserted here, not only in the script's expects).
    const views = run.provider.views;
    expect(views.map((v) => v.turn)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const before = views.slice(0, 3);
    for (const view of before) {
      expect(view.catalog, `turn ${view.turn}`).not.toContain("draft_schematic");
      expect(view.catalog, `turn ${view.turn}`).not.toContain("edit_file");
      expect(view.catalog, `turn ${view.turn}`).toContain("read_file");
    }
    // Not present-but-refusing: absent, while the read-only tools and finish are there.
    expect(views[0]?.catalog).toEqual(expect.arrayContaining(["check_legibility", "finish"]));
    expect(resultOf("validate_change")?.ok).toBe(true);
    expect(views[3]?.lastToolResult).toContain("validated");
    expect(views[3]?.catalog).toEqual(expect.arrayContaining(["draft_schematic", "edit_file"]));
  });

  it("successful draft: the sheet is regenerated from the IR and the result reports what was placed", () => {
    const draft = resultOf("draft_schematic");
    expect(draft?.ok).toBe(true);
    expect(draft?.detail).toContain('group "USB-C input"');
    expect(draft?.detail).toMatch(/wire segment\(s\)/);
  });

  it("AC-16.23 hand edit is redirected to the IR", () => {
    // That no file changes is proven with a real change in edit-guards.test.ts (the script's
    // edit replaces a token by itself, so bytes could not tell here).
    const edit = resultOf("edit_file");
    expect(edit?.errorKind).toBe("refused");
    expect(edit?.detail).toContain("draft_schematic");
    expect(edit?.detail).toContain("hardware/schematic.intent.json");
  });

  it("finish refuses while verification obligations are open", () => {
    expect(run.provider.views[5]?.openObligations).toEqual(
      expect.arrayContaining(["erc", "drift"]),
    );
    expect(run.provider.views[6]?.lastToolResult).toContain("cannot finish yet");
    const first = resultOf("finish");
    expect(first?.ok).toBe(false);
    expect(first?.detail).toContain("cannot finish yet");
    expect(first?.detail).toContain("[erc]");
    expect(first?.detail).toContain("[drift]");
  });

  it("draft re-opens: a re-draft after clean checks re-opens ERC and drift; legibility is re-judged on the new file", () => {
    const open = (turn: number) => run.provider.views[turn - 1]?.openObligations ?? ["(no view)"];
    // After the first draft: its checks are open, legibility judged clean by the draft itself.
    expect(open(5)).toEqual(expect.arrayContaining(["erc", "drift"]));
    expect(open(5)).not.toContain("legibility");
    // The checks ran clean (turn 7): nothing blocking is open before the re-draft.
    expect(open(8).filter((k) => k !== "changelog")).toEqual([]);
    // The re-draft (turn 8) re-opens ERC and drift; legibility was re-judged on the new file.
    expect(open(9)).toEqual(expect.arrayContaining(["erc", "drift"]));
    expect(open(9)).not.toContain("legibility");
    // Clean checks on the new file close them again before the accepted finish.
    expect(open(10).filter((k) => k !== "changelog")).toEqual([]);
    const second = resultOf("draft_schematic", 1);
    expect(second?.ok).toBe(true);
    expect(second?.summary).toMatch(/legibility 0 error/);
    expect(resultOf("check_legibility", 1)?.detail).toMatch(/no findings|0 error/i);
  });

  it("a verified run commits once, with an honest message and trailers", async () => {
    const { result } = run;
    expect(result.verdict).toBe("committed");
    expect(result.run.exit).toBe("done");
    expect(result.unmet).toEqual([]);
    const parent = (await git(made.repo, ["rev-parse", `${result.commit}^`])).trim();
    expect(parent).toBe(base);
    const message = await git(made.repo, ["log", "-1", "--format=%B"]);
    expect(message).toMatch(/^copperhead\(do\): Drafted the USB-C breakout schematic/);
    expect(message).toContain("Request: draft the USB-C breakout schematic");
    const trailers = await git(made.repo, ["log", "-1", "--format=%(trailers:only,unfold)"]);
    expect(trailers).toContain("Copperhead-Stage: do");
    expect(trailers).toContain("Copperhead-Attempt: 1");
    expect(trailers).toMatch(/Copperhead-Request-SHA256: [0-9a-f]{64}/);
    expect(trailers).toMatch(/Copperhead-Verified: .*erc/);
    const files = (await git(made.repo, ["show", "--name-only", "--format=", "HEAD"])).trim();
    expect(files.split("\n")).toEqual(
      expect.arrayContaining(["hardware/schematic.kicad_sch", "docs/CHANGELOG.md"]),
    );
    expect(files).not.toContain(".copperhead/runs");
    expect(await git(made.repo, ["status", "--porcelain", "--untracked-files=no"])).toBe("");
  });

  it("prints live progress: one line per tool call, the spec phase, and turn lines", () => {
    expect(run.lines).toContain(`▸ edit_file  ${resultOf("edit_file")?.summary}`);
    expect(
      run.lines.some((l) => l.startsWith("✓ spec: proposal draft-usb-c-breakout validated")),
    ).toBe(true);
    expect(run.lines.some((l) => /^turn 10\/40 · /.test(l))).toBe(true);
  });
});

describe("seed 000 through the real loop: the legibility obligation's scope", () => {
  it("AC-16.24 finish refuses while the sheet is illegible (create origin, copperhead stamp)", async () => {
    const made = await gitRepo({
      ".copperhead/config.json": JSON.stringify({
        origin: "create",
        paths: { schematic: "hw/board.kicad_sch" },
      }),
      "hw/board.kicad_sch": await overlapSheet("copperhead"),
    });
    try {
      const { result } = await runScripted(
        made.repo,
        await loadExampleScript("illegible-finish.json"),
      );
      const results = await toolResults(result.run.transcript);
      const finish = results.find((r) => r.name === "finish");
      expect(finish?.detail).toContain("cannot finish yet");
      expect(finish?.detail).toContain("[legibility]");
      expect(finish?.detail).toContain("symbol-overlap");
      expect(result.run.exit).toBe("refused");
      expect(result.verdict).toBe("failed");
      expect(result.unmet.map((o) => o.kind)).toEqual(["legibility"]);
    } finally {
      await made.done();
    }
  }, 120_000);

  for (const [name, origin, generator] of [
    ["hand takeover releases the gate", "create", "eeschema"],
    ["hand-drawn repos are informed, never wedged", "init", "eeschema"],
  ] as const) {
    it(name, async () => {
      const made = await gitRepo({
        ".copperhead/config.json": JSON.stringify({
          origin,
          paths: { schematic: "hw/board.kicad_sch" },
        }),
        "hw/board.kicad_sch": await overlapSheet(generator),
      });
      try {
        const { result } = await runScripted(made.repo, await loadExampleScript("check-only.json"));
        const results = await toolResults(result.run.transcript);
        expect(results[0]?.detail).toContain("symbol-overlap");
        expect(result.run.ledger.obligations).toEqual([]);
        expect(result.run.ledger.advisories.join("\n")).toContain("symbol-overlap");
        expect(result.run.exit).toBe("done");
        expect(result.verdict).toBe("unchanged");
        // …and `copperhead check` shows the same findings as advisory: they do not fail it.
        const out: string[] = [];
        await runCli(["check", "--json"], {
          stdout: { write: (t: string) => out.push(t) > 0 },
          stderr: { write: () => true },
          cwd: made.repo,
          env: process.env,
        });
        const report = JSON.parse(out.join("")) as {
          legibility: { status: string; gated?: boolean; text?: string };
        };
        expect(report.legibility).toMatchObject({ status: "ran", gated: false });
        expect(report.legibility.text).toContain("symbol-overlap");
      } finally {
        await made.done();
      }
    }, 120_000);
  }

  it("no schematic configured: check_legibility says so and the run continues", async () => {
    const made = await gitRepo({ "README.md": "# a repo with no schematic yet\n" });
    try {
      const { result } = await runScripted(made.repo, await loadExampleScript("check-only.json"));
      const results = await toolResults(result.run.transcript);
      expect(results[0]?.detail).toContain("no schematic is configured");
      // The run continued past it: finish was the next call, and was accepted.
      expect(results.map((r) => r.name)).toEqual(["check_legibility", "finish"]);
      expect(results[1]?.ok).toBe(true);
      expect(result.run.exit).toBe("done");
    } finally {
      await made.done();
    }
  }, 60_000);
});

describe("seed 000 through the real loop: clean rerun clears", () => {
  it("clean rerun clears: error findings keep the obligation open with the list; after a redraft a clean check_legibility leaves it closed and finish commits", async () => {
    const made = await gitRepo({
      ".copperhead/config.json": JSON.stringify({
        origin: "create",
        paths: { schematic: "hardware/schematic.kicad_sch" },
      }),
      "hardware/schematic.kicad_sch": await overlapSheet("copperhead"),
      "hardware/schematic.intent.json": await readFile(USB_C, "utf8"),
    });
    try {
      // Each turn's `expect` checks the ledger between calls: legibility open after the first
      // check and after the refused finish, closed once the redrafted sheet is judged clean.
      const { result, provider } = await runScripted(
        made.repo,
        await loadExampleScript("illegible-redraft.json"),
        "fix the overlapping symbols",
      );
      expect(provider.calls).toBe(7);
      const results = await toolResults(result.run.transcript);
      const checks = results.filter((r) => r.name === "check_legibility");
      const finishes = results.filter((r) => r.name === "finish");

      // Before the fix: the checker's errors are the obligation's content, and finish says so.
      expect(checks[0]?.detail).toContain("symbol-overlap");
      expect(checks[0]?.detail).toMatch(/error/);
      expect(finishes[0]?.ok).toBe(false);
      expect(finishes[0]?.detail).toContain("cannot finish yet");
      expect(finishes[0]?.detail).toContain("[legibility]");
      expect(finishes[0]?.detail).toContain("error-severity legibility finding(s) unreconciled");
      expect(finishes[0]?.detail).toContain("symbol-overlap");

      // The fix: a redraft (a stamped sheet takes no hand edit), then the checker runs clean.
      const draft = results.find((r) => r.name === "draft_schematic");
      expect(draft?.ok).toBe(true);
      expect(draft?.summary).toMatch(/legibility 0 error/);
      expect(checks).toHaveLength(2);
      // Clean of errors (the redrafted USB-C breakout has no finding at all).
      expect(checks[1]?.detail).toMatch(/no findings/);
      expect(checks[1]?.detail).not.toMatch(/\[error\]/);

      // finish no longer lists it: the run concludes done and the gate commits.
      expect(finishes).toHaveLength(2);
      expect(finishes[1]?.detail ?? "").not.toContain("cannot finish yet");
      expect(result.run.exit).toBe("done");
      expect(result.run.ledger.obligations.map((o) => o.kind)).not.toContain("legibility");
      expect(result.unmet).toEqual([]);
      expect(result.verdict).toBe("committed");
      const files = (await git(made.repo, ["show", "--name-only", "--format=", "HEAD"])).trim();
      expect(files.split("\n")).toContain("hardware/schematic.kicad_sch");
      const committed = await git(made.repo, ["show", "HEAD:hardware/schematic.kicad_sch"]);
      expect(committed).not.toBe(await overlapSheet("copperhead"));
    } finally {
      await made.done();
    }
  }, 180_000);
});

describe("the do prompt", () => {
  it("prompt names the checker before finish: check_legibility with run_erc and check_drift, reconciling error-severity findings", async () => {
    const prompt = await loadPrompt("do");
    const verify = prompt.slice(prompt.indexOf("Verify before finish"), prompt.indexOf("Finish."));
    expect(verify).toContain("run_erc");
    expect(verify).toContain("check_drift");
    expect(verify).toContain("check_legibility");
    expect(verify).toMatch(/reconcile every error-severity finding/);
    expect(prompt.indexOf("check_legibility")).toBeLessThan(
      prompt.indexOf("`finish` with outcome `done`"),
    );
  });
});
