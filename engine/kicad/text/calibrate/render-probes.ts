import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CopperheadError, type ErrorCategory } from "../../../errors.js";
import { renderSvg } from "../../cli/render-svg.js";
import { inflateRect, type TextRect, unionRect } from "../text-rect.js";
import { type Probe, probeSheet } from "./probe-sheet.js";
import { readSvgStrokedText, type SvgStrokedText } from "./svg-strokes.js";

/** What kicad-cli drew for one probe. */
export interface ProbeInk {
  probe: Probe;
  /** One stroked line per line of the probe's text that drew anything, in line order. */
  lines: SvgStrokedText[];
  /** All drawn ink (glyphs and outline) with the pen included; undefined when nothing drew. */
  ink: TextRect | undefined;
}

export class ProbeRenderError extends CopperheadError {
  static override readonly category: ErrorCategory = "environment";
}

/**
 * Renders `probes` on one sheet with kicad-cli and measures each one's ink. SVG groups are
 * matched to probes by text, and among equal texts by distance to the anchor, so probes may
 * repeat a text (and the drawing sheet's own texts never get in the way).
 */
export async function renderProbes(probes: readonly Probe[], paper = "A0"): Promise<ProbeInk[]> {
  const dir = await mkdtemp(join(tmpdir(), "copperhead-font-"));
  try {
    const sch = join(dir, "probe.kicad_sch");
    await writeFile(sch, probeSheet(probes, paper));
    const [svgPath] = await renderSvg(sch, join(dir, "probe.svg"));
    if (!svgPath)
      throw new ProbeRenderError("kicad-cli rendered no SVG", "rerun with a working kicad-cli");
    return matchProbes(probes, readSvgStrokedText(await readFile(svgPath, "utf8")));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function matchProbes(probes: readonly Probe[], strokes: SvgStrokedText[]): ProbeInk[] {
  const used = new Set<SvgStrokedText>();
  return probes.map((probe) => {
    const lines: SvgStrokedText[] = [];
    for (const [index, line] of probe.text.split("\n").entries()) {
      // Ink may start up to about a text height away (descenders of top-justified text, a
      // hierarchical label's arrow); later lines sit a line pitch (≈1.6 heights) further each.
      const reach = MAX_ANCHOR_GAP + (index + 1) * 2 * probe.effects.size[1];
      const found = nearest(strokes, line, probe.at, used, reach);
      if (!found) continue;
      used.add(found);
      lines.push(found);
    }
    let ink: TextRect | undefined;
    for (const line of lines) {
      if (line.centerLines) ink = unionRect(ink, inflateRect(line.centerLines, line.pen / 2));
      if (line.outline) ink = unionRect(ink, inflateRect(line.outline, line.pen / 2));
    }
    return { probe, lines, ink };
  });
}

/**
 * How far (mm, plus two text heights per line) from its anchor a probe's ink may start. Every
 * kind of text starts near its anchor; anything farther is some other text with the same
 * content — a drawing-frame zone letter "A", say — and must not be mistaken for the probe.
 */
const MAX_ANCHOR_GAP = 3;

function nearest(
  strokes: SvgStrokedText[],
  text: string,
  at: { x: number; y: number },
  used: Set<SvgStrokedText>,
  reach: number,
): SvgStrokedText | undefined {
  let best: SvgStrokedText | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const s of strokes) {
    if (s.text !== text || used.has(s)) continue;
    const box =
      s.outline && s.centerLines
        ? unionRect(s.outline, s.centerLines)
        : (s.centerLines ?? s.outline);
    if (!box || gap(box, at) > reach) continue;
    const d = Math.hypot((box.minX + box.maxX) / 2 - at.x, (box.minY + box.maxY) / 2 - at.y);
    if (d < bestDistance) {
      best = s;
      bestDistance = d;
    }
  }
  return best;
}

/** Distance from a point to a rectangle (0 inside). */
function gap(box: TextRect, at: { x: number; y: number }): number {
  const dx = Math.max(box.minX - at.x, 0, at.x - box.maxX);
  const dy = Math.max(box.minY - at.y, 0, at.y - box.maxY);
  return Math.hypot(dx, dy);
}
