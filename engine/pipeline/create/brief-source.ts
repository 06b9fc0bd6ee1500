import { UsageError } from "../../errors.js";

/** Where create's brief comes from: a sentence, a file, or the repo's brief.md as it is. */
export type BriefSource =
  | { kind: "sentence"; text: string }
  | { kind: "file"; path: string }
  | { kind: "existing" };

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The brief.md a one-sentence brief becomes: its first clause (up to eight words) as the
 * title — which also names the KiCad project — and the whole sentence as the body.
 * "a USB-C 5V power breakout, 3A, screw terminal" → "# A USB-C 5V power breakout\n\nA USB-C
 * 5V power breakout, 3A, screw terminal.\n". The same sentence always gives the same bytes,
 * so running the same command again finds the brief it wrote.
 */
export function briefFromSentence(sentence: string): string {
  const text = sentence.replace(/\s+/g, " ").trim();
  if (text === "") {
    throw new UsageError(
      "the brief is empty",
      'describe the board in a sentence (copperhead create "a USB-C 5V power breakout, 3A") or pass --brief <file.md>',
    );
  }
  const clause = text.split(/[,;:!?]|\.(?:\s|$)/)[0]!.trim() || text;
  const title = clause.split(" ").slice(0, 8).join(" ");
  const body = /[.!?]$/.test(text) ? text : `${text}.`;
  return `# ${capitalised(title)}\n\n${capitalised(body)}\n`;
}
