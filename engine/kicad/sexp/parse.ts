import type { SAtom, SList, SNode } from "./node.js";
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

/**
 * A quoted atom whose escapes KiCad's writer would not reproduce keeps its source text (between
 * the quotes). The writer uses it only while it still spells `text`, so editing `text` is safe.
 */
export interface RawAtom extends SAtom {
  raw?: string;
}

/** The source spelling to write for a quoted atom, or undefined to escape `text` afresh. */
export function rawSpelling(node: SAtom): string | undefined {
  const raw = (node as RawAtom).raw;
  return raw !== undefined && unescapeString(raw) === node.text ? raw : undefined;
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
  if (text.charCodeAt(i) !== OPEN) fail(i, describe(text, i), "'(' starting the root list");

  const result = scan(text, i);
  if (typeof result === "number") {
    // A negative result is the offset of an unterminated string, encoded as -(offset + 1).
    if (result < 0) fail(-result - 1, "an unterminated string", "a closing '\"'");
    const { line, column } = lineColumn(text, result);
    fail(n, "end of file", `')' closing the list opened at line ${line}, column ${column}`);
  }
  const { root, end } = result as { root: SList; end: number };
  i = end;
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  if (i < n) fail(i, describe(text, i), "end of file after the root list");
  return root;
}

function describe(text: string, offset: number): string {
  if (offset >= text.length) return "end of file";
  const c = text[offset];
  return c === "\n" ? "a line break" : JSON.stringify(text.slice(offset, offset + 12));
}

/**
 * Parsed nodes are class instances so every atom and every list shares one hidden class with its
 * fields in-object; they satisfy the SAtom/SList interfaces exactly (same own fields).
 */
class ParsedAtom implements SAtom {
  declare readonly kind: "atom";
  declare text: string;
  declare quoted: boolean;
  declare offset: number;
  constructor(text: string, quoted: boolean, offset: number) {
    this.kind = "atom";
    this.text = text;
    this.quoted = quoted;
    this.offset = offset;
  }
}

/** The rare quoted atom whose escapes must be kept: its own class so common atoms stay small. */
class ParsedRawAtom extends ParsedAtom implements RawAtom {
  declare raw: string;
  constructor(text: string, offset: number, raw: string) {
    super(text, true, offset);
    this.raw = raw;
  }
}

class ParsedList implements SList {
  declare readonly kind: "list";
  declare items: SNode[];
  declare offset: number;
  constructor(items: SNode[], offset: number) {
    this.kind = "list";
    this.items = items;
    this.offset = offset;
  }
}

/** Character classes for the atom scanner: 1 ends a bare atom. */
const DELIMITER = new Uint8Array(128);
for (const c of [32, 9, 10, 13, 12, 11, OPEN, CLOSE, QUOTE]) DELIMITER[c] = 1;

/**
 * The hot loop, kept free of closures so V8 keeps its locals in registers. Returns the root and
 * the offset after it; or, on failure, the offset of the innermost unclosed list (end of input
 * reached) or -(offset + 1) of an unterminated string.
 *
 * Why it is shaped this way: a parsed board is a large tree (millions of nodes), so its cost is
 * allocation and GC. Nodes are instances of one class per kind (with the intern limit below:
 * ~0.445 of JSON.parse's rate in bench/sexp-reader, against ~0.427 for pretenured object
 * literals), item arrays are exact-size (`exactItems`), and short atom texts are shared through
 * `intern` instead of being sliced anew.
 */
