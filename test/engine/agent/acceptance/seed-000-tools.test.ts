import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { git } from "../../../../engine/repo/git.js";
import { gitRepo, loadExampleScript, ROOT, runScripted, toolResults } from "./git-repo.js";

const FIXTURES = join(ROOT, "test/fixtures/legibility");
const USB_C = join(ROOT, "examples/intents/usb-c-breakout.intent.json");

const fixture = (name: string) => readFile(join(FIXTURES, name), "utf8");

/** A repo whose config names `hw/board.kicad_sch`, holding `sheet`, plus any `extra` files. */
function sheetRepo(
  sheet: string,
  origin: "create" | "init",
  extra: Record<string, string> = {},
  path = "hw/board.kicad_sch",
) {
  return gitRepo({
    ".copperhead/config.json": JSON.stringify({ origin, paths: { schematic: path } }),
    [path]: sheet,
    ...extra,
  });
}

/** One scripted run in a fresh repo; the repo is removed afterwards. */
async function runIn(
  made: Awaited<ReturnType<typeof gitRepo>>,
  script: string,
  check: (
    run: Awaited<ReturnType<typeof runScripted>>,
    results: Awaited<ReturnType<typeof toolResults>>,
  ) => Promise<void> | void,
) {
  try {
    const run = await runScripted(made.repo, await loadExampleScript(script));
    await check(run, await toolResults(run.result.run.transcript));
  } finally {
    await made.done();
  }
}

describe("seed 000 through the real loop: check_legibility results", () => {
  it("Clean schematic", async () => {
    await runIn(
      await sheetRepo(await fixture("clean.kicad_sch"), "init"),
      "check-only.json",
      (run, results) => {
        const check = results.find((r) => r.name === "check_legibility");
        expect(check?.ok).toBe(true);
        expect(check?.detail).toMatch(/^legibility: 1 sheet\(s\) checked, no findings$/m);
        expect(check?.detail).not.toMatch(/^\s+1\. /m);
        expect(run.result.run.exit).toBe("done");
      },
    );
  }, 60_000);

  it("Findings are actionable", async () => {
    await runIn(
      await sheetRepo(await fixture("symbol-overlap.kicad_sch"), "init"),
      "check-only.json",
      (_run, results) => {
        const detail = results.find((r) => r.name === "check_legibility")?.detail ?? "";
        const line = detail.split("\n").find((l) => /^\s+\d+\. \[error\] symbol-overlap /.test(l));
        expect(line, detail).toBeDefined();
        expect(line).toMatch(/^\s+1\. /);
        const refs = /refs: (R\d+), (R\d+) —/.exec(line ?? "");
        expect(refs, line).not.toBeNull();
        const [, a, b] = refs ?? [];
        // Both refdes with their own coordinates, then the minimum separation the fix requires.
        const coord = String.raw`\(-?\d+(?:\.\d+)?, -?\d+(?:\.\d+)?\)`;
        expect(line).toMatch(new RegExp(`${a} at ${coord} and ${b} at ${coord}`));
        expect(line).toMatch(/separate them by at least \d+(\.\d+)? mm/);
      },
    );
  }, 60_000);

  it("Non-symbol finding is still actionable", async () => {
    await runIn(
      await sheetRepo(await fixture("empty-title-block.kicad_sch"), "init"),
      "check-only.json",
      (_run, results) => {
        const detail = results.find((r) => r.name === "check_legibility")?.detail ?? "";
        const line = detail.split("\n").find((l) => / empty-title-block /.test(l));
        expect(line, detail).toBeDefined();
        expect(line).toMatch(/^\s+\d+\. \[\w+\] empty-title-block /);
        const refs = /refs: ([^—]+) —/
          .exec(line ?? "")?.[1]
          ?.split(", ")
          .map((r) => r.trim());
        // The fixture's title block carries only a title: the refs are exactly the empty fields.
        expect([...(refs ?? [])].sort()).toEqual(["date", "revision"]);
        for (const ref of refs ?? []) expect(ref).not.toMatch(/^[A-Z]+\d+$/);
        expect(line).toMatch(/fill them in/);
        expect(line).toContain('(rev "…") (date "…")');
      },
    );
  }, 60_000);
});

