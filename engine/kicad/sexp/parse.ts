import { quoteExcerpt } from "../../excerpt.js";
import type { SAtom, SList, SNode } from "./node.js";
import { BYTE_ORDER_MARK, lineColumn, SexpParseError } from "./parse-error.js";

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
  /**
   * How the file was reached when another file named it (`Sheetfile of sheet "Power" in
   * top.kicad_sch`): errors name the reference, so the reader knows which field to fix.
   */
  via?: string;
  /**
   * May errors quote the file's text? Only for files a person named or the repository holds
   * (default true); a file from elsewhere gets its position and what was expected, no content.
   */
  quote?: boolean;
}

/**
 * Reads one KiCad s-expression document: exactly one root list, optionally preceded by `#`
 * comment lines (which KiCad accepts and we do not keep). Anything else after the root is an
 * error, as is a UTF-8 byte order mark, which kicad-cli refuses to load.
 */
export function parseSexp(text: string, options: ParseOptions = {}): SList {
  const fail = (offset: number, found: string, expected: string): never => {
    const { line, column } = lineColumn(text, offset);
    throw new SexpParseError({
      file: options.file,
      via: options.via,
      line,
      column,
      found,
      expected,
    });
  };
  const describe = (offset: number): string => describeAt(text, offset, options.quote !== false);

  if (text.charCodeAt(0) === 0xfeff) {
    fail(0, BYTE_ORDER_MARK, "'(' (KiCad cannot load files that start with a BOM)");
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

  let result: ReturnType<typeof scan>;
  try {
    result = scan(text, i);
  } catch (error) {
    // `readList` recurses once per nesting level: only a file nested thousands deep (KiCad
    // writes a few dozen levels) runs out of stack, and it gets a typed error like any other.
    if (!(error instanceof RangeError)) throw error;
    return fail(at, "lists nested too deeply to read", "at most a few thousand levels of nesting");
  }
  if (typeof result === "number") {
    // A negative result is the offset of an unterminated string, encoded as -(offset + 1).
    if (result < 0) fail(-result - 1, "an unterminated string", "a closing '\"'");
    const { line, column } = lineColumn(text, result);
    fail(n, "end of file", `')' closing the list opened at line ${line}, column ${column}`);
  }
  const { root, end } = result as { root: SList; end: number };
  i = end;
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  if (i < n) fail(i, describe(i), "end of file after the root list");
  return root;
}

/** What stands at `offset`: a bounded, printable quote of the text, or only what kind it is. */
function describeAt(text: string, offset: number, quote: boolean): string {
  if (offset >= text.length) return "end of file";
  const c = text[offset];
  if (c === "\n") return "a line break";
  return quote ? quoteExcerpt(text.slice(offset, offset + 13), 12) : "other text";
}

/**
 * Parsed atoms are class instances holding only what differs per atom (text and offset); `kind`
 * and `quoted` live on the prototype (writable, so an assignment shadows them). A board is
 * millions of atoms that all survive the parse, so each word is GC copying: 5 words instead of 7.
 * Lists keep an own `kind`: copying a list with a spread (`{ ...list, items }`) is common and
 * must stay a list. Spreading an atom is not supported (it would drop `kind` and `quoted`): build
 * a new one with `atom`/`str`.
 */
class BareAtom implements SAtom {
  declare readonly kind: "atom";
  declare quoted: boolean;
  declare text: string;
  declare offset: number;
  constructor(text: string, offset: number) {
    this.text = text;
    this.offset = offset;
  }
}

class QuotedAtom implements SAtom {
  declare readonly kind: "atom";
  declare quoted: boolean;
  declare text: string;
  declare offset: number;
  constructor(text: string, offset: number) {
    this.text = text;
    this.offset = offset;
  }
}

/** The rare quoted atom whose escapes must be kept: its own class so common atoms stay small. */
class ParsedRawAtom extends QuotedAtom implements RawAtom {
  declare raw: string;
  constructor(text: string, offset: number, raw: string) {
    super(text, offset);
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

function onPrototype(cls: { prototype: object }, fields: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(fields)) {
    Object.defineProperty(cls.prototype, name, { value, writable: true, enumerable: false });
  }
}
onPrototype(BareAtom, { kind: "atom", quoted: false });
onPrototype(QuotedAtom, { kind: "atom", quoted: true });

/** Character classes for the atom scanner: 1 ends a bare atom. */
const DELIMITER = new Uint8Array(128);
for (const c of [32, 9, 10, 13, 12, 11, OPEN, CLOSE, QUOTE]) DELIMITER[c] = 1;

/** Where `readList` stopped; module state so the recursion passes no objects around. */
let at = 0;
/** After `readList` returned null: see `scan`. */
let failure = 0;
/** `rest` until a list's 9th item (never handed out, so never mutated). */
const NO_ITEMS: SNode[] = [];

/**
 * Returns the root and the offset after it; or, on failure, the offset of the innermost unclosed
 * list (end of input reached) or -(offset + 1) of an unterminated string.
 *
 * Why it is shaped this way: a parsed board is a large tree (millions of nodes) that all survives
 * the parse, so its cost is allocation and GC (a profile of bench/sexp-reader: ~75% garbage
 * collector, ~10% this loop). Nodes are small class instances (above; object literals, even
 * pretenured, measured slower), short atom texts are shared through `intern`, and each list
 * gathers its first items in locals (`readList`) and allocates its item array once, at its exact
 * size (~5% faster than an explicit stack of pending items, a long-lived array every new node was
 * written into and copied out of).
 */
function scan(text: string, first: number): { root: SList; end: number } | number {
  at = first + 1;
  const root = readList(text, text.length, first);
  return root === null ? failure : { root, end: at };
}

/**
 * Reads the items of the list opened at `open` from `at` up to its ')'; null on a failure (the
 * innermost list notices first and records it in `failure`).
 */
function readList(text: string, n: number, open: number): ParsedList | null {
  let i = at;
  let a0: SNode | undefined;
  let a1: SNode | undefined;
  let a2: SNode | undefined;
  let a3: SNode | undefined;
  let a4: SNode | undefined;
  let a5: SNode | undefined;
  let a6: SNode | undefined;
  let a7: SNode | undefined;
  let rest: SNode[] = NO_ITEMS;
  let count = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    let item: SNode;
    if (c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 11) {
      i++;
      continue;
    }
    if (c === CLOSE) {
      at = i + 1;
      return new ParsedList(collect(count, a0, a1, a2, a3, a4, a5, a6, a7, rest), open);
    }
    if (c === OPEN) {
      at = i + 1;
      const inner = readList(text, n, i);
      if (inner === null) return null;
      item = inner;
      i = at;
    } else if (c === QUOTE) {
      const start = i;
      let hash = 0;
      let hasEscape = false;
      i++;
      for (;;) {
        if (i >= n) {
          failure = -(start + 1);
          return null;
        }
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
        item =
          escapeString(value) !== inner
            ? new ParsedRawAtom(value, start, inner)
            : new QuotedAtom(value, start);
      } else {
        item = sharedAtom(quotedAtoms, QuotedAtom, text, start + 1, i - 1, hash, start);
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
      item = sharedAtom(bareAtoms, BareAtom, text, start, i, hash, start);
    }
    if (count === 0) a0 = item;
    else if (count === 1) a1 = item;
    else if (count === 2) a2 = item;
    else if (count === 3) a3 = item;
    else if (count === 4) a4 = item;
    else if (count === 5) a5 = item;
    else if (count === 6) a6 = item;
    else if (count === 7) a7 = item;
    else if (count === 8) rest = [a0, a1, a2, a3, a4, a5, a6, a7, item] as SNode[];
    else rest.push(item);
    count++;
  }
  failure = open;
  return null;
}

// V8 makes slices of 13+ characters views into the source; a table entry like that would keep the
// last file read alive, so only shorter texts (always copied) are shared. A board's 9-12 character
// tokens are mostly coordinates (vme-wren.kicad_pcb: 2.0 M of them, 190 k distinct): with 8 k
// slots they thrashed the table, with 64 k they mostly hit.
const INTERN_MAX = 12;
const INTERN_SLOTS = 65536;
type AtomClass = new (text: string, offset: number) => SAtom;
const bareAtoms: (SAtom | undefined)[] = new Array<SAtom | undefined>(INTERN_SLOTS).fill(undefined);
const quotedAtoms: (SAtom | undefined)[] = new Array<SAtom | undefined>(INTERN_SLOTS).fill(
  undefined,
);

/**
 * The atom for `text.slice(start, end)`. Short tokens (keywords, layer names, grid coordinates,
 * `yes`/`no`) repeat millions of times in a board, and every parsed node survives the parse, so
 * each one allocated is GC copying: a short token seen before is the SAME frozen atom object, with
 * no source offset (-1, as for built nodes; lists and long atoms keep theirs, and errors point at
 * lists). Frozen, so an edit of one shared atom throws instead of changing every place it is used.
 */
function sharedAtom(
  table: (SAtom | undefined)[],
  Atom: AtomClass,
  text: string,
  start: number,
  end: number,
  hash: number,
  offset: number,
): SAtom {
  const length = end - start;
  if (length > INTERN_MAX) return new Atom(text.slice(start, end), offset);
  const slot = (hash ^ length) & (INTERN_SLOTS - 1);
  const known = table[slot];
  if (known !== undefined && known.text.length === length) {
    const word = known.text;
    let k = 0;
    while (k < length && word.charCodeAt(k) === text.charCodeAt(start + k)) k++;
    if (k === length) return known;
  }
  const fresh = Object.freeze(new Atom(text.slice(start, end), -1));
  table[slot] = fresh;
  return fresh;
}

/**
 * The item array of a list, as an array literal of exactly `count` items (most lists have 2-4);
 * a longer list is the array its 9th item started.
 */
function collect(
  count: number,
  a0: SNode | undefined,
  a1: SNode | undefined,
  a2: SNode | undefined,
  a3: SNode | undefined,
  a4: SNode | undefined,
  a5: SNode | undefined,
  a6: SNode | undefined,
  a7: SNode | undefined,
  rest: SNode[],
): SNode[] {
  switch (count) {
    case 0:
      return [];
    case 1:
      return [a0] as SNode[];
    case 2:
      return [a0, a1] as SNode[];
    case 3:
      return [a0, a1, a2] as SNode[];
    case 4:
      return [a0, a1, a2, a3] as SNode[];
    case 5:
      return [a0, a1, a2, a3, a4] as SNode[];
    case 6:
      return [a0, a1, a2, a3, a4, a5] as SNode[];
    case 7:
      return [a0, a1, a2, a3, a4, a5, a6] as SNode[];
    case 8:
      return [a0, a1, a2, a3, a4, a5, a6, a7] as SNode[];
    default:
      return rest;
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

/** The text of a quoted atom's source spelling (between the quotes). */
export function unescapeString(inner: string): string {
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
