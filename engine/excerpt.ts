/** How many characters of a file's content a message may quote, unless told otherwise. */
export const EXCERPT_LIMIT = 24;

// Anything a terminal, a CI log or a Markdown renderer could act on rather than show: C0/C1
// controls (ANSI escapes included), DEL, soft hyphen, bidirectional marks, overrides and
// isolates, zero-width and line/paragraph separators, variation selectors, byte-order marks,
// interlinear annotations and lone surrogates.
const UNPRINTABLE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0000, 0x001f],
  [0x007f, 0x009f],
  [0x00ad, 0x00ad],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x2028, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xd800, 0xdfff],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xfff9, 0xfffb],
  [0xe0000, 0xe007f],
];

function unprintable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return UNPRINTABLE_RANGES.some(([low, high]) => code >= low && code <= high);
}

function escapeOne(char: string): string {
  switch (char) {
    case "\n":
      return "\\n";
    case "\r":
      return "\\r";
    case "\t":
      return "\\t";
    default:
      return `\\u{${(char.codePointAt(0) ?? 0).toString(16)}}`;
  }
}

/**
 * At most `limit` characters of `text` (an ellipsis says more followed) with every unprintable
 * character spelled as an escape: for text that came out of a file or another process.
 */
export function printableExcerpt(text: string, limit = EXCERPT_LIMIT): string {
  const chars = Array.from(text);
  const cut = chars.length > limit;
  const printable = (cut ? chars.slice(0, limit) : chars)
    .map((char) => (unprintable(char) ? escapeOne(char) : char))
    .join("");
  return `${printable}${cut ? "…" : ""}`;
}

/** printableExcerpt in double quotes (inner quotes escaped): to quote content inside a message. */
export function quoteExcerpt(text: string, limit = EXCERPT_LIMIT): string {
  return `"${printableExcerpt(text, limit).replaceAll('"', '\\"')}"`;
}
