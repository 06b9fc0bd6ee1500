/** Case, `_`, `-` and `.` do not tell symbol names apart for a person typing them. */
function fold(name: string): string {
  return name.toLowerCase().replace(/[_.-]/g, "");
}

function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(value);
      if (value < best) best = value;
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/**
 * How close `candidate` is to what was asked for: 0 same name (folded), 1 candidate starts with
 * the query, 2 contains it, 3 the query contains the candidate (≥ 3 characters), 4 a small
 * misspelling (edit distance ≤ 2 for names of 5+ characters); undefined when not close at all.
 */
export function nameRank(query: string, candidate: string): number | undefined {
  const q = fold(query);
  const c = fold(candidate);
  if (q === "" || c === "") return undefined;
  if (q === c) return 0;
  if (c.startsWith(q)) return 1;
  if (c.includes(q)) return 2;
  if (c.length >= 3 && q.includes(c)) return 3;
  if (q.length >= 5 && c.length >= 5 && editDistance(q, c, 2) <= 2) return 4;
  return undefined;
}

/** The closest names, best first (then shorter, then alphabetical), at most `limit`. */
export function closestNames(query: string, candidates: Iterable<string>, limit = 5): string[] {
  const ranked: { name: string; rank: number }[] = [];
  for (const name of candidates) {
    const rank = nameRank(query, name);
    if (rank !== undefined) ranked.push({ name, rank });
  }
  ranked.sort(
    (a, b) =>
      a.rank - b.rank ||
      Math.abs(a.name.length - query.length) - Math.abs(b.name.length - query.length) ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
  return ranked.slice(0, limit).map((r) => r.name);
}
