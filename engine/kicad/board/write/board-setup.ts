import { node } from "../../sexp/build.js";
import { atom, type SList, str } from "../../sexp/node.js";

/** KiCad 9's layer table for a two-layer board, as pcbnew writes it (ids, types, user names). */
const LAYERS: readonly (readonly [number, string, string, string?])[] = [
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
  [39, "User.1", "user"],
  [41, "User.2", "user"],
  [43, "User.3", "user"],
  [45, "User.4", "user"],
];

export function layersTree(): SList {
  return node(
    "layers",
    LAYERS.map(([id, name, type, user]) =>
      node(String(id), str(name), atom(type), user === undefined ? undefined : str(user)),
    ),
  );
}

/** pcbnew's default plot settings, so a KiCad re-save does not add them. */
const PLOT_PARAMS: readonly (readonly [string, string])[] = [
  ["layerselection", "0x00000000_00000000_55555555_5755f5ff"],
  ["plot_on_all_layers_selection", "0x00000000_00000000_00000000_00000000"],
  ["disableapertmacros", "no"],
  ["usegerberextensions", "no"],
  ["usegerberattributes", "yes"],
  ["usegerberadvancedattributes", "yes"],
  ["creategerberjobfile", "yes"],
  ["dashed_line_dash_ratio", "12.000000"],
  ["dashed_line_gap_ratio", "3.000000"],
  ["svgprecision", "4"],
  ["plotframeref", "no"],
  ["mode", "1"],
  ["useauxorigin", "no"],
  ["hpglpennumber", "1"],
  ["hpglpenspeed", "20"],
  ["hpglpendiameter", "15.000000"],
  ["pdf_front_fp_property_popups", "yes"],
  ["pdf_back_fp_property_popups", "yes"],
  ["pdf_metadata", "yes"],
  ["pdf_single_document", "no"],
  ["dxfpolygonmode", "yes"],
  ["dxfimperialunits", "yes"],
  ["dxfusepcbnewfont", "yes"],
  ["psnegative", "no"],
  ["psa4output", "no"],
  ["plot_black_and_white", "yes"],
  ["sketchpadsonfab", "no"],
  ["plotpadnumbers", "no"],
  ["hidednponfab", "no"],
  ["sketchdnponfab", "yes"],
  ["crossoutdnponfab", "yes"],
  ["subtractmaskfromsilk", "no"],
  ["outputformat", "1"],
  ["mirror", "no"],
  ["drillshape", "1"],
  ["scaleselection", "1"],
];

export function setupTree(): SList {
  return node(
    "setup",
    node("pad_to_mask_clearance", atom("0")),
    node("allow_soldermask_bridges_in_footprints", atom("no")),
    node("tenting", atom("front"), atom("back")),
    node(
      "pcbplotparams",
      PLOT_PARAMS.map(([key, value]) => node(key, atom(value))),
      node("outputdirectory", str("")),
    ),
  );
}
