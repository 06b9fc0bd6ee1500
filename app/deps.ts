import { randomUUID } from "node:crypto";
import type { Context, Probot } from "probot";
import { type Flow, loadSettings } from "./flows/flow.js";
import { octokitPort, readIdentity } from "./github.js";
import type { AppIdentity, GitHubPort } from "./github-types.js";
import type { Repo } from "./payloads.js";
import { WorkQueue } from "./work-queue.js";

/** What the handlers are wired with; tests and the bench swap parts of it. */
export interface AppDeps {
  queue: WorkQueue;
  identity(): Promise<AppIdentity>;
  portFor(context: Context, repo: Repo): GitHubPort;
  newId(): string;
}

/** The production wiring: Probot's Octokit behind the port, `GET /app` once for the identity. */
export function defaultDeps(app: Probot, overrides: Partial<AppDeps> = {}): AppDeps {
  let identity: Promise<AppIdentity> | undefined;
  return {
    queue:
      overrides.queue ??
      new WorkQueue((error, key) => {
        // Messages are ours or GitHub's; neither carries a token or a key.
        app.log.error({ err: error, design: key }, `copperhead: a job for ${key} failed`);
      }),
    identity:
      overrides.identity ??
      (() => {
        identity ??= app.auth().then(readIdentity);
        identity.catch(() => {
          identity = undefined;
        });
        return identity;
      }),
    portFor:
      overrides.portFor ?? ((context, repo) => octokitPort(context.octokit, repo.owner, repo.name)),
    newId: overrides.newId ?? randomUUID,
  };
}

/** The flow a queued job runs with: settings (through Probot's config API) and identity. */
export async function flowFor(deps: AppDeps, context: Context, repo: Repo): Promise<Flow> {
  const [{ settings, error }, identity] = await Promise.all([
    loadSettings(() => context.config("copperhead.yml")),
    deps.identity(),
  ]);
  return {
    gh: deps.portFor(context, repo),
    repo,
    settings,
    settingsError: error,
    identity,
    newId: deps.newId,
    log: {
      info: (m) => context.log.info(m),
      warn: (m) => context.log.warn(m),
    },
  };
}
