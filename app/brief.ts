import type { Html, Image, Link, Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";

/**
 * An issue becomes `brief.md`. Issue text is untrusted: it reaches the model only as this
 * file, never through a shell, a workflow expression or a prompt template. What a reader of
 * the issue cannot see is removed, so the brief says what the people on the issue saw:
 * HTML comments, raw HTML tags (and the content of hidden elements), image alt text, link
 * titles, and invisible or direction-changing characters.
 */

// Zero-width and formatting characters, bidi controls, soft hyphen, Unicode tag characters.
// U+034F (combining grapheme joiner) is an alternative of its own: in a class it would combine.
const INVISIBLE =
  /\u034f|[\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0]|[\u{e0000}-\u{e007f}]/gu;
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
// Entities that spell an invisible character ("&#8203;", "&ZeroWidthSpace;").
const INVISIBLE_ENTITY =
  /&(?:#(?:x(?:ad|34f|61c|180e|200[b-f]|202[a-e]|206[0-9a-f]|feff)|(?:173|847|1564|6158|820[3-7]|823[4-8]|828[8-9]|829[0-9]|830[0-3]|65279));|(?:ZeroWidthSpace|zwnj|zwj|lrm|rlm|shy|NoBreak|InvisibleTimes|InvisibleComma|af|ic|it);)/gi;

const HIDING =
  /\bhidden\b|aria-hidden\s*=\s*["']?true|display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0|opacity\s*:\s*0(?![.\d]*[1-9])/i;
const HIDDEN_TAGS = /^<(script|style|template|noscript|iframe|object)\b/i;

interface Cut {
  start: number;
  end: number;
  insert?: string;
}

/** Strips tags from an HTML fragment, dropping comments and hidden elements with their content. */
export function visibleHtmlText(html: string): string {
  let out = "";
  let hiddenDepth = 0;
  const stack: boolean[] = [];
  const tokens = html.split(/(<!--[\s\S]*?(?:-->|$)|<\/?[A-Za-z][^>]*>?)/);
  for (const token of tokens) {
    if (token.startsWith("<!--")) continue;
    const open = /^<([A-Za-z][\w-]*)([^>]*)>?$/.exec(token);
    const close = /^<\/([A-Za-z][\w-]*)\s*>?$/.exec(token);
    if (open) {
      const selfClosing =
        /\/>$/.test(token) || /^(br|hr|img|input|meta|link|wbr|source)$/i.test(open[1]!);
      const hides = HIDING.test(open[2] ?? "") || HIDDEN_TAGS.test(token);
      if (!selfClosing) {
        stack.push(hides);
        if (hides) hiddenDepth++;
      }
      if (/^br$/i.test(open[1]!) && hiddenDepth === 0) out += "\n";
      continue;
    }
    if (close) {
      if (stack.pop()) hiddenDepth--;
      continue;
    }
    if (hiddenDepth === 0) out += token;
  }
  return out;
}

const FLOW_PARENTS = new Set(["root", "blockquote", "listItem", "footnoteDefinition"]);

function collect(node: Nodes, text: string, cuts: Cut[], inline: Html[], parent = "root"): void {
  const pos = node.position;
  if (node.type === "code" || node.type === "inlineCode") return;
  if (node.type === "html" && pos?.start.offset !== undefined && pos.end.offset !== undefined) {
    const start = pos.start.offset;
    const end = pos.end.offset;
    // An HTML block holds a whole run of lines (tags and text); inline HTML is one node per tag.
    if (FLOW_PARENTS.has(parent)) cuts.push({ start, end, insert: visibleHtmlText(node.value) });
    else inline.push(node);
    return;
  }
  if (
    (node.type === "image" || node.type === "link") &&
    pos?.start.offset !== undefined &&
    pos.end.offset !== undefined
  ) {
    const n = node as Image | Link;
    const label =
      node.type === "image"
        ? ""
        : text.slice(pos.start.offset + 1, text.lastIndexOf("](", pos.end.offset));
    const link = node.type === "image" ? `![](${n.url})` : null;
    if (link !== null) cuts.push({ start: pos.start.offset, end: pos.end.offset, insert: link });
    else if (n.title)
      cuts.push({ start: pos.start.offset, end: pos.end.offset, insert: `[${label}](${n.url})` });
  }
  if ("children" in node)
    for (const child of node.children) collect(child as Nodes, text, cuts, inline, node.type);
}

/** Inline HTML comes as one node per tag: hidden elements are cut from their open to their close. */
function inlineCuts(nodes: readonly Html[], cuts: Cut[]): void {
  const stack: Array<{ node: Html; hides: boolean }> = [];
  for (const node of nodes) {
    const start = node.position!.start.offset!;
    const end = node.position!.end.offset!;
    const open = /^<([A-Za-z][\w-]*)([^>]*)>$/.exec(node.value);
    const close = /^<\/([A-Za-z][\w-]*)\s*>$/.exec(node.value);
    if (open && !/\/>$/.test(node.value) && !/^(br|hr|img|input|wbr)$/i.test(open[1]!)) {
      stack.push({ node, hides: HIDING.test(open[2] ?? "") || HIDDEN_TAGS.test(node.value) });
      continue;
    }
    if (close) {
      const top = stack.pop();
      if (top?.hides) cuts.push({ start: top.node.position!.start.offset!, end });
      else {
        if (top)
          cuts.push({
            start: top.node.position!.start.offset!,
            end: top.node.position!.end.offset!,
          });
        cuts.push({ start, end });
      }
      continue;
    }
    cuts.push({ start, end, insert: /^<br/i.test(node.value) ? "\n" : "" });
  }
  // An element never closed: a hidden one hides the rest of its paragraph, as a browser would.
  for (const { node, hides } of stack) {
    const s = node.position!.start.offset!;
    cuts.push({ start: s, end: hides ? Number.MAX_SAFE_INTEGER : node.position!.end.offset! });
  }
}

function applyCuts(text: string, cuts: Cut[]): string {
  const sorted = [...cuts].sort((a, b) => a.start - b.start || b.end - a.end);
  let out = "";
  let at = 0;
  for (const c of sorted) {
    if (c.start < at) continue; // inside a cut already made
    out += text.slice(at, c.start) + (c.insert ?? "");
    at = Math.min(Math.max(c.end, c.start), text.length);
  }
  return out + text.slice(at);
}

/** The visible Markdown of an issue body. */
export function sanitizeMarkdown(markdown: string): string {
  const text = markdown
    .replace(/\r\n?/g, "\n")
    .replace(INVISIBLE, "")
    .replace(CONTROL, "")
    .replace(INVISIBLE_ENTITY, "");
  const tree = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const cuts: Cut[] = [];
  const inline: Html[] = [];
  collect(tree, text, cuts, inline);
  inlineCuts(inline, cuts);
  return applyCuts(text, cuts)
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** One line of plain title text. */
export function sanitizeTitle(title: string): string {
  const flat = visibleHtmlText(title.replace(INVISIBLE, "").replace(CONTROL, " "));
  return (
    flat
      .replace(/\s+/g, " ")
      .replace(/^#+\s*/, "")
      .trim()
      .slice(0, 200) || "Untitled brief"
  );
}

/** The `brief.md` committed for an issue: byte-stable for the same title and body. */
export function briefFromIssue(input: {
  title: string;
  body: string;
  number: number;
  repo: string;
}): string {
  const body = sanitizeMarkdown(input.body);
  return [
    `# ${sanitizeTitle(input.title)}`,
    "",
    `From ${input.repo}#${input.number}. Edit the issue and label it again to update this brief.`,
    "",
    body || "(The issue has no description.)",
    "",
  ].join("\n");
}
