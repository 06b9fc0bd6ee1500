import type { Rect } from "../../../../../engine/kicad/geometry/rect.js";

/** What kicad-cli drew for one text: its ink box (stroke width included) and its outline, if any. */
export interface InkText {
  text: string;
  /** The glyph strokes' box. */
  glyphs: Rect;
  /** Glyphs plus the outline drawn in the same group (a global or hierarchical label's shape). */
  whole: Rect;
}

/**
 * Reads kicad-cli's schematic SVG: every stroked text (`<g class="stroked-text"><desc>TEXT</desc>
 * …paths…</g>`) with the box of its strokes, widened by half the group's stroke width, and the
 * box of the outline polygon a label draws right after its text in the same style group.
 */
export function inkTexts(svg: string): InkText[] {
  const out: InkText[] = [];
  // Style groups open with `<g style=` and hold one item's drawing (text, or label + outline).
  const groups = svg.split(/\n<g style="/).slice(1);
  for (const group of groups) {
    const width = Number(/stroke-width:([\d.]+)/.exec(group)?.[1] ?? "0");
    const half = width / 2;
    const parts = group.split('<g class="stroked-text"><desc>');
    for (const part of parts.slice(1)) {
      const end = part.indexOf("</desc>");
      const text = decode(part.slice(0, end));
      const close = part.indexOf("</g>");
      const glyphPts = pointsOf(part.slice(end, close));
      const after = pointsOf(part.slice(close));
      const glyphs = boxOf(glyphPts);
      if (!glyphs) continue;
      const g = inflate(glyphs, half);
      const extra = boxOf(after);
      out.push({ text, glyphs: g, whole: extra ? union(g, inflate(extra, half)) : g });
    }
  }
  return out;
}

function decode(s: string): string {
  return s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

function pointsOf(s: string): Array<{ x: number; y: number }> {
  const pts: Array<{ x: number; y: number }> = [];
  for (const d of s.matchAll(/\sd="([^"]*)"/g)) {
    for (const m of d[1]!.matchAll(/(-?[\d.]+)[ ,](-?[\d.]+)/g)) {
      pts.push({ x: Number(m[1]), y: Number(m[2]) });
    }
  }
  return pts;
}

function boxOf(pts: Array<{ x: number; y: number }>): Rect | undefined {
  if (pts.length === 0) return undefined;
  return {
    minX: Math.min(...pts.map((p) => p.x)),
    minY: Math.min(...pts.map((p) => p.y)),
    maxX: Math.max(...pts.map((p) => p.x)),
    maxY: Math.max(...pts.map((p) => p.y)),
  };
}

function inflate(r: Rect, m: number): Rect {
  return { minX: r.minX - m, minY: r.minY - m, maxX: r.maxX + m, maxY: r.maxY + m };
}

function union(a: Rect, b: Rect): Rect {
  return {
    minX: Math.min(a.minX, b.minX),
    minY: Math.min(a.minY, b.minY),
    maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY),
  };
}
