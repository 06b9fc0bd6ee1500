import { CopperheadError } from "../errors.js";

/**
 * The small path language of stage inputs and outputs, always relative to the repo root with `/`:
 * - `docs/SPEC.md`           one file
 * - `outputs/`               a folder: every file below it, at any depth
 * - `hardware/*.kicad_sch`   `*` matches within one path segment (never across `/`)
 * Kept this small on purpose: two patterns can then be checked for overlap exactly, which is
 * how the engine derives dependencies and rejects two stages owning one path.
 */
export interface PathPattern {
  readonly source: string;
  readonly segments: readonly string[];
  /** A folder pattern: matches paths with more segments below `segments`. */
  readonly folder: boolean;
}

export class PatternError extends CopperheadError {}

const FORBIDDEN = /[?[\]{}\\!]|\*\*/;

export function parsePattern(source: string): PathPattern {
  const fix =
    "write a repo-relative path like docs/SPEC.md, a folder like outputs/, or a glob like hardware/*.kicad_sch";
  if (source === "" || source.startsWith("/") || FORBIDDEN.test(source)) {
    throw new PatternError(`invalid path pattern '${source}'`, fix);
  }
  const folder = source.endsWith("/");
  const segments = (folder ? source.slice(0, -1) : source).split("/");
  if (segments.some((s) => s === "" || s === "." || s === "..")) {
    throw new PatternError(`invalid path pattern '${source}'`, fix);
  }
  return { source, segments, folder };
}

function segmentRegex(segment: string): string {
  return segment
    .split("*")
    .map((part) => part.replace(/[.+^$()|]/g, "\\$&"))
    .join("[^/]*");
}

/** A matcher for repo-relative `/` paths. */
export function compilePattern(pattern: PathPattern): (path: string) => boolean {
  const star = pattern.source.indexOf("*");
  // Status queries test every file against every pattern: plain paths avoid regexes.
  if (star === -1) {
    const source = pattern.source;
    return pattern.folder ? (path) => path.startsWith(source) : (path) => path === source;
  }
  const body = pattern.segments.map(segmentRegex).join("/");
  const regex = new RegExp(pattern.folder ? `^${body}/.+$` : `^${body}$`);
  const prefix = pattern.source.slice(0, star);
  return (path) => path.startsWith(prefix) && regex.test(path);
}

/** One matcher for several patterns: a set lookup for plain files, then prefixes, then globs. */
export function compilePatterns(patterns: readonly PathPattern[]): (path: string) => boolean {
  const files = new Set<string>();
  const others: Array<(path: string) => boolean> = [];
  for (const p of patterns) {
    if (!p.folder && !p.source.includes("*")) files.add(p.source);
    else others.push(compilePattern(p));
  }
  return (path) => files.has(path) || others.some((m) => m(path));
}

/** The git pathspec selecting (a superset of) what the pattern matches. */
export function toPathspec(pattern: PathPattern): string {
  return pattern.source.includes("*") ? `:(glob)${pattern.source}` : `:(literal)${pattern.source}`;
}

/** Whether some string matches both single-segment globs (`*` = any run of characters). */
export function segmentsIntersect(a: string, b: string): boolean {
  // Breadth-first over (position in a, position in b); a `*` may absorb characters of the other.
  const seen = new Set<number>();
  const stack: Array<[number, number]> = [[0, 0]];
  while (stack.length > 0) {
    const [i, j] = stack.pop()!;
    const key = i * (b.length + 1) + j;
    if (seen.has(key)) continue;
    seen.add(key);
    if (i === a.length && j === b.length) return true;
    const ca = a[i];
    const cb = b[j];
    if (ca === "*") {
      stack.push([i + 1, j]);
      if (j < b.length) stack.push([i, j + 1]);
    }
    if (cb === "*") {
      stack.push([i, j + 1]);
      if (i < a.length) stack.push([i + 1, j]);
    }
    if (ca !== undefined && cb !== undefined && ca !== "*" && cb !== "*" && ca === cb) {
      stack.push([i + 1, j + 1]);
    }
  }
  return false;
}

/** Whether some path matches both patterns. */
export function patternsOverlap(a: PathPattern, b: PathPattern): boolean {
  const shared = Math.min(a.segments.length, b.segments.length);
  for (let k = 0; k < shared; k++) {
    if (!segmentsIntersect(a.segments[k]!, b.segments[k]!)) return false;
  }
  const la = a.segments.length;
  const lb = b.segments.length;
  if (!a.folder && !b.folder) return la === lb;
  if (a.folder && b.folder) return true;
  // One folder, one exact-depth pattern: the exact one must lie strictly below the folder.
  return a.folder ? lb > la : la > lb;
}
