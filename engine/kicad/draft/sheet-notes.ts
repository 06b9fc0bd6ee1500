import { TITLE_BLOCK_COMMENTS as TITLE_COMMENTS } from "./intent.js";
import type { IntentFinding } from "./intent-finding.js";
import type { ResolvedIntent } from "./resolved-intent.js";

/** Longer lines run past the title block's right edge on A4 at the default text size. */
const COMMENT_LENGTH = 90;

/**
 * Where each note goes, or why it cannot go anywhere (then nothing is drafted): a note with a
 * group is drawn in that group's box, so its group must exist; a sheet-wide note goes into the
 * title block's comment lines, one line each. Without this check both kinds vanished from the
 * sheet while the draft report still listed them. The title block's own comment lines
 * (`titleBlock.comments`, e.g. a redrafted sheet's) come first, in their positions.
 */
export function placeNotes(resolved: ResolvedIntent): {
  findings: IntentFinding[];
  titleComments: string[];
} {
  const groups = new Map(resolved.groups.map((g) => [g.toLowerCase(), g]));
  const findings: IntentFinding[] = [];
  const titleComments: string[] = [...(resolved.intent.titleBlock?.comments ?? [])];
  (resolved.intent.notes ?? []).forEach((note, i) => {
    if (note.group !== undefined) {
      if (!groups.has(note.group.toLowerCase())) {
        findings.push({
          kind: "unknown-group",
          path: `notes[${i}].group`,
          detail: `no part is in group "${note.group}", so the note would be drawn nowhere; use one of ${[...groups.values()].map((g) => `"${g}"`).join(", ")}, or leave group out for a note in the title block`,
        });
      }
      return;
    }
    for (const line of note.text.split("\n")) {
      if (line.length > COMMENT_LENGTH) {
        findings.push({
          kind: "does-not-fit",
          path: `notes[${i}].text`,
          detail: `a sheet-wide note goes into the title block, whose lines hold ${COMMENT_LENGTH} characters, and this line has ${line.length}; break it into shorter lines or give the note a group (it is then drawn in that group's box)`,
        });
      }
      titleComments.push(line);
    }
  });
  if (titleComments.length > TITLE_COMMENTS) {
    findings.push({
      kind: "does-not-fit",
      path: "notes",
      detail: `the sheet-wide notes and titleBlock.comments have ${titleComments.length} lines and the title block holds ${TITLE_COMMENTS}; give some notes a group (they are then drawn in that group's box) or shorten them`,
    });
  }
  return { findings, titleComments };
}
