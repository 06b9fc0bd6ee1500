import type { Nodes, Root, RootContent, Table } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { toString as plainText } from "mdast-util-to-string";
import { gfm } from "micromark-extension-gfm";
import { pushAll } from "../../array-ops.js";

/**
 * What the gates read in a document, through a real CommonMark + GFM parser: ATX and setext
 * headings, fences of any kind (a ``` inside a ~~~ fence is code), indented code, tables, and
 * HTML comments — scaffolds hide their instructions in comments, so comments never count as
 * content.
 */
export function parseMarkdown(text: string): Root {
  return fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

/** One piece of content a reader sees: a paragraph line, a list item, a table row, a code block. */
export interface MarkdownBlock {
  kind: "line" | "item" | "row" | "code";
  /** Plain text (markup and HTML removed); table rows are their cells joined by " | ". */
  text: string;
  /** 1-based line in the document. */
  line: number;
  /** Table rows only: every cell's plain text. */
  cells?: string[];
  /** The inline code spans in it (`board.width_mm`), as written. */
  codes: string[];
}

export interface MarkdownSection {
  level: number;
  title: string;
  line: number;
  /** Content up to the next heading of the same or a shallower level (subsections included). */
  blocks: MarkdownBlock[];
}

/** A table: its header cells and body rows, as plain text, with the heading it sits under. */
export interface MarkdownTableRows {
  headers: string[];
  rows: MarkdownBlock[];
  line: number;
  heading?: string;
}

const text = (node: Nodes) => plainText(node, { includeHtml: false }).trim();

function codesIn(node: Nodes): string[] {
  if (node.type === "inlineCode") return [node.value];
  return "children" in node ? node.children.flatMap((child) => codesIn(child as Nodes)) : [];
}
const lineOf = (node: Nodes) => node.position?.start.line ?? 0;

/** The blocks a node holds, in document order; headings and HTML hold none. */
function blocksOf(node: RootContent): MarkdownBlock[] {
  switch (node.type) {
    case "paragraph": {
      // Each source line of a paragraph is a line of content ("- R1: 10k" inventories are
      // checked line by line), comments and markup dropped.
      const start = lineOf(node);
      const codes = codesIn(node);
      return text(node)
        .split("\n")
        .map((l, i) => ({
          kind: "line" as const,
          text: l.trim(),
          line: start + i,
          codes: codes.filter((c) => l.includes(c)),
        }))
        .filter((b) => b.text !== "");
    }
    case "list":
      return node.children.flatMap((item) => {
        const [first, ...rest] = item.children;
        const own = first?.type === "paragraph" ? text(first) : first ? "" : text(item as Nodes);
        const head: MarkdownBlock[] =
          own === ""
            ? []
            : [
                {
                  kind: "item",
                  text: own.replace(/\s*\n\s*/g, " "),
                  line: lineOf(item),
                  codes: first ? codesIn(first) : [],
                },
              ];
        const tail = (first?.type === "paragraph" ? rest : item.children).flatMap(blocksOf);
        return [...head, ...tail];
      });
    case "blockquote":
      return node.children.flatMap(blocksOf);
    case "table":
      return rowsOf(node).rows;
    case "code":
      return node.value.trim() === ""
        ? []
        : [{ kind: "code", text: node.value, line: lineOf(node), codes: [] }];
    default:
      return [];
  }
}

function rowsOf(table: Table): { headers: string[]; rows: MarkdownBlock[] } {
  const [header, ...body] = table.children;
  const headers = (header?.children ?? []).map((c) => text(c));
  const rows = body
    .map((row) => {
      // GFM: a row has exactly as many cells as the header (missing ones are empty).
      const cells = headers.map((_, i) => (row.children[i] ? text(row.children[i]) : ""));
      const codes = codesIn(row);
      return { kind: "row" as const, text: cells.join(" | "), line: lineOf(row), cells, codes };
    })
    .filter((r) => r.cells.some((c) => c !== ""));
  return { headers, rows };
}

/** Every heading with the section it opens. */
export function markdownSections(source: string | Root): MarkdownSection[] {
  const root = typeof source === "string" ? parseMarkdown(source) : source;
  const nodes = root.children;
  const sections: MarkdownSection[] = [];
  nodes.forEach((node, index) => {
    if (node.type !== "heading") return;
    const blocks: MarkdownBlock[] = [];
    for (const next of nodes.slice(index + 1)) {
      if (next.type === "heading" && next.depth <= node.depth) break;
      pushAll(blocks, blocksOf(next));
    }
    sections.push({ level: node.depth, title: text(node), line: lineOf(node), blocks });
  });
  return sections;
}

/** Every table of the document with the nearest heading above it. */
export function markdownTables(source: string | Root): MarkdownTableRows[] {
  const root = typeof source === "string" ? parseMarkdown(source) : source;
  const tables: MarkdownTableRows[] = [];
  let heading: string | undefined;
  const visit = (node: RootContent) => {
    if (node.type === "heading") heading = text(node);
    else if (node.type === "table") {
      const { headers, rows } = rowsOf(node);
      tables.push({ headers, rows, line: lineOf(node), ...(heading ? { heading } : {}) });
    } else if (node.type === "blockquote" || node.type === "list" || node.type === "listItem")
      for (const child of node.children) visit(child as RootContent);
  };
  for (const node of root.children) visit(node);
  return tables;
}

/** Whether the document has any content outside headings and comments. */
export function hasContent(source: string | Root): boolean {
  const root = typeof source === "string" ? parseMarkdown(source) : source;
  return root.children.some((node) => blocksOf(node).length > 0);
}

/** Every block of the document, headings and comments left out. */
export function documentBlocks(source: string | Root): MarkdownBlock[] {
  const root = typeof source === "string" ? parseMarkdown(source) : source;
  return root.children.flatMap(blocksOf);
}
