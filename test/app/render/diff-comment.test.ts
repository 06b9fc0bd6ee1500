import { describe, expect, it } from "vitest";
import { renderDiffComment, renderDiffSection } from "../../../app/render/diff-comment.js";
import { DIFF_MARKER } from "../../../app/render/markers.js";
import type { SchematicChange } from "../../../engine/diff/diff-report.js";
import { diffResult } from "../fixtures/diff-results.js";

const SHA = "5".repeat(40);
const RUN = "https://github.com/octo-org/octo-repo/actions/runs/321";
const url = (f: string) => `https://github.com/octo-org/octo-repo/raw/${"c".repeat(40)}/${f}`;

const moved = (n: number, name = "/SIGNAL_WITH_A_LONG_NAME"): SchematicChange[] =>
  Array.from({ length: n }, (_, i) => ({
    kind: "pin-moved" as const,
    ref: `U${i + 1}`,
    pin: String(i),
    pinName: "IO".repeat(40),
    before: `${name}_${i}`.repeat(3),
    after: `${name}_${i + 1}`.repeat(3),
  }));

describe("renderDiffComment", () => {
  it("starts with the marker, shows the change table and links the pictures on the assets ref", () => {
    const body = renderDiffComment(diffResult({ sha: SHA, pr: 55 }).report, {
      sha: SHA,
      runUrl: RUN,
      imageUrl: url,
    });
    expect(body.startsWith(`${DIFF_MARKER}\n`)).toBe(true);
    expect(body).toMatchSnapshot();
  });

  it("without pictures (none uploaded) it links none", () => {
    const body = renderDiffComment(diffResult({ sha: SHA, pr: 55 }).report, {
      sha: SHA,
      runUrl: RUN,
    });
    expect(body).not.toContain("![");
    expect(body).toContain("| changed | value | R11 | 22K | 47K |");
  });

  it("the same report renders the same bytes (an unchanged diff is not re-edited)", () => {
    const r = diffResult({ sha: SHA, pr: 55 }).report;
    const once = renderDiffComment(r, { sha: SHA, runUrl: RUN, imageUrl: url });
    expect(renderDiffComment(r, { sha: SHA, runUrl: RUN, imageUrl: url })).toBe(once);
  });

  it("text from the design cannot mention people or link issues", () => {
    const r = diffResult({ sha: SHA, pr: 55 }, [
      { kind: "value-changed", ref: "R1", before: "@octo-org/everyone", after: "see #1" },
    ]).report;
    const body = renderDiffComment(r, { sha: SHA, runUrl: RUN });
    expect(body).not.toMatch(/@octo-org/);
    expect(body).not.toMatch(/#1\b/);
    expect(body).toContain("@\u200docto-org/everyone");
  });
});

describe("renderDiffSection", () => {
  it("a long diff is cut with a link to the run: 50 rows, then fewer until it fits GitHub's limit", () => {
    const short = renderDiffSection(diffResult({ sha: SHA, pr: 55 }, moved(120)).report, {
      fullDiffUrl: RUN,
    });
    expect(short).toContain(`[…and 70 more changes](${RUN})`);
    expect(short.match(/^\| changed \| pin /gm)).toHaveLength(50);

    const huge = diffResult({ sha: SHA, pr: 55 }, moved(3000, `/${"N".repeat(300)}`)).report;
    const text = renderDiffSection(huge, { fullDiffUrl: RUN, imageUrl: url });
    expect(text.length).toBeLessThanOrEqual(60_000);
    const rows = text.match(/^\| changed \| pin /gm)?.length ?? 0;
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(50);
    expect(text).toContain(`[…and ${3000 - rows} more changes](${RUN})`);
    const body = renderDiffComment(huge, { sha: SHA, runUrl: RUN, imageUrl: url });
    expect(body.length).toBeLessThan(65_536);
  });
});
