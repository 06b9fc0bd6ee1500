import { node, pcbNum, uuidNode } from "../../sexp/build.js";
import { atom, type SList, type SNode, str } from "../../sexp/node.js";
import { writeSexp } from "../../sexp/write.js";
import type { BoardModel, BoardTrack, BoardVia, BoardZone, FilledPolygon } from "./board-model.js";
import { layersTree, setupTree } from "./board-setup.js";
import { boardUuid } from "./board-uuid.js";
import { footprintTree, footprintUuid } from "./footprint-tree.js";

/** The generator stamp of every board copperhead writes. */
export const BOARD_GENERATOR = "copperhead";
/** KiCad 9's board format version. */
export const BOARD_VERSION = "20241229";

/** Net 0 is KiCad's "no net"; the others are numbered in name order, so codes are stable. */
export function netCodes(model: BoardModel): Map<string, number> {
  const names = new Set<string>(model.nets);
  for (const fp of model.footprints) for (const pad of fp.pads.values()) names.add(pad.net);
  for (const t of model.tracks) names.add(t.net);
  for (const v of model.vias) names.add(v.net);
  for (const z of model.zones) if (z.net !== undefined) names.add(z.net);
  const sorted = [...names].filter((n) => n !== "").sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return new Map(sorted.map((name, i) => [name, i + 1]));
}

const byUuid = <T extends { uuid: string }>(a: T, b: T) =>
  a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0;

function trackTree(t: BoardTrack, code: number): { uuid: string; tree: SList } {
  const uuid = boardUuid(
    `segment/${t.net}/${t.layer}/${t.start.x},${t.start.y}/${t.end.x},${t.end.y}`,
  );
  return {
    uuid,
    tree: node(
      "segment",
      node("start", pcbNum(t.start.x), pcbNum(t.start.y)),
      node("end", pcbNum(t.end.x), pcbNum(t.end.y)),
      node("width", pcbNum(t.width)),
      node("layer", str(t.layer)),
      node("net", atom(String(code))),
      uuidNode(uuid),
    ),
  };
}

function viaTree(v: BoardVia, code: number): { uuid: string; tree: SList } {
  const uuid = boardUuid(`via/${v.net}/${v.at.x},${v.at.y}`);
  return {
    uuid,
    tree: node(
      "via",
      node("at", pcbNum(v.at.x), pcbNum(v.at.y)),
      node("size", pcbNum(v.size)),
      node("drill", pcbNum(v.drill)),
      node("layers", str("F.Cu"), str("B.Cu")),
      node("net", atom(String(code))),
      uuidNode(uuid),
    ),
  };
}

function pts(points: readonly { x: number; y: number }[]): SList {
  return node(
    "pts",
    points.map((p) => node("xy", pcbNum(p.x), pcbNum(p.y))),
  );
}

/** A zone's uuid, from its name (names are unique on a board copperhead writes). */
export function zoneUuid(zone: Pick<BoardZone, "name">): string {
  return boardUuid(`zone/${zone.name}`);
}

/** One filled area of a zone as KiCad stores it. */
export function filledPolygonTree(fill: FilledPolygon): SList {
  return node("filled_polygon", node("layer", str(fill.layer)), pts(fill.points));
}

function zoneTree(z: BoardZone, code: number): SList {
  const keep = (allowed: boolean) => atom(allowed ? "not_allowed" : "allowed");
  const layer =
    z.layers.length === 1
      ? node("layer", str(z.layers[0] as string))
      : node(
          "layers",
          z.layers.map((l) => str(l)),
        );
  return node(
    "zone",
    node("net", atom(String(code))),
    node("net_name", str(z.net ?? "")),
    layer,
    uuidNode(zoneUuid(z)),
    node("name", str(z.name)),
    node("hatch", atom("edge"), atom("0.5")),
    z.priority > 0 && node("priority", atom(String(z.priority))),
    node("connect_pads", node("clearance", pcbNum(z.clearance))),
    node("min_thickness", pcbNum(z.minThickness)),
    node("filled_areas_thickness", atom("no")),
    z.keepout &&
      node(
        "keepout",
        node("tracks", keep(z.keepout.tracks)),
        node("vias", keep(z.keepout.vias)),
        node("pads", keep(z.keepout.pads)),
        node("copperpour", keep(z.keepout.copperpour)),
        node("footprints", keep(z.keepout.footprints)),
      ),
    z.keepout && node("placement", node("enabled", atom("no")), node("sheetname", str(""))),
    node(
      "fill",
      z.fill !== undefined && z.fill.length > 0 && atom("yes"),
      node("thermal_gap", pcbNum(z.thermalGap)),
      node("thermal_bridge_width", pcbNum(z.thermalBridgeWidth)),
    ),
    node("polygon", pts(z.outline)),
    (z.fill ?? []).map(filledPolygonTree),
  );
}

/**
 * The whole `.kicad_pcb` tree in pcbnew's save order: header, layers, setup, nets, footprints
 * (by uuid), the outline, tracks and vias (by uuid), zones (by name). Deterministic: every uuid
 * derives from content, nothing reads a clock.
 */
export function boardTree(model: BoardModel): SList {
  const codes = netCodes(model);
  const code = (net: string | undefined) =>
    net === undefined || net === "" ? 0 : (codes.get(net) ?? 0);
  const footprints = model.footprints
    .map((fp) => ({ uuid: footprintUuid(fp), tree: footprintTree(fp, code) }))
    .sort(byUuid);
  const { outline } = model;
  const edge = node(
    "gr_rect",
    node("start", pcbNum(outline.minX), pcbNum(outline.minY)),
    node("end", pcbNum(outline.maxX), pcbNum(outline.maxY)),
    node("stroke", node("width", atom("0.05")), node("type", atom("default"))),
    node("fill", atom("no")),
    node("layer", str("Edge.Cuts")),
    uuidNode(boardUuid("outline")),
  );
  const routed = [
    ...model.tracks.map((t) => trackTree(t, code(t.net))),
    ...model.vias.map((v) => viaTree(v, code(v.net))),
  ].sort(byUuid);
  const zones = [...model.zones].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const nets: SNode[] = [node("net", atom("0"), str(""))];
  for (const [name, n] of codes) nets.push(node("net", atom(String(n)), str(name)));
  return node(
    "kicad_pcb",
    node("version", atom(BOARD_VERSION)),
    node("generator", str(BOARD_GENERATOR)),
    node("generator_version", str("9.0")),
    node("general", node("thickness", atom("1.6")), node("legacy_teardrops", atom("no"))),
    node("paper", str(model.paper)),
    node("title_block", node("title", str(model.title))),
    layersTree(),
    setupTree(),
    nets,
    footprints.map((f) => f.tree),
    edge,
    routed.map((r) => r.tree),
    zones.map((z) => zoneTree(z, code(z.net))),
    node("embedded_fonts", atom("no")),
  );
}

/** The board file's text. */
export function boardText(model: BoardModel): string {
  return writeSexp(boardTree(model));
}