describe("seed 000 through the real loop: score_schematic", () => {
  it("Score with breakdown", async () => {
    await runIn(
      // A drafted sheet in a repo copperhead did not create: its findings cap the score but
      // do not hold finish, so the run ends after scoring.
      await sheetRepo(await fixture("drafted.kicad_sch"), "init"),
      "check-and-score.json",
      (run, results) => {
        const score = results.find((r) => r.name === "score_schematic");
        expect(score?.ok).toBe(true);
        const lines = (score?.detail ?? "").split("\n");
        const composite = /^score: (\d+(\.\d+)?)\/100$/.exec(lines[0] ?? "");
        expect(composite, score?.detail).not.toBeNull();
        expect(score?.summary).toContain(`score ${composite?.[1]}`);
        const metrics = lines.filter((l) => / raw \d/.test(l));
        expect(metrics.length).toBeGreaterThan(1);
        const contributions = metrics.map((m) => {
          expect(m).toMatch(/ score \d+\.\d{3} /);
          expect(m).toMatch(/ weight \s*\d/);
          return Number(/\+(\d+\.\d{2})/.exec(m)?.[1]);
        });
        // The composite is the contributions added up (each shown to 2 places), or the cap.
        const cap = /^\s+cap: (\d+) — .*\(uncapped: (\d+(?:\.\d+)?)\)$/m.exec(score?.detail ?? "");
        const uncapped = Number(cap ? cap[2] : composite?.[1]);
        const sum = contributions.reduce((a, b) => a + b, 0);
        expect(Math.abs(sum - uncapped)).toBeLessThanOrEqual(0.005 * metrics.length + 0.5);
        if (cap) expect(Number(composite?.[1])).toBeLessThanOrEqual(Number(cap[1]));
        expect(run.result.run.exit).toBe("done");
      },
    );
  }, 60_000);

  it("No schematic configured for scoring", async () => {
    await runIn(
      await gitRepo({ "README.md": "# a repo with no schematic yet\n" }),
      "check-and-score.json",
      (run, results) => {
        const score = results.find((r) => r.name === "score_schematic");
        expect(score?.ok).toBe(true);
        expect(score?.detail).toContain("no schematic is configured");
        // The run went on past the tool: finish was called after it and the run concluded.
        expect(results.map((r) => r.name)).toEqual([
          "check_legibility",
          "score_schematic",
          "finish",
        ]);
        expect(run.result.run.exit).toBe("done");
        expect(run.result.verdict).toBe("unchanged");
      },
    );
  }, 60_000);
});

describe("seed 000 through the real loop: draft_schematic failure and hand-drawn sheets", () => {
  it("Invalid IR fails without side effects", async () => {
    const sheet = await fixture("drafted.kicad_sch");
    // The USB-C intent with one net naming a pin F1 (a two-pin polyfuse) does not have.
    const intent = (await readFile(USB_C, "utf8")).replace('"F1.2"', '"F1.7"');
    expect(intent).toContain('"F1.7"');
    const made = await sheetRepo(
      sheet,
      "create",
      { "hardware/schematic.intent.json": intent },
      "hardware/schematic.kicad_sch",
    );
    await runIn(made, "draft-invalid-intent.json", async (run, results) => {
      const draft = results.find((r) => r.name === "draft_schematic");
      expect(draft?.ok).toBe(false);
      expect(draft?.errorKind).toBe("invalid-arguments");
      expect(draft?.detail).toMatch(/^intent validation: \d+ finding\(s\) to reconcile:$/m);
      expect(draft?.detail).toMatch(/^\s+1\. \[unknown-pin\].*F1/m);
      expect(draft?.detail).toContain("hardware/schematic.kicad_sch is unchanged");
      expect(await readFile(join(made.repo, "hardware/schematic.kicad_sch"), "utf8")).toBe(sheet);
      expect(await readFile(join(made.repo, "hardware/schematic.intent.json"), "utf8")).toBe(
        intent,
      );
      // Nothing else the draft would write (sheet, intent, sub-sheets) exists outside the spec tree.
      const status = (await git(made.repo, ["status", "--porcelain", "--untracked-files=all"]))
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => l.slice(3));
      expect(
        status.filter((p) => !p.startsWith("openspec/") && !p.startsWith(".copperhead/runs")),
      ).toEqual([]);
      expect(run.result.run.ledger.obligations.map((o) => o.kind)).not.toContain("legibility");
      expect(run.result.verdict).not.toBe("committed");
    });
  }, 120_000);

  it("Human-drawn sheets are unaffected", async () => {
    const sheet = await fixture("symbol-overlap.kicad_sch");
    const made = await sheetRepo(sheet, "init");
    await runIn(made, "hand-drawn-edit.json", async (run, results) => {
      const edit = results.find((r) => r.name === "edit_file");
      // The anchored edit path as for any hand-drawn sheet: applied, and KiCad-load-checked.
      expect(edit?.ok, edit?.detail).toBe(true);
      expect(edit?.detail).toContain("replaced 1 occurrence at line 8 of hw/board.kicad_sch");
      expect(edit?.detail).toContain("KiCad loads the edited file");
      const check = results.find((r) => r.name === "check_legibility");
      expect(check?.detail).toMatch(/\[error\] symbol-overlap/);
      // finish is held only by what the edit broke in ERC (the fixture's pins are unwired),
      // never by the sheet's legibility findings: those stay advisory.
      const finishes = results.filter((r) => r.name === "finish");
      expect(finishes[0]?.detail).toContain("cannot finish yet");
      expect(finishes[0]?.detail).toContain("[erc]");
      expect(finishes[0]?.detail).not.toContain("[legibility]");
      expect(run.result.run.ledger.obligations.map((o) => o.kind)).not.toContain("legibility");
      expect(run.result.run.ledger.advisories.join("\n")).toContain("symbol-overlap");
      expect(run.result.unmet.map((o) => o.kind)).toEqual(["erc"]);
    });
  }, 180_000);
});
