import { join } from "node:path";
import { redactText } from "../agent/redact.js";
import { atomicWrite } from "../agent/tools/atomic-write.js";
import { appendEntry, changelogLine, changelogPath } from "../repo/changelog.js";
import { pathExists } from "../repo/path-exists.js";
import { readOptional } from "../repo/read-optional.js";

/**
 * Appends `- [<tag>] <summary>` to the project's changelog (the root CHANGELOG.md when there is
 * one, else `<docs>/CHANGELOG.md`) and returns the path written. The summary is the model's:
 * redacted, since the changelog is committed.
 */
export async function writeChangelogEntry(
  repo: string,
  docs: string,
  tag: string,
  summary: string,
): Promise<string> {
  const path = changelogPath(await pathExists(join(repo, "CHANGELOG.md")), docs);
  const current = await readOptional(join(repo, path));
  await atomicWrite(
    join(repo, path),
    appendEntry(current, changelogLine(tag, redactText(summary))),
  );
  return path;
}
