/** One GitHub-flavoured markdown table, with 1-based line numbers into its document. */
export interface MarkdownTable {
  /** Header cells as written (trimmed, escapes resolved, inline markup kept). */
  headers: string[];
  headerLine: number;
  alignments: ("left" | "center" | "right" | "none")[];
  rows: MarkdownRow[];
  /** Text of the nearest heading above the table, if any ("## U1 — MCU" → "U1 — MCU"). */
  heading?: string;
}

export interface MarkdownRow {
  line: number;
  /** Exactly as many cells as headers: extra cells dropped, missing ones "" (as GFM does). */
  cells: string[];
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const DELIMITER_CELL = /^:?-+:?$/;

/**
 * Every table in a GitHub-flavoured markdown document: a header row, a delimiter row with as
 * many cells (`---`, `:--`, `:-:`, `--:`), then body rows until a blank line, a line without a
 * pipe, a heading or a code fence. `\|` is a literal pipe inside a cell. Tables inside fenced
 * code blocks are not tables.
 */
export function readMarkdownTables(text: string): MarkdownTable[] {
  const lines = text.split(/\r?\n/);
  const tables: MarkdownTable[] = [];
  let fence: string | undefined;
  let heading: string | undefined;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      if (
        fenceMatch &&
        fenceMatch[1]?.[0] === fence[0] &&
        (fenceMatch[1]?.length ?? 0) >= fence.length
      )
        fence = undefined;
      i++;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      i++;
      continue;
    }
    const headingMatch = HEADING.exec(line);
    if (headingMatch) {
      heading = headingMatch[1];
      i++;
      continue;
    }
    const table = tableAt(lines, i, heading);
    if (table) {
      tables.push(table);
      i = table.rows.length > 0 ? (table.rows[table.rows.length - 1] as MarkdownRow).line : i + 2;
      continue;
    }
    i++;
  }
  return tables;
}

function tableAt(
  lines: string[],
  i: number,
  heading: string | undefined,
): MarkdownTable | undefined {
  const headerLine = lines[i];
  const delimiterLine = lines[i + 1];
  if (headerLine === undefined || delimiterLine === undefined) return undefined;
  if (!hasPipe(headerLine) || !hasPipe(delimiterLine)) return undefined;
  const headers = splitRow(headerLine);
  const delimiters = splitRow(delimiterLine);
  if (headers.length !== delimiters.length) return undefined;
  if (!delimiters.every((cell) => DELIMITER_CELL.test(cell.replace(/\s+/g, "")))) return undefined;
  const rows: MarkdownRow[] = [];
  for (let j = i + 2; j < lines.length; j++) {
    const line = lines[j] as string;
    if (!line.trim() || !hasPipe(line) || HEADING.test(line) || FENCE.test(line)) break;
    const cells = splitRow(line);
    rows.push({ line: j + 1, cells: headers.map((_, k) => cells[k] ?? "") });
  }
  const table: MarkdownTable = {
    headers,
    headerLine: i + 1,
    alignments: delimiters.map(alignmentOf),
    rows,
  };
  if (heading !== undefined) table.heading = heading;
  return table;
}

function alignmentOf(cell: string): MarkdownTable["alignments"][number] {
  const c = cell.replace(/\s+/g, "");
  const left = c.startsWith(":");
  const right = c.endsWith(":");
  return left && right ? "center" : left ? "left" : right ? "right" : "none";
}

function hasPipe(line: string): boolean {
  return /(^|[^\\])\|/.test(line);
}

/** Splits a row on unescaped pipes; one optional leading and trailing pipe frame the row. */
function splitRow(line: string): string[] {
  const cells: string[] = [];
  let current = "";
  const body = line.trim();
  for (let k = 0; k < body.length; k++) {
    const c = body[k] as string;
    if (c === "\\" && body[k + 1] === "|") {
      current += "|";
      k++;
    } else if (c === "|") {
      cells.push(current);
      current = "";
    } else {
      current += c;
    }
  }
  cells.push(current);
  if (body.startsWith("|")) cells.shift();
  if (body.endsWith("|") && !body.endsWith("\\|")) cells.pop();
  return cells.map((cell) => cell.trim());
}
