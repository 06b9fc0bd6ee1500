import type { DiffReport } from "../../engine/diff/diff-report.js";
import { type StageName, stageNames } from "../../engine/flow/stage-names.js";
import { renderDiffSection } from "./diff-comment.js";
import { code, truncate } from "./markdown.js";

/**
 * The tracker's "Design diff" section: one block per stage, the diff of that stage's newest
 * commit. It sits between these markers; the App writes it when a stage's diff arrives and
 * carries it over when the rest of the tracker is re-rendered.
 */
export const STAGE_DIFFS_START = "<!-- copperhead:stage-diffs v1 -->";
export const STAGE_DIFFS_END = "<!-- /copperhead:stage-diffs -->";
const STAGE_MARK = /^<!-- copperhead:stage-diff ([a-z]+) -->$/;
/** Eight stages and the rest of the tracker fit GitHub's 65,536 characters. */
const STAGE_LIMIT = 5_000;
const COMMENT_LIMIT = 65_000;

const stageMarker = (stage: string) => `<!-- copperhead:stage-diff ${stage} -->`;

/** One stage's block: collapsed, its summary line saying what the commit changed. */
export function renderStageDiff(
  stage: StageName,
  report: DiffReport,
  target: { sha: string; runUrl: string; imageUrl?: ((file: string) => string) | undefined },
): string {
  const n = report.schematic.changes.length + report.board.changes.length;
  const what = report.identical
    ? "no electrical or board change"
    : `${n} change${n === 1 ? "" : "s"}`;
  return [
    stageMarker(stage),
    `<details><summary><b>${stage}</b> · ${code(target.sha.slice(0, 12))}: ${what}</summary>`,
    "",
    renderDiffSection(report, {
      fullDiffUrl: target.runUrl,
      imageUrl: target.imageUrl,
      headingLevel: 5,
      limit: STAGE_LIMIT,
    }).trimEnd(),
    "",
    "</details>",
  ].join("\n");
}

/** The region of a body the App wrote, or null when it has none. */
export function stageDiffsRegion(body: string): string | null {
  const start = body.indexOf(STAGE_DIFFS_START);
  const end = body.indexOf(STAGE_DIFFS_END, start);
  if (start < 0 || end < 0) return null;
  return body.slice(start, end + STAGE_DIFFS_END.length);
}

function blocksOf(region: string | null): Map<string, string> {
  const blocks = new Map<string, string>();
  if (!region) return blocks;
  let stage: string | null = null;
  let lines: string[] = [];
  const flush = () => {
    if (stage) blocks.set(stage, lines.join("\n").trimEnd());
  };
  for (const line of region.split("\n")) {
    const m = STAGE_MARK.exec(line);
    if (m) {
      flush();
      stage = m[1]!;
      lines = [line];
    } else if (line === STAGE_DIFFS_END) break;
    else if (stage) lines.push(line);
  }
  flush();
  return blocks;
}

/** The region with `stage`'s block put in (replacing its older one), stages in flow order. */
export function withStageDiff(region: string | null, stage: StageName, block: string): string {
  const blocks = blocksOf(region);
  blocks.set(stage, block);
  const ordered = stageNames.filter((s) => blocks.has(s)).map((s) => blocks.get(s)!);
  return [
    STAGE_DIFFS_START,
    "#### Design diff per stage",
    "",
    ...ordered.flatMap((b) => [b, ""]),
    STAGE_DIFFS_END,
  ].join("\n");
}

/**
 * A freshly rendered tracker with the stage-diff region of the one it replaces (the App's own
 * comment) put back above its footer line, or the region replaced when `region` is given.
 */
export function placeStageDiffs(tracker: string, region: string | null): string {
  if (!region) return tracker;
  const own = stageDiffsRegion(tracker);
  const footer = tracker.lastIndexOf("\n\n<sub>");
  // A function, so a `$` in the region is never read as a replacement pattern.
  const placed = own
    ? tracker.replace(own, () => region)
    : footer < 0
      ? `${tracker}\n\n${region}`
      : `${tracker.slice(0, footer)}\n\n${region}${tracker.slice(footer)}`;
  return truncate(placed, COMMENT_LIMIT);
}
