import { oneLine } from "./commit.js";

/** The heading a changelog copperhead creates starts with. */
export const CHANGELOG_HEADING = "# Changelog\n\n";

/** `- [spec #2] Wrote the specification`: one line per run that changed the design. */
export function changelogLine(tag: string, summary: string): string {
  return `- [${tag}] ${oneLine(summary)}\n`;
}

/** `current` with `line` appended (a missing file starts with the heading). Pure. */
export function appendEntry(current: string | undefined, line: string): string {
  const text = current ?? CHANGELOG_HEADING;
  return `${text === "" || text.endsWith("\n") ? text : `${text}\n`}${line}`;
}

/** The root CHANGELOG.md when the project has one, else the one in the docs folder. */
export function changelogPath(rootExists: boolean, docs: string): string {
  return rootExists ? "CHANGELOG.md" : `${docs}/CHANGELOG.md`;
}
