import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { uuidV5 } from "../../engine/kicad/draft/uuid-v5.js";
import { ENGINE_GENERATOR } from "../../engine/kicad/schematic/engine-stamp.js";
import { node, pcbNum, uuidNode } from "../../engine/kicad/sexp/build.js";
import { atom, headOf, list, type SList, type SNode, str } from "../../engine/kicad/sexp/node.js";
import { parseSexp } from "../../engine/kicad/sexp/parse.js";
import { writeSexp } from "../../engine/kicad/sexp/write.js";
import type { BoardShape } from "./board-constraints.js";

/** KiCad 9's two-layer layer table (ids and user names as pcbnew writes them). */
const LAYERS: ReadonlyArray<readonly [number, string, string, string?]> = [
  [0, "F.Cu", "signal"],
  [2, "B.Cu", "signal"],
  [9, "F.Adhes", "user", "F.Adhesive"],
  [11, "B.Adhes", "user", "B.Adhesive"],
  [13, "F.Paste", "user"],
  [15, "B.Paste", "user"],
  [5, "F.SilkS", "user", "F.Silkscreen"],
  [7, "B.SilkS", "user", "B.Silkscreen"],
  [1, "F.Mask", "user"],
  [3, "B.Mask", "user"],
  [17, "Dwgs.User", "user", "User.Drawings"],
  [19, "Cmts.User", "user", "User.Comments"],
  [21, "Eco1.User", "user", "User.Eco1"],
  [23, "Eco2.User", "user", "User.Eco2"],
  [25, "Edge.Cuts", "user"],
  [27, "Margin", "user"],
  [31, "F.CrtYd", "user", "F.Courtyard"],
  [29, "B.CrtYd", "user", "B.Courtyard"],
  [35, "F.Fab", "user"],
  [33, "B.Fab", "user"],
];

/** Where the board's top-left corner sits on the page (KiCad's habit: inside an A4 frame). */
export const BOARD_ORIGIN = { x: 100, y: 100 } as const;

const HOLE_DRILL: Record<string, string> = {
  M2: "2.2",
  "M2.5": "2.7",
  M3: "3.2",
  M4: "4.3",
  M5: "5.3",
  M6: "6.4",
  M8: "8.4",
};

/** Corners in the order holes are given: two holes sit diagonally, four in every corner. */
const CORNERS = [
  [0, 0],
  [1, 1],
  [1, 0],
  [0, 1],
] as const;

/** A library mounting hole as a board footprint: placed, referenced Hn, kept out of parity. */
function holeFootprint(
  library: SList,
  libId: string,
  ref: string,
  x: number,
  y: number,
  ns: string,
): SList {
  const items: SNode[] = [atom("footprint"), str(libId)];
  for (const item of library.items.slice(2)) {
    const head = headOf(item);
    if (head === "version" || head === "generator" || head === "generator_version") continue;
    if (head === "layer") {
      items.push(item, uuidNode(uuidV5(`footprint/${ref}`, ns)), node("at", pcbNum(x), pcbNum(y)));
      continue;
    }
    if (head === "property" && item.kind === "list") {
      const name = item.items[1];
      if (name?.kind === "atom" && name.text === "Reference") {
        items.push(list([atom("property"), str("Reference"), str(ref), ...item.items.slice(3)]));
        continue;
      }
    }
    if (head === "attr" && item.kind === "list") {
      items.push(list([...item.items, atom("board_only")]));
      continue;
    }
    items.push(item);
  }
  return list(items);
}

/**
 * A board with nothing on it but its outline (an Edge.Cuts rectangle of the constrained size)
 * and its mounting holes (KiCad's own MountingHole footprints, inset from the corners), stamped
 * as copperhead's and byte-identical for the same shape. kicad-cli DRC finds it clean.
 */
export async function blankBoardText(
  shape: BoardShape,
  title: string,
  footprintDir = "/usr/share/kicad/footprints",
): Promise<string> {
  const ns = uuidV5(`board/${title}`);
  const { x, y } = BOARD_ORIGIN;
  const holes: SList[] = [];
  if (shape.holes) {
    const drill = HOLE_DRILL[shape.holes.metric] ?? "3.2";
    const name = `MountingHole_${drill}mm_${shape.holes.metric}`;
    const file = join(footprintDir, "MountingHole.pretty", `${name}.kicad_mod`);
    const library = parseSexp(await readFile(file, "utf8"), { file });
    // Centre the hole so its courtyard keeps 0.5 mm from both edges.
    const inset = Number(drill) / 2 + 0.25 + 0.5;
    for (let i = 0; i < shape.holes.count; i++) {
      const [cx, cy] = CORNERS[i]!;
      const hx = x + (cx === 0 ? inset : shape.widthMm - inset);
      const hy = y + (cy === 0 ? inset : shape.heightMm - inset);
      holes.push(holeFootprint(library, `MountingHole:${name}`, `H${i + 1}`, hx, hy, ns));
    }
  }
  const tree = node(
    "kicad_pcb",
    node("version", atom("20241229")),
    node("generator", str(ENGINE_GENERATOR)),
    node("generator_version", str("9.0")),
    node("general", node("thickness", atom("1.6")), node("legacy_teardrops", atom("no"))),
    node("paper", str("A4")),
    node("title_block", node("title", str(title))),
    node(
      "layers",
      LAYERS.map(([id, name, kind, user]) =>
        list([atom(String(id)), str(name), atom(kind), ...(user ? [str(user)] : [])]),
      ),
    ),
    node("setup", node("pad_to_mask_clearance", atom("0"))),
    node("net", atom("0"), str("")),
    holes,
    node(
      "gr_rect",
      node("start", pcbNum(x), pcbNum(y)),
      node("end", pcbNum(x + shape.widthMm), pcbNum(y + shape.heightMm)),
      node("stroke", node("width", atom("0.05")), node("type", atom("default"))),
      node("fill", atom("no")),
      node("layer", str("Edge.Cuts")),
      uuidNode(uuidV5("outline", ns)),
    ),
    node("embedded_fonts", atom("no")),
  );
  return writeSexp(tree);
}
