import type { SAtom, SList } from "./node.js";
import { lineColumn, SexpParseError } from "./parse-error.js";

const OPEN = 40; // (
const CLOSE = 41; // )
const QUOTE = 34; // "
const BACKSLASH = 92;
const HASH = 35;
const NEWLINE = 10;

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11;
}

/** A quoted atom whose escapes KiCad's writer would not reproduce keeps its source text. */
export interface RawAtom extends SAtom {
  raw?: string;
}

export interface ParseOptions {
  /** Shown in error messages. */
  file?: string;
}

/**
 * Reads one KiCad s-expression document: exactly one root list, optionally preceded by `#`
 * comment lines (which KiCad accepts and we do not keep). Anything else after the root is an
 * error, as is a UTF-8 byte order mark, which kicad-cli refuses to load.
 */
export function parseSexp(text: string, options: ParseOptions = {}): SList {
  const fail = (offset: number, found: string, expected: string): never => {
    const { line, column } = lineColumn(text, offset);
    throw new SexpParseError({ file: options.file, line, column, found, expected });
  };
  const describe = (offset: number): string => {
    if (offset >= text.length) return "end of file";
    const c = text[offset];
    return c === "\n" ? "a line break" : JSON.stringify(text.slice(offset, offset + 12));
  };

  if (text.charCodeAt(0) === 0xfeff) {
    fail(0, "a UTF-8 byte order mark", "'(' (KiCad cannot load files that start with a BOM)");
  }

  const n = text.length;
  let i = 0;
  // Skip leading white space and comment lines.
  for (;;) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i < n && text.charCodeAt(i) === HASH) {
      while (i < n && text.charCodeAt(i) !== NEWLINE) i++;
      continue;
    }
    break;
  }
  if (i >= n) fail(i, "end of file", "'(' starting the root list");
  if (text.charCodeAt(i) !== OPEN) fail(i, describe(i), "'(' starting the root list");

  const root: SList = { kind: "list", items: [], offset: i };
  const stack: SList[] = [root];
  let current = root;
  i++;

  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
    } else if (c === OPEN) {
      const node: SList = { kind: "list", items: [], offset: i };
      current.items.push(node);
      stack.push(node);
      current = node;
      i++;
    } else if (c === CLOSE) {
      stack.pop();
      i++;
      const parent = stack[stack.length - 1];
      if (!parent) break;
      current = parent;
    } else if (c === QUOTE) {
      const start = i;
      i++;
      let hasEscape = false;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === QUOTE) break;
        if (d === BACKSLASH) {
          hasEscape = true;
          i += 2;
        } else {
          i++;
        }
      }
      if (i >= n) fail(start, "an unterminated string", "a closing '\"'");
      const inner = text.slice(start + 1, i);
      i++;
      const node: RawAtom = {
        kind: "atom",
        text: hasEscape ? unescapeString(inner) : inner,
        quoted: true,
        offset: start,
      };
      if (hasEscape && escapeString(node.text) !== inner) node.raw = inner;
      current.items.push(node);
    } else {
      const start = i;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (isSpace(d) || d === OPEN || d === CLOSE || d === QUOTE) break;
        i++;
      }
      current.items.push({
        kind: "atom",
        text: text.slice(start, i),
        quoted: false,
        offset: start,
      });
    }
  }

  if (stack.length > 0) {
    const open = stack[stack.length - 1]!;
    const { line, column } = lineColumn(text, open.offset);
    fail(n, "end of file", `')' closing the list opened at line ${line}, column ${column}`);
  }
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  if (i < n) fail(i, describe(i), "end of file after the root list");
  return root;
}

/** KiCad's writer escapes exactly these; everything else is written as is. */
export function escapeString(value: string): string {
  let out = "";
  let last = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    let rep: string | undefined;
    if (c === QUOTE) rep = '\\"';
    else if (c === BACKSLASH) rep = "\\\\";
    else if (c === NEWLINE) rep = "\\n";
    else if (c === 13) rep = "\\r";
    if (rep !== undefined) {
      out += value.slice(last, i) + rep;
      last = i + 1;
    }
  }
  return last === 0 ? value : out + value.slice(last);
}

function unescapeString(inner: string): string {
  return inner.replace(/\\(.)/gs, (_m, ch: string) => {
    switch (ch) {
      case "n":
        return "\n";
      case "r":
        return "\r";
      case "t":
        return "\t";
      default:
        return ch;
    }
  });
}
