import { join } from "node:path";
import { atomicWrite } from "../agent/tools/atomic-write.js";
import { UsageError } from "../errors.js";
import { readConfig } from "../repo/config.js";
import { GitError, git } from "../repo/git.js";
import { readOptional } from "../repo/read-optional.js";
import { SETTINGS_PATH } from "./settings.js";
import { settingsFileText } from "./settings-file.js";
import { ensureRepoUnionMerge } from "./union-logs.js";
import { workflowFiles } from "./workflow-files.js";
import type { WorkflowRefs } from "./workflow-types.js";

export type FileAction = "created" | "updated" | "unchanged" | "kept";

export interface InstallResult {
  files: Array<{ path: string; action: FileAction }>;
  /** Append-only logs newly given `merge=union` in .gitattributes. */
  unionAdded: string[];
}

/** The repository's copy of `path` at HEAD, or undefined when HEAD has none. */
async function committed(repo: string, path: string): Promise<string | undefined> {
  try {
    return await git(repo, ["show", `HEAD:${path}`]);
  } catch (error) {
    if (error instanceof GitError) return undefined;
    throw error;
  }
}

/**
 * `copperhead install-workflow`: the three workflows and `.github/copperhead.yml` into a
 * hardware repo, and `merge=union` for its append-only logs in .gitattributes. Nothing of the
 * person's is lost: a workflow that differs is replaced only with `force`, and only when the
 * repository has its current content committed (git keeps the old one); the settings file is
 * never replaced, it is theirs once written.
 */
export async function installWorkflow(
  repo: string,
  options: { refs: WorkflowRefs; force?: boolean },
): Promise<InstallResult> {
  const wanted = workflowFiles(options.refs);
  const plan: Array<{ path: string; text: string; action: FileAction }> = [];
  const blocked: string[] = [];
  const unsaved: string[] = [];
  for (const [path, text] of wanted) {
    const current = await readOptional(join(repo, path));
    if (current === undefined) plan.push({ path, text, action: "created" });
    else if (current === text) plan.push({ path, text, action: "unchanged" });
    else if (!options.force) blocked.push(path);
    else if ((await committed(repo, path)) !== current) unsaved.push(path);
    else plan.push({ path, text, action: "updated" });
  }
  if (blocked.length > 0) {
    throw new UsageError(
      `${blocked.join(", ")} ${blocked.length === 1 ? "differs" : "differ"} from what this copperhead generates`,
      "run copperhead install-workflow --force to replace them (their committed version stays in git history), or compare with `copperhead workflow`",
    );
  }
  if (unsaved.length > 0) {
    throw new UsageError(
      `${unsaved.join(", ")} ${unsaved.length === 1 ? "has" : "have"} changes that are not committed; --force would lose them`,
      "commit (or move away) your version first; then copperhead install-workflow --force",
    );
  }
  const settings = await readOptional(join(repo, SETTINGS_PATH));
  if (settings === undefined)
    plan.push({ path: SETTINGS_PATH, text: settingsFileText(), action: "created" });
  else plan.push({ path: SETTINGS_PATH, text: settings, action: "kept" });
  for (const file of plan) {
    if (file.action === "created" || file.action === "updated") {
      await atomicWrite(join(repo, file.path), file.text);
    }
  }
  const config = await readConfig(repo);
  const unionAdded = await ensureRepoUnionMerge(repo, config.paths.docs);
  return { files: plan.map(({ path, action }) => ({ path, action })), unionAdded };
}

/** What a person must set up besides the files: the Actions secrets, and what each is for. */
export const SECRET_LINES = [
  "Add these Actions secrets (Settings > Secrets and variables > Actions, or `gh secret set NAME`):",
  "  COPPERHEAD_APP_ID           the id of your copperhead GitHub App (its settings page)",
  "  COPPERHEAD_APP_PRIVATE_KEY  a private key of that App (the whole .pem file)",
  "  ANTHROPIC_API_KEY           the key the stages call the model with",
  "Without the App secrets the jobs push with GITHUB_TOKEN, and those pushes start no checks on the pull request.",
];
