import type { Intent } from "../intent.js";

/**
 * The groups in reading order: `hints.groupOrder` first, then docs/SUBSYSTEMS.md order, then
 * the rest by name (case-insensitive matching throughout).
 */
export function groupOrder(intent: Intent, subsystems: readonly string[] | undefined): string[] {
  const used = [...new Set(intent.parts.map((p) => p.group))];
  const rank = new Map<string, number>();
  for (const [i, g] of (intent.hints?.groupOrder ?? []).entries()) rank.set(g.toLowerCase(), i);
  const base = (intent.hints?.groupOrder ?? []).length;
  for (const [i, g] of (subsystems ?? []).entries())
    if (!rank.has(g.toLowerCase())) rank.set(g.toLowerCase(), base + i);
  return used.sort((a, b) => {
    const ra = rank.get(a.toLowerCase()) ?? Number.POSITIVE_INFINITY;
    const rb = rank.get(b.toLowerCase()) ?? Number.POSITIVE_INFINITY;
    return ra !== rb ? ra - rb : a < b ? -1 : a > b ? 1 : 0;
  });
}