function scan(text: string, first: number): { root: SList; end: number } | number {
  const n = text.length;
  // Children of every open list, innermost last; a list's items are copied out when it closes.
  const pending: SNode[] = [];
  const starts: number[] = [0];
  const offsets: number[] = [first];
  let depth = 1;
  let i = first + 1;

  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 11) {
      i++;
    } else if (c === OPEN) {
      starts[depth] = pending.length;
      offsets[depth] = i;
      depth++;
      i++;
    } else if (c === CLOSE) {
      depth--;
      const start = starts[depth] as number;
      const items = exactItems(pending, start);
      const node = new ParsedList(items, offsets[depth] as number);
      pending.length = start;
      i++;
      if (depth === 0) return { root: node, end: i };
      pending.push(node);
    } else if (c === QUOTE) {
      const start = i;
      let hash = 0;
      let hasEscape = false;
      i++;
      for (;;) {
        if (i >= n) return -(start + 1);
        const d = text.charCodeAt(i);
        if (d === QUOTE) break;
        if (d === BACKSLASH) {
          hasEscape = true;
          i += 2;
        } else {
          // A raw line break inside quotes is legal but KiCad writes it escaped: keep it raw.
          if (d === NEWLINE || d === 13) hasEscape = true;
          hash = (Math.imul(hash, 31) + d) | 0;
          i++;
        }
      }
      i++;
      if (hasEscape) {
        const inner = text.slice(start + 1, i - 1);
        const value = unescapeString(inner);
        pending.push(
          escapeString(value) !== inner
            ? new ParsedRawAtom(value, start, inner)
            : new ParsedAtom(value, true, start),
        );
      } else {
        const value = intern(text, start + 1, i - 1, hash);
        pending.push(new ParsedAtom(value, true, start));
      }
    } else {
      const start = i;
      let hash = c;
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d < 128 && DELIMITER[d] === 1) break;
        hash = (Math.imul(hash, 31) + d) | 0;
        i++;
      }
      // A bare token's hash starts from its first character, a string's from 0: both feed the
      // same table, which only ever compares characters, so mixing them is harmless.
      const value = intern(text, start, i, hash);
      pending.push(new ParsedAtom(value, false, start));
    }
  }
  return offsets[depth - 1] as number;
}

// V8 makes slices of 13+ characters views into the source; a table entry like that would keep the
// last file read alive, so only shorter texts (always copied) are shared. 8 rather than 12: the
// 9-12 character tokens of a board are mostly coordinates that thrash the table (measured ~+0.03
// of JSON.parse's rate in bench/sexp-reader).
const INTERN_MAX = 8;
const INTERN_SLOTS = 8192;
const interned: (string | undefined)[] = new Array<string | undefined>(INTERN_SLOTS).fill(
  undefined,
);

/**
 * `text.slice(start, end)`, but short texts seen before come back as the same string: most
 * tokens of a KiCad file (keywords, layer names, grid coordinates) repeat thousands of times.
 */
function intern(text: string, start: number, end: number, hash: number): string {
  const length = end - start;
  if (length > INTERN_MAX) return text.slice(start, end);
  const slot = (hash ^ length) & (INTERN_SLOTS - 1);
  const known = interned[slot];
  if (known !== undefined && known.length === length) {
    let k = 0;
    while (k < length && known.charCodeAt(k) === text.charCodeAt(start + k)) k++;
    if (k === length) return known;
  }
  const fresh = text.slice(start, end);
  interned[slot] = fresh;
  return fresh;
}

/** `pending.slice(start)` through array literals for the common short lists (see `scan`). */
function exactItems(p: SNode[], s: number): SNode[] {
  switch (p.length - s) {
    case 0:
      return [];
    case 1:
      return [p[s] as SNode];
    case 2:
      return [p[s] as SNode, p[s + 1] as SNode];
    case 3:
      return [p[s] as SNode, p[s + 1] as SNode, p[s + 2] as SNode];
    case 4:
      return [p[s] as SNode, p[s + 1] as SNode, p[s + 2] as SNode, p[s + 3] as SNode];
    case 5:
      return [
        p[s] as SNode,
        p[s + 1] as SNode,
        p[s + 2] as SNode,
        p[s + 3] as SNode,
        p[s + 4] as SNode,
      ];
    case 6:
      return [
        p[s] as SNode,
        p[s + 1] as SNode,
        p[s + 2] as SNode,
        p[s + 3] as SNode,
        p[s + 4] as SNode,
        p[s + 5] as SNode,
      ];
    case 7:
      return [
        p[s] as SNode,
        p[s + 1] as SNode,
        p[s + 2] as SNode,
        p[s + 3] as SNode,
        p[s + 4] as SNode,
        p[s + 5] as SNode,
        p[s + 6] as SNode,
      ];
    case 8:
      return [
        p[s] as SNode,
        p[s + 1] as SNode,
        p[s + 2] as SNode,
        p[s + 3] as SNode,
        p[s + 4] as SNode,
        p[s + 5] as SNode,
        p[s + 6] as SNode,
        p[s + 7] as SNode,
      ];
    default:
      return p.slice(s);
  }
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
