import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import type { BoardLayer } from "../../kicad/board/layers.js";
import { clearDesign } from "../../kicad/cli/cleared-design.js";
import { KicadCliError } from "../../kicad/cli/errors.js";
import { requireRc } from "../../kicad/cli/require-rc.js";
import { findRootSheet } from "../../kicad/cli/root-sheet.js";
import { type KicadRunOptions, withKicadCli } from "../../kicad/cli/run-kicad-cli.js";

/** A rendered page's SVG text by what it shows: a sheet instance path, or a layer name. */
export type RenderedPages = Map<string, string>;

/** kicad-cli's file name for a sheet instance's page: `<root>-<path with "/" as "-">.svg`. */
export function sheetSvgName(stem: string, path: string): string {
  const inner = path.replace(/^\/|\/$/g, "");
  return inner === "" ? `${stem}.svg` : `${stem}-${inner.replaceAll("/", "-")}.svg`;
}

/** kicad-cli's `--mode-multi` file name for a layer: its shown name, dots as underscores. */
export function layerSvgName(stem: string, layer: BoardLayer): string {
  return `${stem}-${(layer.userName ?? layer.name).replaceAll(".", "_")}.svg`;
}

async function readAll(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const name of (await readdir(dir).catch(() => [] as string[])).sort()) {
    if (name.endsWith(".svg")) out.set(name, await readFile(join(dir, name), "utf8"));
  }
  return out;
}

/** Every page of a schematic hierarchy as kicad-cli draws it, by sheet instance path. */
export async function renderSheets(
  rootSchematic: string,
  paths: readonly string[],
  options: KicadRunOptions,
): Promise<RenderedPages> {
  const root = await findRootSheet(rootSchematic);
  const stem = basename(root).replace(/\.kicad_sch$/, "");
  const { cleared } = await clearDesign({ schematic: root }, { env: options.env });
  return withKicadCli(
    cleared,
    (work) => ["sch", "export", "svg", "-o", work.out("svg"), root],
    async (run, work) => {
      requireRc(run, [0], root);
      const files = await readAll(work.out("svg"));
      const pages: RenderedPages = new Map();
      for (const path of paths) {
        const text = files.get(sheetSvgName(stem, path));
        if (text !== undefined) pages.set(path, text);
      }
      if (pages.size === 0) {
        throw new KicadCliError(
          `kicad-cli rendered no page of ${basename(root)} that copperhead recognises`,
          "rerun the command below by hand and report the file names it writes",
          run,
        );
      }
      return pages;
    },
    options,
  );
}

/**
 * The board's layers as kicad-cli plots them, one SVG each, on the full page without the
 * drawing sheet: both revisions share page coordinates, so their drawings line up even when
 * the outline moved (a board-area crop would not).
 */
export async function renderBoardLayers(
  board: string,
  layers: readonly BoardLayer[],
  options: KicadRunOptions,
): Promise<RenderedPages> {
  const stem = basename(board).replace(/\.kicad_pcb$/, "");
  const { cleared } = await clearDesign({ board }, { env: options.env });
  return withKicadCli(
    cleared,
    (work) => [
      "pcb",
      "export",
      "svg",
      "--mode-multi",
      "--layers",
      layers.map((l) => l.name).join(","),
      "--exclude-drawing-sheet",
      "--page-size-mode",
      "0",
      // No drill marks: KiCad would stamp every hole on every layer, outline and silk included.
      "--drill-shape-opt",
      "0",
      "-o",
      `${work.out("svg")}/`,
      board,
    ],
    async (run, work) => {
      requireRc(run, [0], board);
      const files = await readAll(work.out("svg"));
      const pages: RenderedPages = new Map();
      for (const layer of layers) {
        const text = files.get(layerSvgName(stem, layer));
        if (text !== undefined) pages.set(layer.name, text);
      }
      return pages;
    },
    options,
  );
}
