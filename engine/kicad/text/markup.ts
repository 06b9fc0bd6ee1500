/**
 * KiCad's text markup: `~{…}` draws an overbar, `^{…}` superscript, `_{…}` subscript; they nest.
 * `${…}` is a text variable and is drawn literally when unresolved, as is any marker without a
 * closing brace. A text that is exactly "~" is KiCad's spelling of "empty".
 */
export type Script = "normal" | "super" | "sub";

export interface MarkupRun {
  text: string;
  script: Script;
  overbar: boolean;
}

export function parseMarkup(text: string): MarkupRun[] {
  if (text === "~") return [];
  // Most text has no markup at all: skip the scan.
  if (!text.includes("{")) return text ? [{ text, script: "normal", overbar: false }] : [];
  const runs: MarkupRun[] = [];
  collect([...text], 0, "normal", false, runs);
  return mergeRuns(runs);
}

/** Appends the runs of `chars` from `start`; returns the index after a closing `}` or the end. */
function collect(
  chars: string[],
  start: number,
  script: Script,
  overbar: boolean,
  out: MarkupRun[],
): number {
  let literal = "";
  const flush = () => {
    if (literal) out.push({ text: literal, script, overbar });
    literal = "";
  };
  // Literal braces inside a group (e.g. `${VAR}`) must not close it.
  let depth = 0;
  let i = start;
  while (i < chars.length) {
    const c = chars[i] as string;
    const next = chars[i + 1];
    if (next === "{" && (c === "~" || c === "^" || c === "_") && closes(chars, i + 2)) {
      flush();
      const inner: Script = c === "^" ? "super" : c === "_" ? "sub" : script;
      i = collect(chars, i + 2, inner, overbar || c === "~", out);
      continue;
    }
    if (c === "}" && start > 0 && depth === 0) {
      flush();
      return i + 1;
    }
    if (c === "{") depth++;
    else if (c === "}" && depth > 0) depth--;
    literal += c;
    i++;
  }
  flush();
  return i;
}

/** Whether a `}` closes the group opened just before `from` (nested groups balanced). */
function closes(chars: string[], from: number): boolean {
  let depth = 0;
  for (let i = from; i < chars.length; i++) {
    if (chars[i] === "{") depth++;
    else if (chars[i] === "}") {
      if (depth === 0) return true;
      depth--;
    }
  }
  return false;
}

function mergeRuns(runs: MarkupRun[]): MarkupRun[] {
  const merged: MarkupRun[] = [];
  for (const run of runs) {
    const last = merged[merged.length - 1];
    if (last && last.script === run.script && last.overbar === run.overbar) last.text += run.text;
    else merged.push({ ...run });
  }
  return merged;
}
