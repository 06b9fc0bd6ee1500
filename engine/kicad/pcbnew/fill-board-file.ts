import { readFile } from "node:fs/promises";
import { withZoneFills } from "../board/write/zone-fills.js";
import { type ClearedDesign, clearedBoard } from "../cli/cleared-design.js";
import { writeAtomic } from "../draft/write-atomic.js";
import { parseSexp } from "../sexp/parse.js";
import { writeSexp } from "../sexp/write.js";
import { zoneFills } from "./fill-zones.js";
import type { PcbnewRunOptions } from "./run-pcbnew.js";

/**
 * Writes `out`: the cleared board (anyone's, not only copperhead's) with every copper zone
 * filled by KiCad's zone filler, for kicad-cli to plot — it plots zones as stored and never
 * fills them. pcbnew loads the board where it is (the `.kicad_pro` beside it gives the rules)
 * and only returns the fills; they go into the board's own tree, and our writer writes it, so
 * the copy is the board as it was plus its fill, the same bytes for the same board (pcbnew's
 * SaveBoard would re-stamp it and add fresh uuids). Returns how many zones were filled.
 */
export async function fillBoardFile(
  design: ClearedDesign,
  out: string,
  options: PcbnewRunOptions = {},
): Promise<number> {
  const board = clearedBoard(design);
  const tree = parseSexp(await readFile(board, "utf8"), { file: board });
  const filled = withZoneFills(tree, await zoneFills(design, options));
  await writeAtomic(out, writeSexp(filled.tree));
  return filled.zones;
}
