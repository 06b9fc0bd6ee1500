import { unescapeString } from "../sexp/parse.js";

/** The first atoms of one list whose head was asked for, with where the list starts. */
export interface ScannedList {
  head: string;
  atoms: string[];
  offset: number;
}

const QUOTE = 34;
const OPEN = 40;
const CLOSE = 41;

// KiCad's lexer takes NUL, vertical tab and form feed as white space too.
function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11 || c === 0;
}

function isDelimiter(c: number): boolean {
  return isSpace(c) || c === OPEN || c === CLOSE || c === QUOTE;
}

// Inside a string: an escape pair, or the closing quote.
const STRING_STEP = /\\[\s\S]|"/g;

/** End of the quoted atom starting at `i` (the opening quote): the index after its closing quote. */
function stringEnd(text: string, i: number): number {
  STRING_STEP.lastIndex = i + 1;
  for (let m = STRING_STEP.exec(text); m; m = STRING_STEP.exec(text)) {
    if (m[0] === '"') return m.index + 1;
  }
  return text.length;
}

function skipSpace(text: string, i: number): number {
  let j = i;
  while (j < text.length && isSpace(text.charCodeAt(j))) j++;
  return j;
}

function bareEnd(text: string, i: number): number {
  let j = i;
  while (j < text.length && !isDelimiter(text.charCodeAt(j))) j++;
  return j;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * One regex does the skipping: a whole string (so text inside it never counts), or an opening
 * parenthesis, KiCad's white space, and a wanted head ending at a delimiter. The regex engine
 * walks a 70 MB board about twice as fast as a character loop.
 */
function tokenPattern(heads: readonly string[]): RegExp {
  const names = heads.map(escapeRegExp).join("|");
  return new RegExp(
    `"[^"\\\\]*(?:\\\\[\\s\\S][^"\\\\]*)*"?|\\([ \\t\\n\\r\\f\\v\\0]*(${names})(?=[ \\t\\n\\r\\f\\v\\0()"]|$)`,
    "g",
  );
}

/**
 * Every list in an s-expression text whose head is one of `heads`, with its first `count`
 * atoms (quoted ones unescaped). One pass over the text, no tree, nothing sliced but what is
 * asked for: a 70 MB board is scanned in a fraction of the time a parse takes. Tokenised like KiCad's lexer (strings are skipped whole,
 * so text inside a string never counts, and a head may be preceded by white space), it finds
 * what KiCad would find even in a file our parser rejects.
 */
export function scanLists(text: string, heads: ReadonlySet<string>, count: number): ScannedList[] {
  const found: ScannedList[] = [];
  if (heads.size === 0) return found;
  const pattern = tokenPattern([...heads]);
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const head = match[1];
    if (head === undefined) continue;
    const atoms: string[] = [];
    let j = match.index + match[0].length;
    while (atoms.length < count) {
      j = skipSpace(text, j);
      if (j >= text.length) break;
      const at = text.charCodeAt(j);
      if (at === OPEN || at === CLOSE) break;
      if (at === QUOTE) {
        const close = stringEnd(text, j);
        atoms.push(unescapeString(text.slice(j + 1, Math.max(j + 1, close - 1))));
        j = close;
      } else {
        const close = bareEnd(text, j);
        atoms.push(text.slice(j, close));
        j = close;
      }
    }
    found.push({ head, atoms, offset: match.index });
    // The atoms were whole tokens: scanning resumes after them, in step with the lexer.
    pattern.lastIndex = j;
  }
  return found;
}
