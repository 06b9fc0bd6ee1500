import type { DiffReport } from "../../engine/diff/diff-report.js";
import { renderDiffMarkdown } from "../../engine/diff/render-diff-markdown.js";
import { code, truncate } from "./markdown.js";
import { DIFF_MARKER } from "./markers.js";

/** GitHub refuses a comment body over 65,536 characters; the rest of the body needs room too. */
const SECTION_LIMIT = 60_000;
const MIN_ROWS = 5;

export interface DiffSectionOptions {
  /** Where the whole diff is (the run whose artifact holds it): linked when rows are cut. */
  fullDiffUrl: string;
  /** A picture's file name → its URL on the assets ref; pictures are left out without it. */
  imageUrl?: ((file: string) => string) | undefined;
  headingLevel?: number;
  /** Characters the section may take (default 60,000: a comment of its own). */
  limit?: number;
}

/**
 * Text in a report can come from a fork (part values, net names): the engine's renderer keeps it
 * out of the table's markup, and here it also loses the power to mention people or link issues.
 */
function defused(markdown: string): string {
  return markdown.replace(/@(?=[A-Za-z0-9])/g, "@\u200d").replace(/#(?=[0-9])/g, "#\u200d");
}

/**
 * The diff as a Markdown section that fits a comment: the change tables are cut shorter (with the
 * "…and N more" link) until it does, then the pictures go, then the text is cut.
 */
export function renderDiffSection(report: DiffReport, options: DiffSectionOptions): string {
  const render = (maxRows: number, pictures: boolean) =>
    defused(
      renderDiffMarkdown(report, {
        maxRows,
        fullDiffUrl: options.fullDiffUrl,
        headingLevel: options.headingLevel ?? 3,
        ...(pictures && options.imageUrl ? { imageUrl: options.imageUrl } : {}),
      }),
    );
  const limit = options.limit ?? SECTION_LIMIT;
  for (const pictures of [true, false]) {
    for (let rows = 50; rows >= MIN_ROWS; rows = Math.floor(rows / 2)) {
      const text = render(rows, pictures);
      if (text.length <= limit) return text;
    }
  }
  return truncate(render(MIN_ROWS, false), limit);
}

/**
 * The sticky design-diff comment of a pull request: rendered whole from the newest diff every
 * time (never patched from its own text), so a second push edits it to say only the new diff.
 */
export function renderDiffComment(
  report: DiffReport,
  target: { sha: string; runUrl: string; imageUrl?: ((file: string) => string) | undefined },
): string {
  return [
    DIFF_MARKER,
    renderDiffSection(report, { fullDiffUrl: target.runUrl, imageUrl: target.imageUrl }).trimEnd(),
    "",
    `<sub>copperhead · the design diff of ${code(target.sha.slice(0, 12))}, edited on every push · [run](${target.runUrl})</sub>`,
    "",
  ].join("\n");
}
