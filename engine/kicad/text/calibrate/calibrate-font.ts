import type { FontCalibration, GlyphCalibration } from "../font-calibration.js";
import type { TextEffects } from "../text-effects.js";
import type { TextRect } from "../text-rect.js";
import { calibrationChars } from "./calibration-chars.js";
import type { Probe } from "./probe-sheet.js";
import { type ProbeInk, ProbeRenderError, renderProbes } from "./render-probes.js";

/*
 * How the table is measured. Every probe is free text, left/top justified at 0°, so all of them
 * share one pen offset per size; two sizes (S1, S2 = 2·S1) let that offset cancel:
 *  - advance of c: "H" + c×10 + "H" against "HH" — the right end moves by 10 advances of c;
 *  - ink x of c: c alone at both sizes; (x(S2) − x(S1)) / (S2 − S1) is the glyph's own offset;
 *  - ink y of c: relative to the bottom of "H" (the baseline) in the same sheet, divided by S.
 * The same for italics. Markup and line pitch come from a few probes at both sizes.
 */
const SIZES = [2.54, 5.08] as const;
const REPEAT = 10;
// The margin keeps single-character probes well away from the frame's zone letters and numbers.
const PAPER = { name: "A0", width: 1189, height: 841, margin: 40 };
const DECIMALS = 5;

export interface CalibrateOptions {
  /** Measure only these characters (tests); default the whole table. */
  chars?: readonly string[];
  kicadVersion?: string;
}

/** Measures the stroke font from kicad-cli's rendering. Several kicad-cli runs, in parallel. */
export async function calibrateFont(options: CalibrateOptions = {}): Promise<FontCalibration> {
  const chars = [...(options.chars ?? calibrationChars())];
  const [upright, italic, markup] = await Promise.all([
    measureGlyphs(chars, false),
    measureGlyphs(chars, true),
    measureMarkup(),
  ]);
  const glyphs: Record<string, GlyphCalibration> = {};
  for (const c of [...chars].sort((a, b) => (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0))) {
    const u = upright.get(c);
    const i = italic.get(c);
    if (!u || !i) throw missing(`glyph ${JSON.stringify(c)}`);
    glyphs[c] = { advance: u.advance, ink: u.ink, italic: { advance: i.advance, ink: i.ink } };
  }
  return {
    kicadVersion: options.kicadVersion ?? "unknown",
    regenerate: "npm run build && node scripts/calibrate-font.mjs",
    ...markup,
    glyphs,
  };
}

type Measured = { advance: number; ink: [number, number, number, number] | null };

async function measureGlyphs(chars: string[], italic: boolean): Promise<Map<string, Measured>> {
  const sheets = await Promise.all(SIZES.map((size) => renderGlyphProbes(chars, size, italic)));
  const [small, large] = sheets as [GlyphSheet, GlyphSheet];
  const out = new Map<string, Measured>();
  for (const c of chars) {
    const advance = average(
      sheets.map((sheet) => {
        const long = sheet.inks.get(`long:${c}`);
        if (!long?.ink) throw missing(`"H${c.repeat(REPEAT)}H" at ${sheet.size} mm`);
        return (centerBox(long).maxX - centerBox(sheet.pair).maxX) / (REPEAT * sheet.size);
      }),
    );
    const a = small.inks.get(`single:${c}`);
    const b = large.inks.get(`single:${c}`);
    let ink: Measured["ink"] = null;
    if (a?.ink && b?.ink) {
      const [ra, rb] = [centerBox(a), centerBox(b)];
      // x: the pen offset is the same at both sizes, so the difference is pure glyph.
      const x = (edge: keyof TextRect) => (rb[edge] - ra[edge]) / (large.size - small.size);
      // y: relative to the baseline (bottom of "H") on the same sheet, in font heights.
      const y = (edge: keyof TextRect) =>
        average([
          (ra[edge] - baseline(small)) / small.size,
          (rb[edge] - baseline(large)) / large.size,
        ]);
      ink = [x("minX"), y("minY"), x("maxX"), y("maxY")].map(round) as Measured["ink"];
    }
    out.set(c, { advance: round(advance), ink });
  }
  return out;
}

/** A probe's stroke centre-line box (measured ink minus half the pen), relative to its anchor. */
function centerBox(p: ProbeInk): TextRect {
  const r = p.ink as TextRect;
  const half = (p.lines[0]?.pen ?? 0) / 2;
  return {
    minX: r.minX + half - p.probe.at.x,
    minY: r.minY + half - p.probe.at.y,
    maxX: r.maxX - half - p.probe.at.x,
    maxY: r.maxY - half - p.probe.at.y,
  };
}

interface GlyphSheet {
  size: number;
  inks: Map<string, ProbeInk>;
  pair: ProbeInk;
  h: ProbeInk;
}

