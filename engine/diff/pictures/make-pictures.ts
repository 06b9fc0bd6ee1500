import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { BoardLayer } from "../../kicad/board/layers.js";
import { displayPath } from "../../kicad/cli/display-path.js";
import { writeAtomic } from "../../kicad/draft/write-atomic.js";
import type { Rect } from "../../kicad/geometry/rect.js";
import type { DiffPicture } from "../diff-report.js";
import { type CropOptions, cropRegions } from "./crop-regions.js";
import { composeOverlay, diffPages, type PageDiff } from "./overlay.js";
import { rasterize } from "./rasterize.js";
import { type RenderedPages, renderBoardLayers, renderSheets } from "./render-pages.js";
import { parseSvgPage, type SvgPage, type SvgPrimitive } from "./svg-primitives.js";

export interface SheetSide {
  /** Absolute path of the root schematic in a folder kicad-cli can read. */
  file: string;
  /** Sheet instance paths of this side's hierarchy. */
  paths: readonly string[];
}

export interface BoardSide {
  file: string;
  layers: readonly BoardLayer[];
}

export interface PictureRequest {
  /** Folder the PNGs go to (made when missing). */
  outDir: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Only when the schematic changed; a missing side is a design added or removed. */
  sheets?: { before: SheetSide | undefined; after: SheetSide | undefined };
  board?: { before: BoardSide | undefined; after: BoardSide | undefined };
}

/** The layers a reviewer looks at: every copper layer, both silkscreens and the outline. */
export function reviewLayers(layers: readonly BoardLayer[]): BoardLayer[] {
  return layers.filter(
    (l) =>
      l.name.endsWith(".Cu") ||
      l.name === "F.SilkS" ||
      l.name === "B.SilkS" ||
      l.name === "Edge.Cuts",
  );
}

const SHEET_CROPS = { gap: 10, margin: 5, minWidth: 70, minHeight: 45, maxCrops: 6 };
const LAYER_CROPS = { gap: 4, margin: 4, minWidth: 40, minHeight: 28, maxCrops: 6 };
/** Pixels per mm: a whole page fits a PR comment's width; crops are read at a glance. */
const OVERVIEW = { scale: 6, maxPixels: 1600 };
const CROP = { sheet: { scale: 14, maxPixels: 1600 }, layer: { scale: 24, maxPixels: 1600 } };

function slug(text: string): string {
  const inner = text
    .replace(/^\/|\/$/g, "")
    .replaceAll("/", "-")
    .replace(/[^A-Za-z0-9._-]+/g, "_");
  return inner === "" ? "root" : inner;
}

const union = (boxes: Iterable<Rect | undefined>): Rect | undefined => {
  let out: Rect | undefined;
  for (const b of boxes) {
    if (!b) continue;
    out = out
      ? {
          minX: Math.min(out.minX, b.minX),
          minY: Math.min(out.minY, b.minY),
          maxX: Math.max(out.maxX, b.maxX),
          maxY: Math.max(out.maxY, b.maxY),
        }
      : b;
  }
  return out;
};

async function write(
  request: PictureRequest,
  kind: DiffPicture["kind"],
  name: string,
  diff: PageDiff,
  bounds: Rect,
  crops: Omit<CropOptions, "bounds">,
  context: readonly SvgPrimitive[],
): Promise<DiffPicture> {
  const changed = [...diff.removed, ...diff.added].flatMap((p) => (p.box ? [p.box] : []));
  const regions = cropRegions(changed, { ...crops, bounds });
  const svg = composeOverlay(diff, { context });
  const base = `${kind}-${slug(name)}`;
  const overview = join(request.outDir, `${base}.png`);
  await writeAtomic(overview, rasterize(svg, bounds, { ...OVERVIEW, frames: regions }));
  const files: string[] = [];
  for (const [i, region] of regions.entries()) {
    const file = join(request.outDir, `${base}-${i + 1}.png`);
    await writeAtomic(file, rasterize(svg, region, CROP[kind]));
    files.push(displayPath(request.cwd, file));
  }
  return {
    kind,
    name,
    overview: displayPath(request.cwd, overview),
    crops: files,
    removed: diff.removed.length,
    added: diff.added.length,
  };
}

const parse = (
  pages: RenderedPages | undefined,
  name: string,
  label: string,
): SvgPage | undefined => {
  const text = pages?.get(name);
  return text === undefined ? undefined : parseSvgPage(text, `${label} ${name}`);
};

/**
 * Red/green overlays of every schematic page and board layer whose drawing changed: both
 * revisions rendered by kicad-cli, compared primitive by primitive, composed and rasterised,
 * with one overview per page (changed regions framed) and one crop per region. Pages whose
 * drawing is the same on both sides get no picture.
 */
export async function makePictures(request: PictureRequest): Promise<DiffPicture[]> {
  await mkdir(request.outDir, { recursive: true });
  const options = { env: request.env };
  const sheets = (side: SheetSide | undefined) =>
    side ? renderSheets(side.file, side.paths, options) : undefined;
  const layers = (side: BoardSide | undefined) =>
    side ? renderBoardLayers(side.file, reviewLayers(side.layers), options) : undefined;
  const [sheetsA, sheetsB, layersA, layersB] = await Promise.all([
    sheets(request.sheets?.before),
    sheets(request.sheets?.after),
    layers(request.board?.before),
    layers(request.board?.after),
  ]);

  const pictures: DiffPicture[] = [];
  const sheetPaths = [
    ...new Set([...(request.sheets?.before?.paths ?? []), ...(request.sheets?.after?.paths ?? [])]),
  ];
  for (const path of sheetPaths) {
    const before = parse(sheetsA, path, "before");
    const after = parse(sheetsB, path, "after");
    const diff = diffPages(before, after);
    if (diff.removed.length + diff.added.length === 0) continue;
    const [x, y, w, h] = diff.viewBox;
    const page = { minX: x, minY: y, maxX: x + w, maxY: y + h };
    pictures.push(await write(request, "sheet", path, diff, page, SHEET_CROPS, []));
  }

  const layerNames = [...new Set([...(layersA?.keys() ?? []), ...(layersB?.keys() ?? [])])];
  const outline = parse(layersB ?? layersA, "Edge.Cuts", "outline")?.primitives ?? [];
  for (const name of layerNames) {
    const before = parse(layersA, name, "before");
    const after = parse(layersB, name, "after");
    const diff = diffPages(before, after);
    if (diff.removed.length + diff.added.length === 0) continue;
    const content = union(
      [...(before?.primitives ?? []), ...(after?.primitives ?? []), ...outline].map((p) => p.box),
    );
    const [x, y, w, h] = diff.viewBox;
    const page = { minX: x, minY: y, maxX: x + w, maxY: y + h };
    const bounds = content
      ? {
          minX: Math.max(page.minX, content.minX - 3),
          minY: Math.max(page.minY, content.minY - 3),
          maxX: Math.min(page.maxX, content.maxX + 3),
          maxY: Math.min(page.maxY, content.maxY + 3),
        }
      : page;
    const context = name === "Edge.Cuts" ? [] : outline;
    pictures.push(await write(request, "layer", name, diff, bounds, LAYER_CROPS, context));
  }
  return pictures;
}
