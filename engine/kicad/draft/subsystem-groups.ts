const HEADING = /^ {0,3}(#{2,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The group names docs/SUBSYSTEMS.md offers: its level 2–6 headings, in document order. */
export function subsystemGroups(markdown: string): string[] {
  const groups: string[] = [];
  let fenced = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (FENCE.test(line)) fenced = !fenced;
    if (fenced) continue;
    const match = HEADING.exec(line);
    if (match?.[2]) groups.push(match[2]);
  }
  return groups;
}
