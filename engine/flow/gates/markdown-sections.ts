export interface MarkdownSection {
  level: number;
  title: string;
  /** Lines up to the next heading of the same or a shallower level (subsections included). */
  lines: string[];
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;

/** Markdown without HTML comments (scaffolds hide instructions in them). */
export function stripComments(text: string): string {
  return text.replace(/<!--[\s\S]*?(-->|$)/g, "");
}

/** Every ATX heading with the section it opens. Fenced code is not scanned for headings. */
export function markdownSections(text: string): MarkdownSection[] {
  const lines = stripComments(text).split(/\r?\n/);
  const headings: Array<{ index: number; level: number; title: string }> = [];
  let fenced = false;
  lines.forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const match = fenced ? null : HEADING.exec(line);
    if (match) headings.push({ index, level: match[1]!.length, title: match[2]! });
  });
  return headings.map((h, k) => {
    const end = headings.slice(k + 1).find((next) => next.level <= h.level)?.index ?? lines.length;
    return { level: h.level, title: h.title, lines: lines.slice(h.index + 1, end) };
  });
}

/** Lines that carry content: not blank and not headings. */
export function contentLines(lines: readonly string[]): string[] {
  return lines.filter((l) => l.trim() !== "" && !HEADING.test(l));
}
