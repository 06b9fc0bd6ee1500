import { readFile } from "node:fs/promises";
import { UsageError } from "../../errors.js";
import { parseSexp } from "../sexp/parse.js";
import { type Board, readBoard } from "./board.js";

/** Reads and views a `.kicad_pcb` file. Parse errors are SexpParseError (line and column). */
export async function loadBoard(path: string): Promise<Board> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (cause) {
    throw new UsageError(`cannot read board file ${path}`, "check the path and permissions", {
      cause,
    });
  }
  return readBoard(parseSexp(text, { file: path }));
}
