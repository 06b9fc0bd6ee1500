import type { TextRect } from "../text-rect.js";

/** One run of stroked text in a kicad-cli SVG: KiCad writes one group per line of text. */
export interface SvgStrokedText {
  /** The line's text, from the group's `<desc>`. */
  text: string;
  /** Stroke width of the enclosing group, in mm. */
  pen: number;
  /** Box of the stroke centre lines; undefined when the group has no paths. */
  centerLines: TextRect | undefined;
  /** Box of the closed outlines drawn right after the text in the same group (label shapes). */
  outline: TextRect | undefined;
}

// KiCad's SVG plotter writes stroked text as
//   <g class="stroked-text"><desc>TEXT</desc><path d="M x y\nL x y\n" />…</g>
// inside a `<g style="…stroke-width:W…">` group, and label outlines as
//   <path style="…" d="M x,y\nx,y\n…Z" />
// right after the text group. A new style group ends the association.
const TOKENS =
  /<g style="([^"]*)"|<g class="stroked-text"><desc>([\s\S]*?)<\/desc>([\s\S]*?)<\/g>|<path style="[^"]*"\s*d="M ([^"]*)"/g;

/** Reads the stroked text (and label outlines) out of a kicad-cli `sch export svg` file. */
export function readSvgStrokedText(svg: string): SvgStrokedText[] {
  const items: SvgStrokedText[] = [];
  let pen = 0;
  let last: SvgStrokedText | undefined;
  for (const m of svg.matchAll(TOKENS)) {
    if (m[1] !== undefined) {
      pen = Number(/stroke-width:\s*([\d.]+)/.exec(m[1])?.[1] ?? 0);
      last = undefined;
    } else if (m[2] !== undefined) {
      last = { text: unescapeXml(m[2]), pen, centerLines: boxOf(m[3] ?? ""), outline: undefined };
      items.push(last);
    } else if (m[4] !== undefined && last) {
      const box = boxOf(m[4]);
      if (box) last.outline = last.outline ? union(last.outline, box) : box;
    }
  }
  return items;
}

function boxOf(path: string): TextRect | undefined {
  let box: TextRect | undefined;
  for (const c of path.matchAll(/(-?\d+(?:\.\d+)?)[ ,](-?\d+(?:\.\d+)?)/g)) {
    const x = Number(c[1]);
    const y = Number(c[2]);
    const point = { minX: x, minY: y, maxX: x, maxY: y };
    box = box ? union(box, point) : point;
  }
  return box;
}

function union(a: TextRect, b: TextRect): TextRect {
  return {
    minX: Math.min(a.minX, b.minX),
    minY: Math.min(a.minY, b.minY),
    maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY),
  };
}

function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|quot|apos|amp);/gi, (_, entity: string) => {
    if (entity[0] === "#") {
      const hex = entity[1] === "x" || entity[1] === "X";
      return String.fromCodePoint(Number.parseInt(entity.slice(hex ? 2 : 1), hex ? 16 : 10));
    }
    return { lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" }[entity.toLowerCase()] ?? "";
  });
}
