import type { WriteLayout } from "./write.js";

/*
 * The tree does not record line breaks, so a file's layout variant is read off its text. Each
 * signature below is a line KiCad's default layout can never produce:
 *  - compact: a short-form list (font, stroke, …) with a sub-list on the same line;
 *  - points one per line: an `(xy …)` line followed by another `(xy …)` line although the first
 *    is far shorter than column 99, where KiCad would have joined them.
 */
const COMPACT = /^\t*\((?:font|stroke|fill|offset|rotate|scale)\b[^\n]*\(/m;
const XY_PER_LINE = /^\t*\(xy [^()\n]*\)\n\t*\(xy /m;

/**
 * The `writeSexp` layout that reproduces `text`, when `text` was written by KiCad 8.0+ / 9 (with
 * or without `CompactSave`) or by kicad-footprint-generator. Older KiCad layouts (6, 7) are not a
 * function of the tree and cannot be reproduced; for those this returns the default layout.
 */
export function detectLayout(text: string): WriteLayout {
  const layout: WriteLayout = {};
  if (!text.endsWith("\n")) layout.finalNewline = false;
  if (COMPACT.test(text)) layout.compact = true;
  if (XY_PER_LINE.test(text)) layout.xyColumn = 0;
  return layout;
}
