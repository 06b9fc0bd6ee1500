/**
 * A growable UTF-8 output buffer that knows its column. Writing bytes (rather than joining
 * millions of small strings) is what makes re-writing a 70 MB board take seconds, and KiCad
 * counts columns in bytes anyway, so the column is simply the distance to the last line break.
 */
export class ByteSink {
  bytes: Uint8Array;
  length = 0;
  private lineStart = 0;
  /** Bytes on this line that do not count as columns (KiCad's compact-mode quirk). */
  private uncounted = 0;

  constructor(capacity = 1 << 16) {
    this.bytes = new Uint8Array(capacity);
  }

  get column(): number {
    return this.length - this.lineStart - this.uncounted;
  }

  /** Room for `n` more bytes. */
  reserve(n: number): void {
    if (this.length + n > this.bytes.length) this.grow(this.length + n);
  }

  private grow(need: number): void {
    let size = this.bytes.length * 2;
    while (size < need) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  byte(c: number): void {
    if (this.length >= this.bytes.length) this.reserve(1);
    this.bytes[this.length++] = c;
  }

  /** A byte that is written but not counted as a column. */
  uncountedByte(c: number): void {
    this.byte(c);
    this.uncounted++;
  }

  /** A line break followed by `depth` tabs. */
  newline(depth: number): void {
    this.reserve(depth + 1);
    const bytes = this.bytes;
    let at = this.length;
    bytes[at++] = 10;
    this.lineStart = at;
    this.uncounted = 0;
    for (let k = 0; k < depth; k++) bytes[at++] = 9;
    this.length = at;
  }

  /** `text` as UTF-8; with `escaped`, also KiCad's four string escapes (" \ LF CR). */
  text(text: string, escaped: boolean): void {
    const n = text.length;
    // Worst case: 3 bytes per UTF-16 unit (escapes take 2, a surrogate pair 4 for 2 units).
    this.reserve(n * 3);
    const bytes = this.bytes;
    let at = this.length;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x80) {
        if (escaped && (c === 34 || c === 92 || c === 10 || c === 13)) {
          bytes[at++] = 92;
          bytes[at++] = c === 10 ? 110 : c === 13 ? 114 : c;
        } else {
          bytes[at++] = c;
        }
      } else if (c < 0x800) {
        bytes[at++] = 0xc0 | (c >> 6);
        bytes[at++] = 0x80 | (c & 0x3f);
      } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          bytes[at++] = 0xf0 | (cp >> 18);
          bytes[at++] = 0x80 | ((cp >> 12) & 0x3f);
          bytes[at++] = 0x80 | ((cp >> 6) & 0x3f);
          bytes[at++] = 0x80 | (cp & 0x3f);
          i++;
        } else {
          at = replacement(bytes, at);
        }
      } else if (c >= 0xd800 && c <= 0xdfff) {
        at = replacement(bytes, at);
      } else {
        bytes[at++] = 0xe0 | (c >> 12);
        bytes[at++] = 0x80 | ((c >> 6) & 0x3f);
        bytes[at++] = 0x80 | (c & 0x3f);
      }
    }
    this.length = at;
  }

  result(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

/** A lone surrogate cannot be UTF-8; write U+FFFD as TextEncoder does. */
function replacement(bytes: Uint8Array, at: number): number {
  bytes[at] = 0xef;
  bytes[at + 1] = 0xbf;
  bytes[at + 2] = 0xbd;
  return at + 3;
}
