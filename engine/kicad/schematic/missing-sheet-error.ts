import { quoteExcerpt } from "../../excerpt.js";
import { SchematicError } from "./schematic-error.js";

/** A hierarchical sheet whose file is not on disk. */
export class MissingSheetError extends SchematicError {
  readonly sheetName: string;
  readonly missingPath: string;
  readonly parentFile: string;

  constructor(opts: {
    sheetName: string;
    missingPath: string;
    parentFile: string;
    written: string;
  }) {
    super(
      `sheet ${quoteExcerpt(opts.sheetName, 60)} in ${opts.parentFile} points to ${quoteExcerpt(opts.written, 160)}, but ${opts.missingPath} does not exist`,
      "restore that file, or fix the sheet's Sheetfile field (it is relative to the parent sheet's folder)",
    );
    this.sheetName = opts.sheetName;
    this.missingPath = opts.missingPath;
    this.parentFile = opts.parentFile;
  }
}
