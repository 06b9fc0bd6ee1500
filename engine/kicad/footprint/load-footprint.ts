import { readFile } from "node:fs/promises";
import { UsageError } from "../../errors.js";
import { parseSexp } from "../sexp/parse.js";
import { type Footprint, readFootprint } from "./footprint.js";

/** Reads a library `.kicad_mod` file into a footprint view (placed at the origin, angle 0). */
export async function loadFootprint(path: string): Promise<Footprint> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (cause) {
    throw new UsageError(`cannot read footprint file ${path}`, "check the path and permissions", {
      cause,
    });
  }
  return readFootprint(parseSexp(text, { file: path }));
}
