import { isEmbeddedModel } from "../footprint/model-ref.js";
import { type ScannedList, scanLists } from "../paths/scan-lists.js";

/** A path one file names, with the field to show in a finding. */
export interface NamedPath {
  written: string;
  field: string;
}

/** 1-based line of each offset (ascending), in one pass over the text. */
function linesAt(text: string, lists: readonly ScannedList[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let from = 0;
  for (const list of lists) {
    for (;;) {
      const next = text.indexOf("\n", from);
      if (next === -1 || next >= list.offset) break;
      line++;
      from = next + 1;
    }
    lines.push(line);
  }
  return lines;
}

/** Every footprint `(model "…")` of a board, as written (KiCad's STEP/VRML/render exports open them). */
export function boardModelReferences(text: string): NamedPath[] {
  const lists = scanLists(text, new Set(["model"]), 1);
  const lines = linesAt(text, lists);
  return lists.flatMap((list, i) => {
    const written = list.atoms[0];
    if (written === undefined || isEmbeddedModel(written)) return [];
    return [{ written, field: `3-D model (line ${lines[i]})` }];
  });
}

// ERC's simulation-model check loads these; KiCad matches field names without case.
const SIMULATION_FIELDS = new Set(["sim.library", "spice_lib_file"]);

/** Every simulation library a sheet's symbols (placed or embedded) name. */
export function simulationLibraryReferences(text: string): NamedPath[] {
  const lists = scanLists(text, new Set(["property"]), 2);
  const lines = linesAt(text, lists);
  return lists.flatMap((list, i) => {
    const [name, written] = list.atoms;
    if (!name || !written || !SIMULATION_FIELDS.has(name.toLowerCase())) return [];
    return [{ written, field: `${name} field (line ${lines[i]})` }];
  });
}