async function renderGlyphProbes(
  chars: string[],
  size: number,
  italic: boolean,
): Promise<GlyphSheet> {
  const effects: TextEffects = italic ? { size: [size, size], italic } : { size: [size, size] };
  const cellW = 24 * size;
  const cellH = 2.6 * size;
  const columns = Math.floor((PAPER.width - 2 * PAPER.margin) / cellW);
  const keys: string[] = [];
  const probes: Probe[] = [];
  const add = (key: string, text: string, x: number, y: number) => {
    keys.push(key);
    probes.push({
      kind: "text",
      text,
      at: { x, y },
      angle: 0,
      justify: { h: "left", v: "top" },
      effects,
    });
  };
  const cell = (k: number) => ({
    x: PAPER.margin + (k % columns) * cellW,
    y: PAPER.margin + Math.floor(k / columns) * cellH,
  });
  chars.forEach((c, k) => {
    const { x, y } = cell(k);
    add(`long:${c}`, `H${c.repeat(REPEAT)}H`, x, y);
    // A lone "~" is KiCad's empty text; a trailing space draws nothing and keeps the tilde.
    if (c.trim()) add(`single:${c}`, c === "~" ? "~ " : c, x + 19 * size, y);
  });
  const refs = cell(chars.length);
  add("pair", "HH", refs.x, refs.y);
  add("h", "H", refs.x + 19 * size, refs.y);
  if (refs.y + cellH > PAPER.height - PAPER.margin) {
    throw new ProbeRenderError(
      `${chars.length} characters do not fit one probe sheet`,
      "calibrate fewer characters per call",
    );
  }
  const measured = await renderProbes(probes, PAPER.name);
  const inks = new Map(measured.map((m, i) => [keys[i] as string, m]));
  const pair = inks.get("pair");
  const h = inks.get("h");
  if (!pair?.ink || !h?.ink) throw missing(`the "HH"/"H" references at ${size} mm`);
  return { size, inks, pair, h };
}

/** Baseline (bottom of "H", centre line) relative to the anchor on one sheet. */
function baseline(sheet: GlyphSheet): number {
  return centerBox(sheet.h).maxY;
}

/** Sub/superscript, overbar and line pitch, from probes at both sizes. */
async function measureMarkup(): Promise<
  Omit<FontCalibration, "kicadVersion" | "regenerate" | "glyphs">
> {
  const names = ["h", "i", "pair", "sup", "sub", "supLong", "subLong", "bar", "lines"] as const;
  const texts: Record<(typeof names)[number], string> = {
    h: "H",
    i: "I",
    pair: "HH",
    sup: "^{H}",
    sub: "_{H}",
    supLong: `H^{${"H".repeat(REPEAT)}}H`,
    subLong: `H_{${"H".repeat(REPEAT)}}H`,
    bar: "~{I}",
    lines: "H\nH",
  };
  const results = await Promise.all(
    SIZES.map(async (size) => {
      const probes: Probe[] = names.map((name, k) => ({
        kind: "text",
        text: texts[name],
        at: { x: 20 + (k % 3) * 30 * size, y: 20 + Math.floor(k / 3) * 5 * size },
        angle: 0,
        justify: { h: "left", v: "top" },
        effects: { size: [size, size] },
      }));
      const inks = await renderProbes(probes);
      const get = (name: (typeof names)[number]) => {
        const found = inks[names.indexOf(name)];
        if (!found?.ink) throw missing(`markup probe ${JSON.stringify(texts[name])} at ${size} mm`);
        return found;
      };
      const rel = centerBox;
      const h = rel(get("h"));
      const i = rel(get("i"));
      const pairWidth = rel(get("pair")).maxX;
      const hAdvance = pairWidth - h.maxX; // second H starts one advance later
      const scale = (long: ProbeInk) => (rel(long).maxX - pairWidth) / (REPEAT * hAdvance);
      const lines = get("lines").lines;
      const [first, second] = lines.map((l) => l.centerLines as TextRect);
      if (!first || !second) throw missing(`the second line of "H\\nH" at ${size} mm`);
      const bar = rel(get("bar"));
      return {
        superscript: {
          scale: scale(get("supLong")),
          shift: (rel(get("sup")).maxY - h.maxY) / size,
        },
        subscript: { scale: scale(get("subLong")), shift: (rel(get("sub")).maxY - h.maxY) / size },
        overbar: { height: (h.maxY - bar.minY) / size, trim: (bar.minX - i.minX) / size },
        lineSpacing: (second.maxY - first.maxY) / size,
        size,
        iLeft: i.minX,
      };
    }),
  );
  const avg = (pick: (r: (typeof results)[number]) => number) => round(average(results.map(pick)));
  // The bar starts `trim` after the pen position, "I" at its glyph offset: that offset is the
  // size-proportional part of I's left edge across the two sizes.
  const [r1, r2] = results as [(typeof results)[number], (typeof results)[number]];
  const iX = (r2.iLeft - r1.iLeft) / (r2.size - r1.size);
  return {
    lineSpacing: avg((r) => r.lineSpacing),
    superscript: { scale: avg((r) => r.superscript.scale), shift: avg((r) => r.superscript.shift) },
    subscript: { scale: avg((r) => r.subscript.scale), shift: avg((r) => r.subscript.shift) },
    overbar: {
      height: avg((r) => r.overbar.height),
      trim: round(average(results.map((r) => r.overbar.trim)) + iX),
    },
  };
}

function average(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

function round(value: number): number {
  const r = Math.round(value * 10 ** DECIMALS) / 10 ** DECIMALS;
  return r === 0 ? 0 : r;
}

function missing(what: string): ProbeRenderError {
  return new ProbeRenderError(
    `kicad-cli drew nothing for ${what}`,
    "check that kicad-cli 9 renders the probe sheet (set COPPERHEAD_KICAD_CLI if it is elsewhere)",
  );
}
