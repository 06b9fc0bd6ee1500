import { CopperheadError, type ErrorCategory } from "../../errors.js";

/** What the reader says it found when a file starts with U+FEFF. */
export const BYTE_ORDER_MARK = "a UTF-8 byte order mark";

/** A KiCad file that is not a well-formed s-expression; names where and what was expected. */
export class SexpParseError extends CopperheadError {
  static override readonly category: ErrorCategory = "usage";
  readonly line: number;
  readonly column: number;
  readonly expected: string;
  readonly file: string | undefined;

  constructor(opts: {
    file?: string;
    /** The reference that led to the file, when another file named it. */
    via?: string | undefined;
    line: number;
    column: number;
    found: string;
    expected: string;
  }) {
    const where = `${opts.file ?? "<input>"}:${opts.line}:${opts.column}`;
    const via = opts.via ? ` (reached through ${opts.via})` : "";
    super(
      `${where}${via}: found ${opts.found}, expected ${opts.expected}`,
      opts.found === BYTE_ORDER_MARK
        ? "save the file as UTF-8 without a byte order mark (KiCad never writes one; an editor added it)"
        : opts.via
          ? "fix the file at that position, or the reference that names it (or restore both from git / a KiCad backup)"
          : "fix the file at that position (or restore it from git / a KiCad backup)",
    );
    this.line = opts.line;
    this.column = opts.column;
    this.expected = opts.expected;
    this.file = opts.file;
  }
}

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}
