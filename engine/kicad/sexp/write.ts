import { ByteSink } from "./byte-sink.js";
import type { SAtom, SList, SNode } from "./node.js";
import { escapeString, rawSpelling } from "./parse.js";

/*
 * KiCad 9 does not indent while it serialises: it prints every token separated by single spaces
 * and then runs one pass over that text (KICAD_FORMAT::Prettify) that decides line breaks from a
 * handful of global state variables. Reproducing KiCad's bytes therefore means replaying that
 * pass token by token, including its quirks:
 *  - the "inside (xy …) runs" flag stays set after an xy list closes, until the next '(' —
 *    that is what keeps consecutive points on one line;
 *  - the "a line was wrapped" flag is global, not per list: after a wrap, the NEXT ')' goes on
 *    its own line, whichever list it closes;
 *  - in compact mode, a space written inside a short form past column 72 does not advance the
 *    column counter;
 *  - columns count bytes of the UTF-8 output and a tab counts as one column.
 */

/** How a file is laid out; the defaults are what KiCad 9 writes with its default settings. */
export interface WriteLayout {
  /**
   * KiCad's `CompactSave=1` advanced setting: `font`, `stroke`, `fill`, `offset`, `rotate` and
   * `scale` lists, with everything inside them, on one line.
   */
  compact?: boolean;
  /**
   * Another `(xy …)` joins the line while the line is shorter than this column (KiCad: 99).
   * 0 puts every point on its own line, as kicad-footprint-generator does.
   */
  xyColumn?: number;
  /** KiCad 8.0.0 and 8.0.1 wrote no newline after the root's `)`. */
  finalNewline?: boolean;
}

/** Whitespace between atoms wraps to a new line once the line reaches this column. */
const WRAP_COLUMN = 72;
/** KiCad's limit for consecutive `(xy …)` lists on one line. */
const XY_COLUMN = 99;
const SHORT_FORMS = new Set(["font", "stroke", "fill", "offset", "rotate", "scale"]);

const OPEN = 1;
const CLOSE = 2;
const ATOM = 3;

const LPAREN = 40;
const RPAREN = 41;
const SPACE = 32;
const QUOTE = 34;

/** The exact text an atom is written as: quoted atoms always re-escaped (or their raw text). */
export function atomText(node: SAtom): string {
  if (!node.quoted) return node.text;
  return `"${rawSpelling(node) ?? escapeString(node.text)}"`;
}

/** Prettify looks at the raw text after '(': "xy" then a space. */
function isXY(node: SList): boolean {
  const head = node.items[0];
  return node.items.length > 1 && head?.kind === "atom" && !head.quoted && head.text === "xy";
}

/** Prettify reads the run of ASCII letters after '(' and compares it with the short forms. */
function isShortForm(node: SList): boolean {
  const head = node.items[0];
  if (head?.kind !== "atom" || head.quoted) return false;
  const letters = /^[A-Za-z]*/.exec(head.text)?.[0] ?? "";
  return SHORT_FORMS.has(letters);
}

class Writer {
  readonly sink = new ByteSink();
  private depth = 0;
  private last = 0;
  private inXY = false;
  private inMultiLine = false;
  private inShortForm = false;
  private shortFormDepth = 0;

  constructor(
    private readonly compact: boolean,
    private readonly xyColumn: number,
  ) {}

  list(list: SList): void {
    const sink = this.sink;
    const xy = isXY(list);
    if (sink.length === 0) {
      sink.byte(LPAREN);
    } else if ((this.inXY && xy && sink.column < this.xyColumn) || this.inShortForm) {
      sink.byte(SPACE);
      sink.byte(LPAREN);
    } else {
      sink.newline(this.depth);
      sink.byte(LPAREN);
    }
    this.inXY = xy;
    if (this.compact && isShortForm(list)) {
      this.inShortForm = true;
      this.shortFormDepth = this.depth;
    }
    this.depth++;
    this.last = OPEN;

    const items = list.items;
    for (let k = 0; k < items.length; k++) {
      const item = items[k] as SNode;
      if (item.kind === "list") this.list(item);
      else this.atom(item);
    }

    this.depth--;
    if (!this.inShortForm && (this.last === CLOSE || this.inMultiLine)) {
      sink.newline(this.depth);
      this.inMultiLine = false;
    }
    sink.byte(RPAREN);
    if (this.shortFormDepth === this.depth) {
      this.inShortForm = false;
      this.shortFormDepth = 0;
    }
    this.last = CLOSE;
  }

  private atom(item: SAtom): void {
    const sink = this.sink;
    if (this.last !== OPEN) {
      if (this.inXY || sink.column < WRAP_COLUMN) {
        sink.byte(SPACE);
      } else if (this.inShortForm) {
        sink.uncountedByte(SPACE);
      } else {
        sink.newline(this.depth);
        this.inMultiLine = true;
      }
    }
    if (item.quoted) {
      const raw = rawSpelling(item);
      sink.byte(QUOTE);
      if (raw === undefined) sink.text(item.text, true);
      else sink.text(raw, false);
      sink.byte(QUOTE);
    } else {
      sink.text(item.text, false);
    }
    this.last = ATOM;
  }
}

/**
 * Writes a tree in KiCad's file layout, as UTF-8 bytes: TAB indentation, every list on its own
 * line, lists of atoms inline, runs of `(xy …)` sharing lines up to column 99, long atom runs
 * wrapped at column 72, a closing paren on its own line after a sub-list, and a final newline.
 */
export function writeSexpBytes(root: SList, layout: WriteLayout = {}): Uint8Array {
  const writer = new Writer(layout.compact ?? false, layout.xyColumn ?? XY_COLUMN);
  writer.list(root);
  if (layout.finalNewline ?? true) writer.sink.byte(10);
  return writer.sink.result();
}

/** `writeSexpBytes` as a string. */
export function writeSexp(root: SList, layout: WriteLayout = {}): string {
  const bytes = writeSexpBytes(root, layout);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("utf8");
}
