import type { Board } from "../../kicad/board/board.js";
import { isAutoNetName } from "../../kicad/legibility/auto-net-name.js";
import type { BoardChange } from "../diff-report.js";
import { diffNets, type NetLike } from "../schematic/diff-nets.js";
import type { FootprintMatch } from "./match-footprints.js";

/** The board's nets as the pads see them: net name → the `ref`/pad nodes on it. */
function padNets(board: Board | undefined): NetLike[] {
  if (!board) return [];
  const nets = new Map<
    string,
    NetLike & { nodes: { ref: string; pin: string; pinName: string }[] }
  >();
  for (const fp of board.footprints) {
    for (const pad of fp.pads) {
      if (!pad.net || pad.number === "") continue;
      let net = nets.get(pad.net.name);
      if (!net) {
        net = { name: pad.net.name, autoNamed: isAutoNetName(pad.net.name), nodes: [] };
        nets.set(pad.net.name, net);
      }
      net.nodes.push({ ref: fp.reference, pin: pad.number, pinName: pad.pinFunction ?? "" });
    }
  }
  return [...nets.values()];
}

export interface PadNetsDiff {
  changes: BoardChange[];
  /** Board net name before → after, for copper to be compared under one name. */
  renamed: Map<string, string>;
}

/**
 * Pads that changed nets and board nets renamed, with the schematic's net matcher run over
 * the pads: a net whose pads all stay is renamed once, not re-assigned pad by pad.
 */
export function diffPadNets(
  before: Board | undefined,
  after: Board | undefined,
  match: FootprintMatch,
): PadNetsDiff {
  const refMap = new Map<string, string>();
  const swapped = new Set<string>();
  for (const [a, b] of match.pairs) {
    refMap.set(a.reference, b.reference);
    if (a.libId !== b.libId) swapped.add(b.reference);
  }
  const nets = diffNets({
    before: padNets(before),
    after: padNets(after),
    refMap,
    reshaped: swapped,
  });
  const changes: BoardChange[] = [];
  for (const change of nets.changes) {
    if (change.kind === "net-renamed") {
      changes.push({ kind: "board-net-renamed", before: change.before, after: change.after });
    } else if (change.kind === "pin-moved") {
      changes.push({
        kind: "pad-net-changed",
        ref: change.ref,
        pad: change.pin,
        before: change.before,
        after: change.after,
      });
    }
  }
  return { changes, renamed: nets.renamed };
}
