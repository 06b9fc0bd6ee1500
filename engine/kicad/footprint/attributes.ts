import { child, type SList } from "../sexp/node.js";

/** `(attr …)` of a footprint: its mounting type and the flags KiCad keeps beside it. */
export interface FootprintAttributes {
  /** `unspecified` when the footprint has no `(attr smd|through_hole)`. */
  readonly type: "smd" | "through_hole" | "unspecified";
  readonly boardOnly: boolean;
  readonly excludeFromPosFiles: boolean;
  readonly excludeFromBom: boolean;
  readonly dnp: boolean;
  readonly allowMissingCourtyard: boolean;
  readonly allowSoldermaskBridges: boolean;
  /** Every token as written, for flags this view does not name. */
  readonly tokens: readonly string[];
}

export function readAttributes(footprint: SList): FootprintAttributes {
  const attr = child(footprint, "attr");
  const tokens = (attr?.items.slice(1) ?? []).flatMap((a) => (a.kind === "atom" ? [a.text] : []));
  const has = (t: string) => tokens.includes(t);
  return {
    type: has("smd") ? "smd" : has("through_hole") ? "through_hole" : "unspecified",
    boardOnly: has("board_only"),
    excludeFromPosFiles: has("exclude_from_pos_files"),
    excludeFromBom: has("exclude_from_bom"),
    dnp: has("dnp"),
    allowMissingCourtyard: has("allow_missing_courtyard"),
    allowSoldermaskBridges: has("allow_soldermask_bridges"),
    tokens,
  };
}
