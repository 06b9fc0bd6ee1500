import { readKicadFile } from "../kicad-file.js";
import { parseSexp } from "../sexp/parse.js";
import { type Board, readBoard } from "./board.js";

/** Reads and views a `.kicad_pcb` file. Parse errors are SexpParseError (line and column). */
export async function loadBoard(path: string): Promise<Board> {
  return readBoard(parseSexp(await readKicadFile(path, "board"), { file: path }));
}
