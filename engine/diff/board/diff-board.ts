import type { Board } from "../../kicad/board/board.js";
import type { DiffReport } from "../diff-report.js";
import { sortChanges } from "../sort-changes.js";
import { diffCopper } from "./diff-copper.js";
import { diffFootprints } from "./diff-footprints.js";
import { diffOutline } from "./diff-outline.js";
import { diffPadNets } from "./diff-pad-nets.js";
import { matchFootprints } from "./match-footprints.js";

type BoardSection = DiffReport["board"];

/**
 * The diff of two boards (either may be missing): footprints, pad nets, copper per net and the
 * outline. Pure over the typed board views.
 */
export function diffBoard(before: Board | undefined, after: Board | undefined): BoardSection {
  const match = matchFootprints(before?.footprints ?? [], after?.footprints ?? []);
  const pads = diffPadNets(before, after, match);
  const changes = [
    ...diffFootprints(match),
    ...pads.changes,
    ...diffCopper(before, after, pads.renamed),
    ...diffOutline(before, after),
  ];
  return {
    status: before || after ? "compared" : "absent",
    footprints: {
      before: before?.footprints.length ?? null,
      after: after?.footprints.length ?? null,
    },
    tracks: { before: before?.tracks.length ?? null, after: after?.tracks.length ?? null },
    vias: { before: before?.vias.length ?? null, after: after?.vias.length ?? null },
    changes: sortChanges(changes),
  };
}
