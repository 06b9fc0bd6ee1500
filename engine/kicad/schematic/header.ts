import { child, children, childText, numberAt, type SList, textAt } from "../sexp/node.js";

/** The generator stamp: who wrote the file, in which format version. */
export interface GeneratorStamp {
  version: number | undefined;
  generator: string | undefined;
  generatorVersion: string | undefined;
}

/** Paper: a named size, or `User` with its own width and height; sizes in mm as drawn (portrait swapped). */
export interface Paper {
  name: string;
  width: number;
  height: number;
  portrait: boolean;
}

export interface TitleBlock {
  title: string | undefined;
  date: string | undefined;
  rev: string | undefined;
  company: string | undefined;
  /** `(comment N "…")` by N (1–9). */
  comments: Record<number, string>;
}

/** Landscape sizes in mm, as KiCad's PAGE_INFO defines them. */
const PAPER_SIZES: Record<string, [number, number]> = {
  A5: [210, 148],
  A4: [297, 210],
  A3: [420, 297],
  A2: [594, 420],
  A1: [841, 594],
  A0: [1189, 841],
  A: [279.4, 215.9],
  B: [431.8, 279.4],
  C: [558.8, 431.8],
  D: [863.6, 558.8],
  E: [1117.6, 863.6],
  USLetter: [279.4, 215.9],
  USLegal: [355.6, 215.9],
  USLedger: [431.8, 279.4],
  GERBER: [812.8, 812.8],
};

export function readStamp(root: SList): GeneratorStamp {
  return {
    version: numberAt(child(root, "version"), 1),
    generator: childText(root, "generator"),
    generatorVersion: childText(root, "generator_version"),
  };
}

/** `(paper "A4")`, `(paper "A3" portrait)`, `(paper "User" 431.8 279.4)`; missing → A4. */
export function readPaper(root: SList): Paper {
  const node = child(root, "paper");
  const name = textAt(node, 1) ?? "A4";
  const portrait =
    node?.items.some((i) => i.kind === "atom" && !i.quoted && i.text === "portrait") ?? false;
  let [width, height] = PAPER_SIZES[name] ?? PAPER_SIZES.A4!;
  if (name === "User") {
    width = numberAt(node, 2) ?? width;
    height = numberAt(node, 3) ?? height;
  }
  if (portrait && width > height) [width, height] = [height, width];
  return { name, width, height, portrait };
}

export function readTitleBlock(root: SList): TitleBlock | undefined {
  const node = child(root, "title_block");
  if (!node) return undefined;
  const comments: Record<number, string> = {};
  for (const c of children(node, "comment")) {
    const n = numberAt(c, 1);
    const text = textAt(c, 2);
    if (n !== undefined && text !== undefined) comments[n] = text;
  }
  return {
    title: childText(node, "title"),
    date: childText(node, "date"),
    rev: childText(node, "rev"),
    company: childText(node, "company"),
    comments,
  };
}
