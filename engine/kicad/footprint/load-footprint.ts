import { readText } from "../../repo/read-text.js";
import { parseSexp } from "../sexp/parse.js";
import { type Footprint, readFootprint } from "./footprint.js";

/** Reads a library `.kicad_mod` file into a footprint view (placed at the origin, angle 0). */
export async function loadFootprint(path: string): Promise<Footprint> {
  return readFootprint(parseSexp(await readText(path), { file: path }));
}
