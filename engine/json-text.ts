/**
 * JSON.parse for files people edit: a leading UTF-8 byte order mark (which some Windows
 * editors add, and which JSON.parse reports as an unexpected invisible token) is skipped, as
 * RFC 8259 allows. Syntax errors still throw SyntaxError for the caller to word.
 */
export function parseJson(text: string): unknown {
  return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}
