import { join } from "node:path";
import { redactText } from "../agent/redact.js";
import { git } from "./git.js";
import { pathExists } from "./path-exists.js";

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
 * .gitignore would hide it. The message is redacted (docs/security.md): it carries summaries
 * and gate evidence, and a commit is pushed where anyone with read access sees it.
 */
export async function commitPaths(
  repo: string,
  paths: readonly string[],
  message: string,
): Promise<string> {
  const specs = paths.map((p) => `:(literal)${p}`);
  // A deletion already staged is neither on disk nor in the index: `git add` would reject its
  // pathspec, while `git commit -- <path>` takes it from HEAD. Add only what git can match.
  const indexed = (await git(repo, ["ls-files", "-z", "--", ...specs])).split("\0");
  const addable: string[] = [];
  for (const p of paths) {
    const known = indexed.some((i) => i === p || i.startsWith(`${p}/`));
    if (known || (await pathExists(join(repo, p)))) addable.push(`:(literal)${p}`);
  }
  if (addable.length > 0) await git(repo, ["add", "-A", "-f", "--", ...addable]);
  await git(repo, ["commit", "-q", "-F", "-", "--", ...specs], {
    input: redactText(message),
  });
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
