import type { Rect } from "../../kicad/geometry/rect.js";
import type { SvgPage, SvgPrimitive } from "./svg-primitives.js";

export interface PageDiff {
  /** Drawn on both sides: context, greyed. */
  common: SvgPrimitive[];
  /** Only before: red. */
  removed: SvgPrimitive[];
  /** Only after: green. */
  added: SvgPrimitive[];
  viewBox: [number, number, number, number];
}

/** Splits two renders of one page into common, removed and added primitives (multisets). */
export function diffPages(before: SvgPage | undefined, after: SvgPage | undefined): PageDiff {
  const left = new Map<string, SvgPrimitive[]>();
  for (const p of before?.primitives ?? []) left.set(p.key, [...(left.get(p.key) ?? []), p]);
  const common: SvgPrimitive[] = [];
  const added: SvgPrimitive[] = [];
  for (const p of after?.primitives ?? []) {
    const same = left.get(p.key);
    if (same && same.length > 0) {
      same.pop();
      common.push(p);
    } else {
      added.push(p);
    }
  }
  const removed = (before?.primitives ?? []).filter((p) => {
    const rest = left.get(p.key);
    return rest?.includes(p) === true;
  });
  const viewBox = after?.viewBox ?? before?.viewBox ?? [0, 0, 1, 1];
  return { common, removed, added, viewBox };
}

/** The palette: removed red, added green, the rest grey; fills lighter than strokes. */
export const PALETTE = {
  common: { stroke: "#a8a8a8", fill: "#d6d6d6" },
  context: { stroke: "#d8d8d8", fill: "#f0f0f0" },
  removed: { stroke: "#d62728", fill: "#f4a6a6" },
  added: { stroke: "#2ca02c", fill: "#9fdc9f" },
} as const;

type Tone = keyof typeof PALETTE;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escapeXml = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);

function element(p: SvgPrimitive, tone: Tone): string {
  const colours = PALETTE[tone];
  const style = { ...p.style };
  if (style.stroke && style.stroke !== "none") style.stroke = colours.stroke;
  if (style.fill && style.fill !== "none") style.fill = colours.fill;
  if (tone === "removed" || tone === "added") {
    if (style["fill-opacity"] !== undefined) style["fill-opacity"] = "0.75";
  }
  const css = Object.entries(style)
    .map(([k, v]) => `${k}:${v}`)
    .join(";");
  const attributes = Object.entries(p.attributes)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join("");
  return p.tag === "image"
    ? `<image${attributes} opacity="${tone === "common" || tone === "context" ? 0.25 : 0.8}"/>`
    : `<${p.tag}${attributes} style="${escapeXml(css)}"/>`;
}

export interface OverlayOptions {
  /** Extra greyed primitives drawn first for orientation (the board outline under a layer). */
  context?: readonly SvgPrimitive[];
}

/** Placeholders rasterize() fills per picture, so one composition serves every picture of a page. */
export const VIEW_BOX = "__COPPERHEAD_VIEWBOX__";
export const WIDTH = "__COPPERHEAD_WIDTH__";
export const HEIGHT = "__COPPERHEAD_HEIGHT__";
export const FRAMES = "<!--COPPERHEAD_FRAMES-->";

/** The crops' outlines, drawn on the overview. */
export function frames(rects: readonly Rect[], stroke: number): string {
  return rects
    .map(
      (f) =>
        `<rect x="${f.minX}" y="${f.minY}" width="${f.maxX - f.minX}" height="${f.maxY - f.minY}" style="fill:none;stroke:#1f77b4;stroke-width:${stroke};stroke-dasharray:${stroke * 4},${stroke * 2}"/>`,
    )
    .join("\n");
}

/**
 * One SVG of a page diff: white page, the unchanged drawing grey, what was removed red over it,
 * what was added green on top. View box, size and the crops' frames are placeholders.
 */
export function composeOverlay(diff: PageDiff, options: OverlayOptions = {}): string {
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="${VIEW_BOX}" width="${WIDTH}" height="${HEIGHT}">`,
    '<rect x="-100000" y="-100000" width="200000" height="200000" fill="#ffffff"/>',
  ];
  for (const p of options.context ?? []) parts.push(element(p, "context"));
  for (const p of diff.common) parts.push(element(p, "common"));
  for (const p of diff.removed) parts.push(element(p, "removed"));
  for (const p of diff.added) parts.push(element(p, "added"));
  parts.push(FRAMES, "</svg>");
  return parts.join("\n");
}
