import { join } from "node:path";
import { readOptional } from "../../repo/read-optional.js";

/**
 * The names a group caption may use: the level 2–6 headings of docs/SUBSYSTEMS.md and
 * docs/BOM.md (the subsystems the architecture stage named, the sections of the BOM).
 */
export interface CaptionVocabulary {
  headings: string[];
}

/** Either a vocabulary, or why there is none (the caption check is then skipped, loudly). */
export type VocabularyResult = { vocabulary: CaptionVocabulary } | { skipReason: string };

/** Markdown ATX headings of level 2–6, outside fenced code, with inline markup removed. */
export function markdownHeadings(markdown: string): string[] {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split(/\r?\n/)) {
    const fenceMatch = /^ {0,3}(```+|~~~+)/.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      if (fence === undefined) fence = marker[0]!;
      else if (marker[0] === fence) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const m = /^ {0,3}(#{2,6})[ \t]+(.*?)[ \t]*(?:[ \t]#+[ \t]*)?$/.exec(line);
    if (!m) continue;
    const text = m[2]!
      .replace(/`([^`]*)`/g, "$1")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/(\*\*|__|\*|_)(.+?)\1/g, "$2")
      .trim();
    if (text !== "") out.push(text);
  }
  return out;
}

/** Builds the vocabulary from the two documents' text (undefined = the file is absent). */
export function captionVocabulary(docs: {
  subsystems?: string | undefined;
  bom?: string | undefined;
}): VocabularyResult {
  if (docs.subsystems === undefined && docs.bom === undefined) {
    return { skipReason: "docs/SUBSYSTEMS.md and docs/BOM.md are absent" };
  }
  const headings = [
    ...markdownHeadings(docs.subsystems ?? ""),
    ...markdownHeadings(docs.bom ?? ""),
  ];
  if (headings.length === 0) {
    return {
      skipReason: "no parseable level 2–6 headings in docs/SUBSYSTEMS.md or docs/BOM.md",
    };
  }
  return { vocabulary: { headings: [...new Set(headings)] } };
}

/** Reads docs/SUBSYSTEMS.md and docs/BOM.md under `docsDir` (either may be missing). */
export async function loadCaptionVocabulary(docsDir: string): Promise<VocabularyResult> {
  const read = (name: string) => readOptional(join(docsDir, name));
  const [subsystems, bom] = await Promise.all([read("SUBSYSTEMS.md"), read("BOM.md")]);
  return captionVocabulary({ subsystems, bom });
}

function fold(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * A caption matches a heading when, case-folded and trimmed, they are equal or one contains
 * the other ("Power" matches "Power supply"; "USB-C power input" matches "USB-C").
 */
export function matchingHeading(
  caption: string,
  vocabulary: CaptionVocabulary,
): string | undefined {
  const c = fold(caption);
  if (c === "") return undefined;
  return vocabulary.headings.find((h) => {
    const f = fold(h);
    return f !== "" && (f === c || f.includes(c) || c.includes(f));
  });
}
