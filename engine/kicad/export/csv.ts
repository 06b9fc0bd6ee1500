/**
 * A CSV cell a spreadsheet will not run: a cell starting with = + - @ (or a tab or carriage
 * return) is a formula to Excel, LibreOffice and Google Sheets, so it gets a leading
 * apostrophe (OWASP's guard against CSV injection). A number stays a number: "-5" and "+3"
 * are data, not formulas.
 */
export function guardCell(text: string): string {
  const value = text.replace(/\r?\n/g, " ");
  if (/^[-+]?\d+(\.\d+)?$/.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One RFC 4180 line: every cell guarded, quoted, quotes doubled; CRLF as the RFC says. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map((c) => `"${guardCell(c).replaceAll('"', '""')}"`).join(",")}\r\n`;
}

export function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map(csvLine).join("");
}
