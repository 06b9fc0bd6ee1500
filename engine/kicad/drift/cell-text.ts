/**
 * The plain text a reader sees in a markdown table cell: inline code unwrapped, links and images
 * reduced to their text, emphasis markers, HTML tags and backslash escapes removed, whitespace
 * collapsed. Underscores inside words are kept (net names are full of them).
 */
export function cellText(cell: string): string {
  const parts: string[] = [];
  // Code spans are literal: split them out first so nothing below touches their content.
  const pattern = /(`+)([\s\S]*?[^`])\1(?!`)/g;
  let last = 0;
  for (const m of cell.matchAll(pattern)) {
    parts.push(inline(cell.slice(last, m.index)));
    parts.push((m[2] ?? "").trim());
    last = (m.index ?? 0) + m[0].length;
  }
  parts.push(inline(cell.slice(last)));
  return parts.join("").replace(/\s+/g, " ").trim();
}

function inline(text: string): string {
  // Escaped punctuation is literal: park it in private-use characters while markup is removed.
  const parked = text.replace(/\\([!-/:-@[-`{-~])/g, (_, c: string) =>
    String.fromCharCode(0xe000 + c.charCodeAt(0)),
  );
  return parked
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1") // images → alt text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1") // inline links → text
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, "$1") // reference links → text
    .replace(/<(https?:[^>\s]+)>/g, "$1") // autolinks
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/<\/?[a-z][^>]*>/gi, "")
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, "$2") // strong
    .replace(/(^|[^\w*])\*(?=\S)([^*]*?\S)\*(?!\w)/g, "$1$2") // *emphasis*
    .replace(/(^|\W)_(?=\S)([^_]*?\S)_(?!\w)/g, "$1$2") // _emphasis_ (not snake_case)
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, "$1")
    .replace(/[\ue021-\ue07e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xe000));
}
