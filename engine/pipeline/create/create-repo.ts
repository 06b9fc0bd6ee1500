import { existsSync } from "node:fs";
import { mkdir, readdir, realpath } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { CopperheadError, type ErrorCategory, UsageError } from "../../errors.js";
import { BRIEF_PATH } from "../../flow/graph.js";
import { writeAtomic } from "../../kicad/draft/write-atomic.js";
import { commitMessage, commitPaths } from "../../repo/commit.js";
import { CONFIG_PATH, readConfig } from "../../repo/config.js";
import { git } from "../../repo/git.js";
import { readOptional } from "../../repo/read-optional.js";
import { readText } from "../../repo/read-text.js";
import { findRepoRoot } from "../../repo/repo-root.js";
import { updateConfig } from "../../repo/update-config.js";
import { briefSha256 } from "../brief.js";
import { type BriefSource, briefFromSentence } from "./brief-source.js";

/** A repository a person made with `copperhead init`: create does not take it over. */
export class OriginError extends CopperheadError {
  static override readonly category: ErrorCategory = "usage";
}

/** What `.gitignore` gets in a repository create starts. */
export const BASELINE_GITIGNORE = [
  "# KiCad's local history, backups, caches and locks",
  ".history/",
  "*-backups/",
  "fp-info-cache",
  "~*.lck",
  "_autosave-*",
  "# copperhead's model response cache (CI restores it with actions/cache)",
  ".copperhead/cache/",
];

/** The identity create commits with when git has none configured at any level. */
export const FALLBACK_IDENTITY = { name: "copperhead", email: "copperhead@localhost" } as const;

export interface CreateRepo {
  repo: string;
  /** `git init` ran: the folder was not a repository. */
  initialised: boolean;
}

/**
 * The folder a design is created in, as a git repository: its own repository when it is one;
 * otherwise a new one (`git init`), unless it sits inside another repository and holds
 * anything but the brief (create never makes a person's folder a nested repository). git
 * gets a repo-local identity only when it has none at all, so a person's own identity is
 * never overridden.
 */
export async function openCreateRepo(target: string, brief: BriefSource): Promise<CreateRepo> {
  const folder = resolve(target);
  // A brief that cannot be read stops create before it makes a folder or a repository.
  if (brief.kind === "existing") await existingBrief(join(folder, BRIEF_PATH));
  else await briefText(folder, brief);
  await mkdir(folder, { recursive: true });
  let initialised = false;
  if (!existsSync(join(folder, ".git"))) {
    const enclosing = (() => {
      try {
        return findRepoRoot(folder);
      } catch {
        return undefined;
      }
    })();
    if (enclosing) {
      const entries = (await readdir(folder)).filter(
        (name) => brief.kind !== "file" || resolve(folder, name) !== resolve(brief.path),
      );
      if (entries.length > 0) {
        throw new UsageError(
          `${folder} is inside the git repository ${enclosing} and is not empty; copperhead create makes a design its own repository`,
          `run it in an empty folder (mkdir board && cd board), at the root of ${enclosing} to design there, or outside any repository`,
        );
      }
    }
    await git(folder, ["init", "-q", "--initial-branch=main"]);
    initialised = true;
  }
  const repo = await realpath(folder);
  for (const [key, value] of [
    ["user.name", FALLBACK_IDENTITY.name],
    ["user.email", FALLBACK_IDENTITY.email],
  ] as const) {
    const known = await git(repo, ["config", "--get", key]).catch(() => "");
    if (known.trim() === "") await git(repo, ["config", "--local", key, value]);
  }
  return { repo, initialised };
}

/** Refuses a repository `copperhead init` set up: its design is a person's, changed with `do`. */
export async function refuseInitOrigin(repo: string): Promise<void> {
  const config = await readConfig(repo);
  if (config.origin !== "init") return;
  throw new OriginError(
    `this repository was set up by copperhead init (${CONFIG_PATH} says origin "init"): its design is a person's, and create would redo it from a brief`,
    'change it with copperhead do "<request>", run one stage with copperhead stage <name>, or start a new design in an empty folder with copperhead create',
  );
}

export interface Scaffolded {
  /** The commits made: the first commit of a new repository, the brief's. */
  commits: string[];
  brief: { path: string; sha256: string; title: string };
}

async function headExists(repo: string): Promise<boolean> {
  return (await git(repo, ["rev-parse", "--verify", "-q", "HEAD"]).catch(() => "")).trim() !== "";
}

