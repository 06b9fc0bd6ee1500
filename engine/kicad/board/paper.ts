import { child, flag, numberAt, type SList, textAt } from "../sexp/node.js";

/** `(paper "A4")`, `(paper "A3" portrait)`, `(paper "User" 210 297)`. */
export interface Paper {
  readonly size: string;
  /** Only for `User` paper, mm. */
  readonly width: number | undefined;
  readonly height: number | undefined;
  readonly portrait: boolean;
}

export function readPaper(root: SList): Paper | undefined {
  const node = child(root, "paper");
  if (!node) return undefined;
  return {
    size: textAt(node, 1) ?? "",
    width: numberAt(node, 2),
    height: numberAt(node, 3),
    portrait: flag(node, "portrait") ?? false,
  };
}
