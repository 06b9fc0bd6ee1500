import { type Footprint, readFootprint } from "../footprint/footprint.js";
import { type Graphic, readGraphic } from "../footprint/graphic.js";
import { PcbFormatError } from "../footprint/pcb-format-error.js";
import { child, childNumber, childText, headOf, type SList } from "../sexp/node.js";
import { type BoardLayer, readLayerTable, readStackup, type Stackup } from "./layers.js";
import { type BoardNet, readNets } from "./nets.js";
import { assembleOutline } from "./outline/assemble-outline.js";
import { edgeGraphics } from "./outline/edge-graphics.js";
import type { BoardOutline } from "./outline/outline.js";
import { type Paper, readPaper } from "./paper.js";
import { readTrack, type Track } from "./track.js";
import { readVia, type Via } from "./via.js";
import { readZone, type Zone } from "./zone.js";

/** A typed view of a `.kicad_pcb` tree. Coordinates are board mm, Y down. */
export interface Board {
  /** The file format date stamp, e.g. 20241229 for KiCad 9. */
  readonly version: number | undefined;
  readonly generator: string | undefined;
  readonly generatorVersion: string | undefined;
  /** `(general (thickness …))`, mm. */
  readonly thickness: number | undefined;
  readonly paper: Paper | undefined;
  readonly layers: readonly BoardLayer[];
  readonly stackup: Stackup | undefined;
  /** Without net 0; see readNets for where names come from. */
  readonly nets: readonly BoardNet[];
  readonly footprints: readonly Footprint[];
  readonly tracks: readonly Track[];
  readonly vias: readonly Via[];
  readonly zones: readonly Zone[];
  /** The board's own drawn items (`gr_*`), every layer. */
  readonly graphics: readonly Graphic[];
  /** Edge.Cuts (board and footprint items) assembled into loops, with findings if broken. */
  readonly outline: BoardOutline;
  readonly node: SList;
}

/** Reads a parsed `.kicad_pcb` tree. Throws PcbFormatError for items KiCad 9 would not load. */
export function readBoard(root: SList): Board {
  if (headOf(root) !== "kicad_pcb") {
    throw new PcbFormatError(
      root,
      `expected a board (kicad_pcb …), found (${headOf(root) ?? "?"} …)`,
      "pass a .kicad_pcb file",
    );
  }
  const footprints: Footprint[] = [];
  const graphics: Graphic[] = [];
  const trackNodes: SList[] = [];
  const viaNodes: SList[] = [];
  const zoneNodes: SList[] = [];
  for (const item of root.items) {
    if (item.kind !== "list") continue;
    const head = headOf(item);
    if (head === "footprint" || head === "module") footprints.push(readFootprint(item));
    else if (head === "segment" || head === "arc") trackNodes.push(item);
    else if (head === "via") viaNodes.push(item);
    else if (head === "zone") zoneNodes.push(item);
    else {
      const g = readGraphic(item);
      if (g) graphics.push(g);
    }
  }
  const nets = readNets(root, footprints);
  const names = new Map(nets.map((n) => [n.number, n.name]));
  const general = child(root, "general");
  return {
    version: childNumber(root, "version"),
    generator: childText(root, "generator"),
    generatorVersion: childText(root, "generator_version"),
    thickness: general ? childNumber(general, "thickness") : undefined,
    paper: readPaper(root),
    layers: readLayerTable(root),
    stackup: readStackup(root),
    nets,
    footprints,
    tracks: trackNodes.map((n) => readTrack(n, names)),
    vias: viaNodes.map((n) => readVia(n, names)),
    zones: zoneNodes.map((n) => readZone(n, names)),
    graphics,
    outline: assembleOutline(edgeGraphics(graphics, footprints)),
    node: root,
  };
}
