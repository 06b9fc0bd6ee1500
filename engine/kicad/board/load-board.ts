import { readText } from "../../repo/read-text.js";
import { parseSexp } from "../sexp/parse.js";
import { type Board, readBoard } from "./board.js";

/** Reads and views a `.kicad_pcb` file. Parse errors are SexpParseError (line and column). */
export async function loadBoard(path: string): Promise<Board> {
  return readBoard(parseSexp(await readText(path), { file: path }));
}
