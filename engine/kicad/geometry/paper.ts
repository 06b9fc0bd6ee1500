/**
 * KiCad's page sizes. KiCad defines them in mils (PAGE_INFO), so A4 is 11693 × 8268 mil =
 * 297.0022 × 210.0072 mm — the numbers kicad-cli's SVG export uses — not the ISO 297 × 210.
 */
const MIL = 0.0254;

const STANDARD_MILS: ReadonlyArray<readonly [string, number, number]> = [
  ["A5", 8268, 5846],
  ["A4", 11693, 8268],
  ["A3", 16535, 11693],
  ["A2", 23386, 16535],
  ["A1", 33110, 23386],
  ["A0", 46811, 33110],
  ["A", 11000, 8500],
  ["B", 17000, 11000],
  ["C", 22000, 17000],
  ["D", 34000, 22000],
  ["E", 44000, 34000],
  ["USLetter", 11000, 8500],
  ["USLegal", 14000, 8500],
  ["USLedger", 17000, 11000],
  ["GERBER", 32000, 32000],
];

/** A paper as a sheet declares it: `(paper "A4")`, `(paper "A3" portrait)`, `(paper "User" w h)`. */
export interface PaperSpec {
  name: string;
  portrait?: boolean;
  /** Only for "User": the explicit size in mm. */
  width?: number;
  height?: number;
}

/** A resolved page: its name and size in mm as drawn (portrait already applied). */
export interface PaperSize {
  name: string;
  width: number;
  height: number;
}

/** The standard sizes in landscape mm, in KiCad's order (small ISO first). */
export const STANDARD_PAPERS: readonly PaperSize[] = STANDARD_MILS.map(([name, w, h]) => ({
  name,
  width: round4(w * MIL),
  height: round4(h * MIL),
}));

/** The ISO A sizes, smallest first: what a "use a smaller paper" suggestion chooses from. */
export const ISO_PAPERS: readonly PaperSize[] = STANDARD_PAPERS.filter((p) => /^A\d$/.test(p.name));

/**
 * The drawn size of a declared paper, or undefined when KiCad would not know the name (or a
 * "User" paper lacks a positive size) — callers must then skip page checks, loudly.
 */
export function paperSize(spec: PaperSpec): PaperSize | undefined {
  let width: number;
  let height: number;
  if (spec.name === "User") {
    if (!(spec.width !== undefined && spec.width > 0 && spec.height !== undefined))
      return undefined;
    if (!(spec.height > 0)) return undefined;
    width = spec.width;
    height = spec.height;
  } else {
    const found = STANDARD_PAPERS.find((p) => p.name === spec.name);
    if (!found) return undefined;
    width = found.width;
    height = found.height;
  }
  // KiCad's portrait flag swaps a landscape size; a User size is already as the user gave it.
  if (spec.portrait && spec.name !== "User" && width > height) [width, height] = [height, width];
  return {
    name: spec.portrait && spec.name !== "User" ? `${spec.name} portrait` : spec.name,
    width,
    height,
  };
}

function round4(v: number): number {
  return Math.round(v * 10_000) / 10_000;
}
