import { children, type SList, textAt } from "../sexp/node.js";

/**
 * The file names of the sub-sheets a schematic places (`(sheet … (property "Sheetfile" "x"))`,
 * "Sheet file" in KiCad 6 files), as written: relative to the placing file's folder.
 */
export function subSheetFiles(schematic: SList): string[] {
  const files: string[] = [];
  for (const sheet of children(schematic, "sheet")) {
    for (const property of children(sheet, "property")) {
      const name = textAt(property, 1);
      const value = textAt(property, 2);
      const field = name?.toLowerCase();
      // KiCad matches the field name without case.
      if ((field === "sheetfile" || field === "sheet file") && value) files.push(value);
    }
  }
  return files;
}
