import { git } from "./git.js";

/** A commit copperhead makes: `copperhead(<scope>): <subject>`, paragraphs, then trailers. */
export interface CopperheadCommit {
  /** The stage, or `do`. */
  scope: string;
  /** One line; cut to 64 characters with an ellipsis. */
  subject: string;
  paragraphs: readonly string[];
  /** `Key: value` lines git reads with `%(trailers)`; order is kept. */
  trailers: ReadonlyArray<readonly [string, string]>;
}

/** Collapses whitespace to one line (commit subjects and trailer values). */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export function commitMessage(commit: CopperheadCommit): string {
  const line = oneLine(commit.subject);
  const subject = line.length > 64 ? `${line.slice(0, 63)}…` : line;
  const paragraphs = commit.paragraphs.map((p) => p.trim()).filter((p) => p !== "");
  return [
    `copperhead(${commit.scope}): ${subject}`,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...commit.trailers.map(([key, value]) => `${key}: ${oneLine(value)}`),
    "",
  ].join("\n");
}

/**
 * Commits exactly `paths` (edits, new files and deletions; a folder means everything below it)
 * with `message` and returns the new commit. Anything else staged stays staged and out of the
 * commit. Paths are added with `-f`: copperhead's own trail is committed even where a
 * .gitignore would hide it.
 */
export async function commitPaths(
  repo: string,
  paths: readonly string[],
  message: string,
): Promise<string> {
  const specs = paths.map((p) => `:(literal)${p}`);
  await git(repo, ["add", "-A", "-f", "--", ...specs]);
  await git(repo, ["commit", "-q", "-F", "-", "--", ...specs], { input: message });
  return (await git(repo, ["rev-parse", "HEAD"])).trim();
}

/** The value of `key` among a commit's trailers (last one wins), or undefined. */
export async function commitTrailer(
  repo: string,
  commit: string,
  key: string,
): Promise<string | undefined> {
  const out = await git(repo, [
    "log",
    "-1",
    `--format=%(trailers:key=${key},valueonly,unfold)`,
    commit,
  ]);
  const values = out
    .split("\n")
    .map((v) => v.trim())
    .filter((v) => v !== "");
  return values.at(-1);
}