/** `.gitignore` with the baseline lines it lacks appended (a person's lines kept as they are). */
async function ensureGitignore(repo: string): Promise<boolean> {
  const file = join(repo, ".gitignore");
  const text = (await readOptional(file)) ?? "";
  const have = new Set(text.split(/\r?\n/).map((l) => l.trim()));
  const missing = BASELINE_GITIGNORE.filter((l) => l.startsWith("#") || !have.has(l));
  if (missing.every((l) => l.startsWith("#"))) return false;
  const separator = text === "" || text.endsWith("\n") ? "" : "\n";
  await writeAtomic(file, `${text}${separator}${missing.join("\n")}\n`);
  return true;
}

/** The repo's own brief.md, which must say something. */
async function existingBrief(file: string): Promise<string> {
  const text = await readOptional(file);
  if (text === undefined || text.trim() === "") {
    throw new UsageError(
      `${BRIEF_PATH} is ${text === undefined ? "missing" : "empty"}: create needs a brief`,
      'describe the board in a sentence (copperhead create "…") or pass --brief <file.md>',
    );
  }
  return text;
}

/** The brief's text as create is handed it, or undefined for the repo's own brief.md. */
async function briefText(repo: string, source: BriefSource): Promise<string | undefined> {
  if (source.kind === "existing") return undefined;
  if (source.kind === "sentence") return briefFromSentence(source.text);
  const path = resolve(source.path);
  if (path === join(repo, BRIEF_PATH)) return undefined;
  const text = await readText(path);
  if (text.trim() === "") {
    throw new UsageError(
      `${source.path} is empty`,
      "write the hardware brief into it: what the board does, its interfaces, its budgets",
    );
  }
  return text;
}

function titleOf(text: string): string {
  return /^#\s+(.+)$/m.exec(text)?.[1]?.trim() ?? "brief";
}

/**
 * The repository as create needs it before the first stage: `origin: "create"` in the config
 * (every run), a new repository's baseline `.gitignore` and first commit, and the brief in
 * `brief.md`, committed. A brief.md that already holds a different brief is never replaced.
 */
export async function scaffoldCreateRepo(repo: string, source: BriefSource): Promise<Scaffolded> {
  const commits: string[] = [];
  const born = await headExists(repo);
  const wanted = await briefText(repo, source);
  const file = join(repo, BRIEF_PATH);
  const current = await readOptional(file);
  if (wanted !== undefined && current !== undefined && current !== wanted) {
    const from = source.kind === "file" ? relative(repo, resolve(source.path)) : "the sentence";
    throw new UsageError(
      `${BRIEF_PATH} already holds a different brief than ${from}; create designs against one brief and never writes over yours`,
      `build the brief that is there with copperhead create --brief ${BRIEF_PATH}, or edit ${BRIEF_PATH} yourself (the stages it changes rerun)`,
    );
  }
  if (wanted === undefined) await existingBrief(file);

  const setup: string[] = [];
  if (!born && (await ensureGitignore(repo))) setup.push(".gitignore");
  let marked = false;
  await updateConfig(repo, (json) => {
    if (json.origin === "create") return json;
    marked = true;
    return { ...json, origin: "create" };
  });
  if (marked) setup.push(CONFIG_PATH);
  if (setup.length > 0) {
    commits.push(
      await commitPaths(
        repo,
        setup,
        commitMessage({
          scope: "create",
          subject: born ? "mark the repository as a create design" : "start the design repository",
          paragraphs: [
            born
              ? 'origin: "create" in .copperhead/config.json: copperhead made this design from its brief.'
              : `A new design repository: KiCad's and copperhead's local files are ignored, and origin: "create" marks it as a design copperhead makes from its brief.`,
          ],
          trailers: [["Copperhead-Origin", "create"]],
        }),
      ),
    );
  }

  if (wanted !== undefined && current === undefined) await writeAtomic(file, wanted);
  const text = wanted ?? current ?? "";
  const committed = await git(repo, ["show", `HEAD:${BRIEF_PATH}`]).catch(() => undefined);
  const sha256 = await briefSha256(repo);
  if (committed !== text) {
    commits.push(
      await commitPaths(
        repo,
        [BRIEF_PATH],
        commitMessage({
          scope: "create",
          subject: `brief: ${titleOf(text)}`,
          paragraphs: [
            committed === undefined
              ? "The brief every stage designs against; its sha256 is stamped into every stage's outcome and commit."
              : "The brief changed: every stage reads it, so each one reruns against this version.",
          ],
          trailers: [["Copperhead-Brief-SHA256", sha256]],
        }),
      ),
    );
  }
  return { commits, brief: { path: BRIEF_PATH, sha256, title: titleOf(text) } };
}
