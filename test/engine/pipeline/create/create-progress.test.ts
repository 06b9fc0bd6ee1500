import { describe, expect, it } from "vitest";
import {
  CreateProgress,
  stageResultLine,
} from "../../../../engine/pipeline/create/create-progress.js";
import { buildRow, carryAttempt, NO_CARRY } from "../../../../engine/pipeline/stage-row.js";

const CLEAR = "\r\x1b[2K";

function sink() {
  const chunks: string[] = [];
  return { out: { write: (t: string) => chunks.push(t) }, text: () => chunks.join(""), chunks };
}

/** What a terminal shows once every carriage return and clear-line has been applied. */
function screen(text: string): string[] {
  const lines: string[] = [""];
  for (const part of text.split(/(\r\x1b\[2K|\n)/)) {
    if (part === CLEAR) lines[lines.length - 1] = "";
    else if (part === "\n") lines.push("");
    else lines[lines.length - 1] += part;
  }
  return lines;
}

function drive(progress: CreateProgress) {
  progress.stage(4, 8, "schematic", 1, " (turn budget 60)");
  progress.observe({
    kind: "turn",
    turn: 1,
    budget: 60,
    tokensIn: 900,
    tokensOut: 120,
    cached: false,
  });
  progress.write("turn 1/60 · 900 in / 120 out");
  progress.observe({ kind: "tool-start", name: "run_erc" });
  progress.write("▸ run_erc  ERC clean");
  progress.observe({ kind: "tool", name: "run_erc", summary: "ERC clean" });
  progress.observe({
    kind: "turn",
    turn: 2,
    budget: 60,
    tokensIn: 4200,
    tokensOut: 800,
    cached: true,
  });
  progress.write("turn 2/60 · 4.2k in / 800 out · cached");
  progress.line("✓ [4/8] schematic  passed attempt 1 · 12s · 5.0k tokens");
  progress.done();
}

describe("CreateProgress", () => {
  it("on a terminal: one status line redrawn in place (stage k/n, attempt, turn, tokens, the tool running), lines that stay above it", () => {
    const s = sink();
    const progress = new CreateProgress(s.out, { tty: true, columns: 120 });
    progress.stage(4, 8, "schematic", 1);
    progress.observe({
      kind: "turn",
      turn: 3,
      budget: 60,
      tokensIn: 9100,
      tokensOut: 1500,
      cached: false,
    });
    progress.observe({ kind: "tool-start", name: "run_erc" });
    expect(progress.status()).toBe(
      "[4/8] schematic · attempt 1 · turn 3/60 · 9.1k in / 1.5k out · ▸ run_erc",
    );
    expect(s.chunks.at(-1)).toBe(`${CLEAR}${progress.status()}`);
    expect(s.text()).not.toContain("\n");

    const t = sink();
    drive(new CreateProgress(t.out, { tty: true }));
    // Turn lines never print on a terminal: they only move the status line.
    expect(t.text()).not.toContain("turn 1/60 · 900 in / 120 out\n");
    expect(screen(t.text())).toEqual([
      "  ▸ run_erc  ERC clean",
      "✓ [4/8] schematic  passed attempt 1 · 12s · 5.0k tokens",
      "",
    ]);
    expect(t.text()).toContain(
      `${CLEAR}[4/8] schematic · attempt 1 · turn 2/60 · 4.2k in / 800 out · cached`,
    );
  });

  it("anywhere else: plain lines, no control codes", () => {
    const s = sink();
    drive(new CreateProgress(s.out, { tty: false }));
    expect(s.text()).not.toMatch(/[\r\x1b]/);
    expect(s.text().split("\n")).toEqual([
      "[4/8] schematic · attempt 1 (turn budget 60)",
      "  turn 1/60 · 900 in / 120 out",
      "  ▸ run_erc  ERC clean",
      "  turn 2/60 · 4.2k in / 800 out · cached",
      "✓ [4/8] schematic  passed attempt 1 · 12s · 5.0k tokens",
      "",
    ]);
  });

  it("the status line never wraps: cut to the terminal's width", () => {
    const progress = new CreateProgress(sink().out, { tty: true, columns: 30 });
    progress.stage(7, 8, "firmware", 12);
    progress.observe({ kind: "tool-start", name: "verify_footprints" });
    expect(progress.status().length).toBeLessThanOrEqual(29);
    expect(progress.status().endsWith("…")).toBe(true);
  });
});

describe("stageResultLine", () => {
  it("says what the stage did, its cost and its commit", () => {
    const row = buildRow({
      stage: "layout",
      carry: carryAttempt({ ...NO_CARRY, attempts: [1] }, 2, {
        wallMs: 83_000,
        turns: 9,
        tokensIn: 10_000,
        tokensOut: 2_300,
        cacheHits: 0,
      }),
      verdict: "pass",
      renders: [],
      finishedAt: 0,
    });
    expect(stageResultLine(5, 8, row, "3f2c9a1deadbeef")).toBe(
      "✓ [5/8] layout  passed attempt 2 · 1m23s · 12.3k tokens · committed 3f2c9a1",
    );
    expect(stageResultLine(5, 8, { ...row, verdict: "fail", status: "failed" })).toBe(
      "✗ [5/8] layout  failed attempt 2 · 1m23s · 12.3k tokens",
    );
  });
});
