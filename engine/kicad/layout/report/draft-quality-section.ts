import { fromMarkdown } from "mdast-util-from-markdown";

export const DRAFT_QUALITY = "Draft quality";

/**
 * `doc` with its `## Draft quality` section replaced by `section` (a text starting with that
 * heading), or the section appended when the document has none; a missing document becomes a
 * `# Layout` page holding it. Headings are found by a real Markdown parser, so a heading inside
 * a code fence or an indented block is not mistaken for one; the rest of the text is untouched.
 */
export function withDraftQuality(doc: string | undefined, section: string): string {
  const body = section.endsWith("\n") ? section : `${section}\n`;
  if (doc === undefined || doc.trim() === "") return `# Layout\n\n${body}`;
  const tree = fromMarkdown(doc);
  const headings = tree.children.flatMap((node) =>
    node.type === "heading" && node.position
      ? [{ depth: node.depth, text: textOf(node), start: node.position.start.offset ?? 0 }]
      : [],
  );
  const at = headings.findIndex((h) => h.depth === 2 && h.text.trim() === DRAFT_QUALITY);
  if (at < 0) return `${doc.replace(/\s*$/, "")}\n\n${body}`;
  const start = headings[at]?.start ?? 0;
  const next = headings.slice(at + 1).find((h) => h.depth <= 2);
  const end = next ? next.start : doc.length;
  const after = doc.slice(end);
  return `${doc.slice(0, start)}${body}${after === "" ? "" : `\n${after}`}`;
}

interface TextNode {
  type: string;
  value?: string;
  children?: TextNode[];
}

function textOf(node: TextNode): string {
  if (typeof node.value === "string") return node.value;
  return (node.children ?? []).map(textOf).join("");
}
