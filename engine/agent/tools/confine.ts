import { realpath } from "node:fs/promises";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { isInside, realLocation } from "../../kicad/paths/real-location.js";
import { ToolError } from "./tool-error.js";

/** A model-given path after confinement: where it really is, and how to name it to the model. */
export interface ConfinedPath {
  /** Absolute path (symlinks of existing parts resolved). */
  absolute: string;
  /** Repo-relative with `/` separators, as shown to the model. */
  relative: string;
  exists: boolean;
}

// Files the engine owns: the flow log, run records, the response cache and the settings. A
// model that rewrote them could forge its own audit trail or unlock itself.
const COPPERHEAD_INTERNALS = [".copperhead/events.jsonl", ".copperhead/config.json"];
const COPPERHEAD_INTERNAL_DIRS = [".copperhead/runs", ".copperhead/cache"];

/**
 * Resolves `given` inside `repo` or refuses with a ToolError("refused"): `..` escapes, absolute
 * paths elsewhere, symlinks (of the file or of any existing parent) leading outside, and
 * anything under `.git/`, `.github/workflows/` or copperhead's internals. For a path that does
 * not exist yet, its nearest existing parent is realpath'd, so a new file cannot be created
 * through a symlinked folder that points out of the repo.
 */
export async function confinePath(repo: string, given: string): Promise<ConfinedPath> {
  if (given.trim() === "" || given.includes("\0")) {
    throw refusal(`the path ${JSON.stringify(given)} is not a usable file path`);
  }
  const root = await realpath(repo);
  const lexical = isAbsolute(given) ? resolve(given) : resolve(root, given);
  const lexicalRel = relative(root, lexical);
  if (!isInside(root, lexical)) {
    throw refusal(`${given} is outside the repository`);
  }
  refuseProtected(lexicalRel, given);

  const { real, exists, dangling } = await realLocation(lexical);
  // A dangling symlink lstat's fine but cannot be realpath'd: treat it as an escape risk.
  if (dangling) throw refusal(`${lexical} is a symlink to nothing`);
  const realRel = relative(root, real);
  if (!isInside(root, real)) {
    throw refusal(`${given} leads outside the repository through a symlink`);
  }
  refuseProtected(realRel, given);
  return { absolute: real, relative: toSlashes(realRel), exists };
}

/** Rejects text carrying U+FFFD: a character was lost on the way and would be written as garbage. */
export function rejectReplacementCharacter(text: string, field: string): void {
  const at = text.indexOf("\uFFFD");
  if (at === -1) return;
  const line = text.slice(0, at).split("\n").length;
  throw new ToolError(
    "invalid-arguments",
    `${field} contains U+FFFD (the replacement character) on line ${line}: a character was lost before it reached the tool`,
    'resend the text with the intended character, or spell it in ASCII ("ohm", "uF", "+/-", "deg")',
  );
}

function refuseProtected(rel: string, given: string): void {
  const path = toSlashes(rel);
  const parts = path.split("/");
  if (parts.includes(".git")) {
    throw refusal(`${given} is inside .git/, which tools never touch`);
  }
  const lower = path.toLowerCase();
  if (lower === ".github/workflows" || lower.startsWith(".github/workflows/")) {
    throw refusal(`${given} is a GitHub workflow file, which tools never touch`);
  }
  const internal =
    COPPERHEAD_INTERNALS.includes(path) ||
    COPPERHEAD_INTERNAL_DIRS.some((dir) => path === dir || path.startsWith(`${dir}/`));
  if (internal) {
    throw refusal(`${given} is copperhead's own bookkeeping (.copperhead internals)`);
  }
}

function toSlashes(rel: string): string {
  return rel.split(sep).join("/");
}

function refusal(message: string): ToolError {
  return new ToolError(
    "refused",
    message,
    "use a path inside the repository, outside .git/, .github/workflows/ and .copperhead/{events.jsonl,config.json,runs,cache}",
  );
}
