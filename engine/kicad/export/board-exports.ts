import type { ArtifactKind } from "./artifact-kind.js";

/** Copper, mask, silkscreen and paste of both sides plus the outline: what a fab asks for. */
export const FAB_LAYERS = [
  "F.Cu",
  "B.Cu",
  "F.Mask",
  "B.Mask",
  "F.SilkS",
  "B.SilkS",
  "F.Paste",
  "B.Paste",
  "Edge.Cuts",
] as const;

/** Copper, silkscreen and outline of both sides: what a reviewer needs to judge a layout. */
const REVIEW_LAYERS = "F.Cu,B.Cu,F.SilkS,B.SilkS,Edge.Cuts";

/** One kicad-cli board export: its arguments and the folder (inside outputs/) it fills. */
export interface BoardExport {
  folder: "" | "gerbers" | "renders";
  /** `out` is an empty folder kicad-cli writes into; `board` the (filled) board. */
  args: (out: string, board: string, stem: string) => string[];
  /** The kind of each file it writes, by name. */
  kind: (name: string) => ArtifactKind;
}

const gerberKind = (name: string): ArtifactKind =>
  name.endsWith(".gbrjob")
    ? "gerber-job"
    : /-drl_map\.gbr$/.test(name)
      ? "drill-map"
      : name.endsWith(".drl")
        ? "drill"
        : "gerber";

/**
 * The board exports, as kicad-cli 9 runs them (flags measured in reference/kicad-facts.md §3):
 * gerbers with X2 attributes and a job file, Excellon drill split into plated and non-plated
 * with Gerber drill maps, the outline as one DXF, a STEP model, the position file in mm, an
 * SVG of the review layers cropped to the board, and a 3-D render from the top.
 */
export const BOARD_EXPORTS: readonly BoardExport[] = [
  {
    folder: "gerbers",
    args: (out, board) => [
      "pcb",
      "export",
      "gerbers",
      "-l",
      FAB_LAYERS.join(","),
      "-o",
      `${out}/`,
      board,
    ],
    kind: gerberKind,
  },
  {
    folder: "gerbers",
    args: (out, board) => [
      ...["pcb", "export", "drill", "--excellon-separate-th", "--generate-map"],
      ...["--map-format", "gerberx2", "-o", `${out}/`, board],
    ],
    kind: gerberKind,
  },
  {
    folder: "",
    args: (out, board, stem) => [
      ...["pcb", "export", "dxf", "--mode-single", "-l", "Edge.Cuts"],
      ...["-o", `${out}/${stem}-outline.dxf`, board],
    ],
    kind: () => "outline-dxf",
  },
  {
    folder: "",
    args: (out, board, stem) => ["pcb", "export", "step", "-f", "-o", `${out}/${stem}.step`, board],
    kind: () => "step",
  },
  {
    folder: "",
    args: (out, board, stem) => [
      ...["pcb", "export", "pos", "--format", "csv", "--units", "mm"],
      ...["-o", `${out}/${stem}-pos.csv`, board],
    ],
    kind: () => "position",
  },
  {
    folder: "renders",
    args: (out, board, stem) => [
      ...["pcb", "export", "svg", "--mode-single", "-l", REVIEW_LAYERS],
      ...[
        "--page-size-mode",
        "2",
        "--exclude-drawing-sheet",
        "-o",
        `${out}/${stem}-board.svg`,
        board,
      ],
    ],
    kind: () => "board-svg",
  },
  {
    folder: "renders",
    args: (out, board, stem) => [
      "pcb",
      "render",
      "--side",
      "top",
      "-o",
      `${out}/${stem}-board-3d.png`,
      board,
    ],
    kind: () => "board-png",
  },
];
