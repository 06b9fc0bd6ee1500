import { describeError } from "../../engine/errors.js";
import { defaultSettings, parseSettings, type Settings } from "../../engine/workflow/settings.js";
import type { AppIdentity, GitHubPort } from "../github-types.js";
import type { Repo } from "../payloads.js";

export interface FlowLog {
  info(message: string): void;
  warn(message: string): void;
}

/** Everything a queued job needs: the port, the repo, its settings and who the App is. */
export interface Flow {
  gh: GitHubPort;
  repo: Repo;
  settings: Settings;
  /** `.github/copperhead.yml` could not be used: why (the defaults stand in for reports). */
  settingsError: string | null;
  identity: AppIdentity;
  newId(): string;
  log: FlowLog;
}

/**
 * Settings through Probot's config API (`.github/copperhead.yml` on the default branch, or
 * the owner's `.github` repository), validated with the shared zod schema.
 */
export async function loadSettings(
  readConfig: () => Promise<unknown>,
): Promise<{ settings: Settings; error: string | null }> {
  try {
    return { settings: parseSettings(await readConfig()), error: null };
  } catch (error) {
    const message = describeError(error).replace(/^\[@probot\/octokit-plugin-config\]\s*/, "");
    return { settings: defaultSettings, error: `.github/copperhead.yml: ${message}` };
  }
}

/** True when `login` is this App (its comments and check runs are the App's own). */
export function isSelf(flow: Flow, login: string): boolean {
  return login === flow.identity.botLogin;
}
