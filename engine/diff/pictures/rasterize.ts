import { Resvg } from "@resvg/resvg-js";
import type { Rect } from "../../kicad/geometry/rect.js";
import { FRAMES, frames, HEIGHT, VIEW_BOX, WIDTH } from "./overlay.js";

export interface RasterOptions {
  /** Pixels per SVG unit (per mm for kicad-cli output). */
  scale: number;
  /** Neither side of the picture exceeds this many pixels; the scale shrinks to fit. */
  maxPixels: number;
  /** Rectangles to outline (the crops, on an overview). */
  frames?: readonly Rect[];
}

/**
 * One PNG of the part `view` of a composed overlay (see composeOverlay), rendered by resvg
 * in-process: deterministic bytes for the same input, no system fonts (KiCad strokes its text).
 */
export function rasterize(svg: string, view: Rect, options: RasterOptions): Buffer {
  const width = view.maxX - view.minX;
  const height = view.maxY - view.minY;
  const scale = Math.min(options.scale, options.maxPixels / Math.max(width, height, 1e-6));
  const px = (v: number) => Math.max(1, Math.round(v * scale));
  const stroke = Math.max(width, height) / 400;
  const text = svg
    .replace(VIEW_BOX, `${view.minX} ${view.minY} ${width} ${height}`)
    .replace(WIDTH, String(px(width)))
    .replace(HEIGHT, String(px(height)))
    .replace(FRAMES, options.frames ? frames(options.frames, stroke) : "");
  const resvg = new Resvg(text, {
    font: { loadSystemFonts: false },
    fitTo: { mode: "width", value: px(width) },
    background: "#ffffff",
    logLevel: "off",
  });
  return resvg.render().asPng();
}
