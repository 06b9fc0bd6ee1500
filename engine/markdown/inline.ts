/** Control and invisible characters out, whitespace folded to single spaces. */
function strip(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Text that came from a run (finding details, refs, stage output) is data, not markup: it is
 * escaped before it enters a comment, a review, a check summary or a job summary, so it cannot hide content,
 * open HTML, close our markers or mention people.
 */
export function inline(text: string, max = 300): string {
  const flat = strip(text);
  const cut = flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  return (
    cut
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/([\\`*_[\]|])/g, "\\$1")
      // A zero-width joiner after @ keeps "@name" readable without notifying anyone.
      .replace(/@(?=[A-Za-z0-9])/g, "@\u200d")
      .replace(/#(?=[0-9])/g, "#\u200d")
  );
}

/** A code span for a path or identifier we print; nothing inside a code span is markup. */
export function code(text: string, max = 200): string {
  const flat = strip(text).replace(/`/g, "'");
  return `\`${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}\``;
}

/**
 * GitHub refuses bodies and check summaries past 65,535 characters; this keeps `text` under
 * `limit` (default with headroom) and says how much was cut.
 */
export function truncate(text: string, limit = 60_000): string {
  if (text.length <= limit) return text;
  const note = (dropped: number) => `\n\n… ${dropped} more characters cut (GitHub's size limit).`;
  const keep = limit - note(text.length).length;
  const cutAt = text.lastIndexOf("\n", keep);
  const head = text.slice(0, cutAt > keep * 0.8 ? cutAt : keep);
  return `${head}${note(text.length - head.length)}`;
}
