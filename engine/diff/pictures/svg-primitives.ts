import { SaxesParser } from "saxes";
import { UsageError } from "../../errors.js";
import type { Rect } from "../../kicad/geometry/rect.js";
import { pathBox } from "./path-box.js";

/** One drawn element of a kicad-cli SVG, with the style it inherits from its groups. */
export interface SvgPrimitive {
  tag: string;
  /** The element's own attributes, as written (style merged into `style` below). */
  attributes: Record<string, string>;
  /** CSS declarations in force: the groups' styles, then the element's own. */
  style: Record<string, string>;
  /** Identity for comparing pages: tag, geometry and the style that shows it. */
  key: string;
  /** Extent in SVG units (mm in kicad-cli output), stroke included; undefined when unknown. */
  box: Rect | undefined;
}

export interface SvgPage {
  /** The root `viewBox`: x, y, width, height. */
  viewBox: [number, number, number, number];
  primitives: SvgPrimitive[];
}

/** Elements that draw. `<text>` is not among them: KiCad draws every visible text as strokes or
 * polygons, and its `<text>` elements are invisible copies kept for searching. */
const DRAWN = new Set([
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "image",
]);
/** Styles that only say how something is stroked or filled, not where: part of the identity. */
const STYLE_KEYS = ["fill", "fill-opacity", "stroke", "stroke-width", "stroke-opacity"];

export function parseStyle(text: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const declaration of (text ?? "").split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).trim();
    if (name) out[name] = value;
  }
  return out;
}

const num = (v: string | undefined) => (v === undefined ? Number.NaN : Number.parseFloat(v));

function boxOf(tag: string, a: Record<string, string>): Rect | undefined {
  switch (tag) {
    case "path":
      return pathBox(a.d ?? "");
    case "rect":
    case "image": {
      const x = num(a.x) || 0;
      const y = num(a.y) || 0;
      return { minX: x, minY: y, maxX: x + (num(a.width) || 0), maxY: y + (num(a.height) || 0) };
    }
    case "circle": {
      const r = num(a.r) || 0;
      return { minX: num(a.cx) - r, minY: num(a.cy) - r, maxX: num(a.cx) + r, maxY: num(a.cy) + r };
    }
    case "ellipse": {
      const rx = num(a.rx) || 0;
      const ry = num(a.ry) || 0;
      return {
        minX: num(a.cx) - rx,
        minY: num(a.cy) - ry,
        maxX: num(a.cx) + rx,
        maxY: num(a.cy) + ry,
      };
    }
    case "line":
      return {
        minX: Math.min(num(a.x1), num(a.x2)),
        minY: Math.min(num(a.y1), num(a.y2)),
        maxX: Math.max(num(a.x1), num(a.x2)),
        maxY: Math.max(num(a.y1), num(a.y2)),
      };
    case "polyline":
    case "polygon":
      return pathBox(`M ${a.points ?? ""}`);
  }
  return undefined;
}

function widen(box: Rect | undefined, by: number): Rect | undefined {
  if (!box || ![box.minX, box.minY, box.maxX, box.maxY].every(Number.isFinite)) return undefined;
  return { minX: box.minX - by, minY: box.minY - by, maxX: box.maxX + by, maxY: box.maxY + by };
}

/**
 * Reads a kicad-cli `sch export svg` / `pcb export svg` page into its drawn primitives. KiCad
 * writes flat style groups of absolute-coordinate elements; the searchable copies of text, the
 * page background and the `<title>` (which holds the export date) are left out, so two exports
 * of the same drawing give the same primitives.
 */
export function parseSvgPage(text: string, where: string): SvgPage {
  const parser = new SaxesParser({ xmlns: false });
  const styles: Record<string, string>[] = [{}];
  const transforms: string[] = [""];
  const primitives: SvgPrimitive[] = [];
  let viewBox: [number, number, number, number] | undefined;
  parser.on("opentag", (tag) => {
    const attributes = Object.fromEntries(
      Object.entries(tag.attributes).map(([k, v]) => [k, String(v)]),
    );
    const inherited = styles[styles.length - 1]!;
    const style = { ...inherited, ...parseStyle(attributes.style) };
    const transform = [transforms[transforms.length - 1], attributes.transform]
      .filter((t) => t && !/^translate\(0 0\) scale\(1 1\)$/.test(t))
      .join(" ");
    if (tag.name === "svg" && !viewBox) {
      const parts = (attributes.viewBox ?? "")
        .trim()
        .split(/[\s,]+/)
        .map(Number);
      if (parts.length === 4 && parts.every(Number.isFinite))
        viewBox = parts as [number, number, number, number];
    }
    if (DRAWN.has(tag.name)) {
      delete attributes.style;
      const own = Object.entries(attributes).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
      const shown = STYLE_KEYS.map((k) => `${k}:${style[k] ?? ""}`).join(";");
      const strokeWidth =
        style.stroke && style.stroke !== "none" ? num(style["stroke-width"]) || 0 : 0;
      primitives.push({
        tag: tag.name,
        attributes: transform ? { ...attributes, transform } : attributes,
        style,
        key: `${tag.name}|${shown}|${transform}|${own.map(([k, v]) => `${k}=${v}`).join("|")}`,
        box: transform ? undefined : widen(boxOf(tag.name, attributes), strokeWidth / 2),
      });
    }
    if (!tag.isSelfClosing) {
      styles.push(style);
      transforms.push(transform);
    }
  });
  parser.on("closetag", (tag) => {
    if (tag.isSelfClosing) return;
    styles.pop();
    transforms.pop();
  });
  try {
    parser.write(text).close();
  } catch (error) {
    throw new UsageError(
      `kicad-cli wrote an SVG copperhead cannot read (${where}): ${(error as Error).message}`,
      "report this with the kicad-cli version; the SVG plotter's output may have changed",
    );
  }
  if (!viewBox) {
    throw new UsageError(
      `the SVG ${where} has no viewBox`,
      "report this with the kicad-cli version",
    );
  }
  const [x, y, w, h] = viewBox;
  // The page background: one rectangle over the whole view, drawn first.
  const background = primitives.findIndex(
    (p) =>
      p.tag === "rect" &&
      num(p.attributes.x) === x &&
      num(p.attributes.y) === y &&
      Math.abs(num(p.attributes.width) - w) < 1e-3 &&
      Math.abs(num(p.attributes.height) - h) < 1e-3,
  );
  if (background >= 0 && background < 3) primitives.splice(background, 1);
  return { viewBox, primitives };
}
