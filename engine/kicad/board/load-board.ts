import { readKicadFile } from "../kicad-file.js";
import { checkNamedFile } from "../paths/named-design.js";
import { type TrustScope, trustScopeFor } from "../paths/trust-scope.js";
import { UnsafeDesignError } from "../paths/unsafe-design-error.js";
import { parseSexp } from "../sexp/parse.js";
import { type Board, readBoard } from "./board.js";

/**
 * Reads and views a `.kicad_pcb` file. Parse errors are SexpParseError (line and column). A
 * board that is really a symlink out of its repository (or a FIFO) is UnsafeDesignError, not
 * read: its parse error would quote whatever it leads to.
 */
export async function loadBoard(
  path: string,
  scope: TrustScope = trustScopeFor(path),
): Promise<Board> {
  const named = await checkNamedFile(scope, path, "board");
  if (!named.ok) throw new UnsafeDesignError([named.finding]);
  return readBoard(parseSexp(await readKicadFile(path, "board"), { file: path }));
}
