import type { RestEndpointMethodTypes } from "@octokit/rest";
import type { ProbotOctokit } from "probot";
import { CopperheadError } from "../engine/errors.js";
import type {
  AppIdentity,
  CheckRunInput,
  GitHubPort,
  PullInfo,
  ReviewThread,
  TreeEntry,
} from "./github-types.js";

/**
 * The only file that talks to Octokit. The client Probot hands each delivery is ProbotOctokit:
 * @octokit/core composed with @octokit/plugin-retry (transient 5xx are retried) and
 * @octokit/plugin-throttling (primary and secondary rate limits are waited out), so nothing
 * here retries by hand.
 */
export type Octokit = InstanceType<typeof ProbotOctokit>;

/** A GitHub API call failed for a reason a person can act on. */
export class GitHubError extends CopperheadError {
  readonly status: number | undefined;

  constructor(what: string, status: number | undefined, detail: string) {
    super(`GitHub refused to ${what} (${status ?? "no response"}: ${detail})`, fixFor(status));
    this.status = status;
  }
}

function fixFor(status: number | undefined): string {
  if (status === 401) return "the App's private key or APP_ID is wrong, or the clock is skewed";
  if (status === 403)
    return "the installation lacks a permission app.yml asks for: accept the App's new permissions in the repository's installation settings";
  if (status === 404)
    return "the repository, branch or file is gone, or the App is not installed on it";
  if (status === 422)
    return "GitHub rejected the request's content; report this with the delivery id";
  return "GitHub may be having trouble; `/copperhead status` retries the report";
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" ? status : undefined;
}

/** Runs a call; a 404 becomes `onMissing`, anything else a GitHubError naming `what`. */
async function call<T>(what: string, run: () => Promise<T>): Promise<T>;
async function call<T, M>(what: string, run: () => Promise<T>, onMissing: () => M): Promise<T | M>;
async function call<T, M>(
  what: string,
  run: () => Promise<T>,
  onMissing?: () => M,
): Promise<T | M> {
  try {
    return await run();
  } catch (error) {
    const status = statusOf(error);
    if (status === 404 && onMissing) return onMissing();
    if (error instanceof CopperheadError) throw error;
    throw new GitHubError(what, status, (error as Error).message.split("\n")[0] ?? "");
  }
}

type RestPull = RestEndpointMethodTypes["pulls"]["get"]["response"]["data"];

function pullOf(p: RestPull | RestEndpointMethodTypes["pulls"]["list"]["response"]["data"][0]) {
  const info: PullInfo = {
    number: p.number,
    state: p.state === "open" ? "open" : "closed",
    merged: Boolean(p.merged_at),
    headRef: p.head.ref,
    headSha: p.head.sha,
    headRepo: p.head.repo?.full_name ?? null,
    baseRef: p.base.ref,
    htmlUrl: p.html_url,
  };
  return info;
}

const THREADS_QUERY = `query($owner: String!, $name: String!, $number: Int!, $cursor: String) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) {
      reviewThreads(first: 100, after: $cursor) {
        pageInfo { hasNextPage endCursor }
        nodes { id isResolved comments(first: 1) { nodes { body author { __typename login } } } }
      }
    }
  }
}`;

interface ThreadsPage {
  repository: {
    pullRequest: {
      reviewThreads: {
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
        nodes: Array<{
          id: string;
          isResolved: boolean;
          comments: {
            nodes: Array<{ body: string; author: { __typename: string; login: string } | null }>;
          };
        }>;
      };
    } | null;
  };
}

const RESOLVE_MUTATION = `mutation($id: ID!) {
  resolveReviewThread(input: { threadId: $id }) { thread { id isResolved } }
}`;

/** Who the App is, from the App-level (JWT) client: `GET /app`. */
export async function readIdentity(appOctokit: Octokit): Promise<AppIdentity> {
  const { data } = await call("read the App's identity", () =>
    appOctokit.rest.apps.getAuthenticated(),
  );
  if (!data) throw new GitHubError("read the App's identity", undefined, "empty answer");
  const slug = data.slug ?? data.name;
  return { id: data.id, slug, botLogin: `${slug}[bot]` };
}

/** The port over one repository, through the installation's Octokit. */
export function octokitPort(octokit: Octokit, owner: string, name: string): GitHubPort {
  const repo = { owner, repo: name };
  const rest = octokit.rest;
  const workflowPath = (file: string) => `.github/workflows/${file}`;

  async function treeSha(ref: string, dir: string): Promise<string | null> {
    // The trees API takes a ref for the root. Walk down one level at a time: a recursive tree
    // of a whole hardware repo (vendored libraries, outputs) can come back truncated.
    let sha = ref;
    for (const part of dir.split("/").filter(Boolean)) {
      const { data } = await rest.git.getTree({ ...repo, tree_sha: sha });
      const next = data.tree.find((e) => e.path === part && e.type === "tree");
      if (!next?.sha) return null;
      sha = next.sha;
    }
    return sha;
  }

  return {
    owner,
    name,

    async branchSha(branch) {
      return call(
        `read branch ${branch}`,
        async () => (await rest.git.getRef({ ...repo, ref: `heads/${branch}` })).data.object.sha,
        () => null,
      );
    },

    async createBranch(branch, sha) {
      try {
        await rest.git.createRef({ ...repo, ref: `refs/heads/${branch}`, sha });
        return "created";
      } catch (error) {
        // 422 "Reference already exists": a redelivery or a second label raced us to it.
        if (statusOf(error) === 422) return "exists";
        throw new GitHubError(`create branch ${branch}`, statusOf(error), (error as Error).message);
      }
    },

    async readText(path, ref) {
      return call(
        `read ${path} at ${ref}`,
        async () => {
          const { data } = await rest.repos.getContent({ ...repo, path, ref });
          if (Array.isArray(data) || data.type !== "file" || !("content" in data)) return null;
          return { text: Buffer.from(data.content, "base64").toString("utf8"), sha: data.sha };
        },
        () => null,
      );
    },

    async putText({ branch, path, text, message, replaces }) {
      const { data } = await call(`commit ${path} to ${branch}`, () =>
        rest.repos.createOrUpdateFileContents({
          ...repo,
          branch,
          path,
          message,
          content: Buffer.from(text, "utf8").toString("base64"),
          ...(replaces ? { sha: replaces } : {}),
        }),
      );
      if (!data.commit.sha) throw new GitHubError(`commit ${path}`, undefined, "no commit sha");
      return data.commit.sha;
    },

    async listTree(ref, dir) {
      const sha = await call(
        `read ${dir} at ${ref}`,
        () => treeSha(ref, dir),
        () => null,
      );
      if (!sha) return [];
      const { data } = await call(`read tree of ${dir}`, () =>
        rest.git.getTree({ ...repo, tree_sha: sha, recursive: "1" }),
      );
      const entries: TreeEntry[] = [];
      for (const e of data.tree) {
        if (!e.path || !e.sha || (e.type !== "blob" && e.type !== "tree")) continue;
        entries.push({ path: `${dir}/${e.path}`, sha: e.sha, type: e.type });
      }
      return entries;
    },

    async readBlob(sha) {
      const { data } = await call(`read blob ${sha}`, () =>
        rest.git.getBlob({ ...repo, file_sha: sha }),
      );
      return Buffer.from(data.content, data.encoding === "base64" ? "base64" : "utf8").toString(
        "utf8",
      );
    },

    async listIssueComments(issue) {
      const list = await call(`list comments of #${issue}`, () =>
        octokit.paginate(rest.issues.listComments, { ...repo, issue_number: issue, per_page: 100 }),
      );
      return list.map((c) => ({
        id: c.id,
        body: c.body ?? "",
        authorLogin: c.user?.login ?? "",
        htmlUrl: c.html_url,
      }));
    },

    async createIssueComment(issue, body) {
      const { data } = await call(`comment on #${issue}`, () =>
        rest.issues.createComment({ ...repo, issue_number: issue, body }),
      );
      return {
        id: data.id,
        body: data.body ?? "",
        authorLogin: data.user?.login ?? "",
        htmlUrl: data.html_url,
      };
    },

    async updateIssueComment(id, body) {
      await call(`edit comment ${id}`, () =>
        rest.issues.updateComment({ ...repo, comment_id: id, body }),
      );
    },

    async react(commentId, content) {
      await call(`react to comment ${commentId}`, () =>
        rest.reactions.createForIssueComment({ ...repo, comment_id: commentId, content }),
      );
    },

    async role(login) {
      return call(
        `read ${login}'s permission`,
        async () => {
          const { data } = await rest.repos.getCollaboratorPermissionLevel({
            ...repo,
            username: login,
          });
          // `permission` folds triage into read and maintain into write; role_name does not.
          return data.role_name || "none";
        },
        () => "none",
      );
    },

    async findPull(branch) {
      const list = await call(`find the pull request of ${branch}`, () =>
        rest.pulls.list({ ...repo, head: `${owner}:${branch}`, state: "all", per_page: 20 }),
      );
      const pulls = list.data.map(pullOf);
      return pulls.find((p) => p.state === "open") ?? pulls[0] ?? null;
    },

    async getPull(number) {
      const { data } = await call(`read pull request #${number}`, () =>
        rest.pulls.get({ ...repo, pull_number: number }),
      );
      return pullOf(data);
    },

    async createPull({ title, head, base, body, draft }) {
      const { data } = await call(`open a pull request from ${head}`, () =>
        rest.pulls.create({ ...repo, title, head, base, body, draft }),
      );
      return pullOf(data);
    },

    async listPullFiles(number) {
      const list = await call(`list files of #${number}`, () =>
        octokit.paginate(rest.pulls.listFiles, { ...repo, pull_number: number, per_page: 100 }),
      );
      return list.map((f) => ({ path: f.filename, patch: f.patch }));
    },

    async listReviews(number) {
      const list = await call(`list reviews of #${number}`, () =>
        octokit.paginate(rest.pulls.listReviews, { ...repo, pull_number: number, per_page: 100 }),
      );
      return list.map((r) => ({ id: r.id, body: r.body ?? "", authorLogin: r.user?.login ?? "" }));
    },

    async createReview(number, { commitId, body, comments }) {
      await call(`post a review on #${number}`, () =>
        rest.pulls.createReview({
          ...repo,
          pull_number: number,
          commit_id: commitId,
          body,
          event: "COMMENT",
          comments: comments.map((c) => ({
            path: c.path,
            line: c.line,
            side: "RIGHT",
            body: c.body,
          })),
        }),
      );
    },

    async listReviewThreads(number) {
      const threads: ReviewThread[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 20; page++) {
        const data: ThreadsPage = await call(`list review threads of #${number}`, () =>
          octokit.graphql<ThreadsPage>(THREADS_QUERY, { owner, name, number, cursor }),
        );
        const list = data.repository.pullRequest?.reviewThreads;
        if (!list) break;
        for (const t of list.nodes) {
          const first = t.comments.nodes[0];
          threads.push({
            id: t.id,
            isResolved: t.isResolved,
            body: first?.body ?? "",
            // GraphQL spells a bot's login without the REST API's "[bot]" suffix.
            authorLogin: first?.author
              ? `${first.author.login}${first.author.__typename === "Bot" ? "[bot]" : ""}`
              : "",
          });
        }
        if (!list.pageInfo.hasNextPage) break;
        cursor = list.pageInfo.endCursor;
      }
      return threads;
    },

    async resolveReviewThread(threadId) {
      await call(`resolve review thread ${threadId}`, () =>
        octokit.graphql(RESOLVE_MUTATION, { id: threadId }),
      );
    },

    async listCheckRuns(sha) {
      const list = await call(`list check runs of ${sha}`, () =>
        octokit.paginate(rest.checks.listForRef, {
          ...repo,
          ref: sha,
          per_page: 100,
          filter: "latest",
        }),
      );
      return list.map((c) => ({
        id: c.id,
        name: c.name,
        appId: c.app?.id ?? null,
        status: c.status,
        conclusion: c.conclusion,
        title: c.output.title ?? "",
        summary: c.output.summary ?? "",
        annotations: c.output.annotations_count,
      }));
    },

    async createCheckRun(input: CheckRunInput) {
      const { data } = await call(`create check run ${input.name}`, () =>
        rest.checks.create({
          ...repo,
          ...checkBody(input),
          name: input.name,
          head_sha: input.headSha,
        }),
      );
      return data.id;
    },

    async updateCheckRun(id, input) {
      await call(`update check run ${id}`, () =>
        rest.checks.update({ ...repo, check_run_id: id, ...checkBody(input) }),
      );
    },

    async workflowExists(file) {
      return call(
        `read workflow ${file}`,
        async () => {
          const { data } = await rest.actions.getWorkflow({ ...repo, workflow_id: file });
          return data.path === workflowPath(file) && data.state !== "deleted";
        },
        () => false,
      );
    },

    async dispatch(file, ref, inputs) {
      const response = await call(`dispatch ${file} on ${ref}`, () =>
        octokit.request("POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches", {
          ...repo,
          workflow_id: file,
          ref,
          inputs,
          // Since 2026-02-19 GitHub answers 200 with the run's id; older servers answer 204.
          return_run_details: true,
        }),
      );
      // The route's types predate return_run_details and only know the 204.
      const status: number = response.status;
      const data = (status === 200 ? response.data : {}) as {
        workflow_run_id?: number;
        html_url?: string;
      };
      return { runId: data.workflow_run_id ?? null, htmlUrl: data.html_url ?? null };
    },

    async listRuns(file, branch) {
      const { data } = await call(`list runs of ${file}`, () =>
        rest.actions.listWorkflowRuns({ ...repo, workflow_id: file, branch, per_page: 20 }),
      );
      return data.workflow_runs.map(runOf);
    },

    async getRun(runId) {
      const { data } = await call(`read run ${runId}`, () =>
        rest.actions.getWorkflowRun({ ...repo, run_id: runId }),
      );
      return runOf(data);
    },

    async listJobs(runId) {
      const list = await call(`list jobs of run ${runId}`, () =>
        octokit.paginate(rest.actions.listJobsForWorkflowRun, {
          ...repo,
          run_id: runId,
          filter: "latest",
          per_page: 100,
        }),
      );
      return list.map((j) => ({
        name: j.name,
        status: j.status,
        conclusion: j.conclusion,
        htmlUrl: j.html_url,
      }));
    },

    async cancelRun(runId) {
      try {
        await rest.actions.cancelWorkflowRun({ ...repo, run_id: runId });
        return "cancelled";
      } catch (error) {
        // 409: the run already finished.
        if (statusOf(error) === 409) return "already-finished";
        throw new GitHubError(`cancel run ${runId}`, statusOf(error), (error as Error).message);
      }
    },

    async listArtifacts(runId) {
      const { data } = await call(`list artifacts of run ${runId}`, () =>
        rest.actions.listWorkflowRunArtifacts({ ...repo, run_id: runId, per_page: 100 }),
      );
      return data.artifacts.map((a) => ({
        id: a.id,
        name: a.name,
        sizeInBytes: a.size_in_bytes,
        expired: a.expired,
      }));
    },

    async downloadArtifact(id) {
      const { data } = await call(`download artifact ${id}`, () =>
        rest.actions.downloadArtifact({ ...repo, artifact_id: id, archive_format: "zip" }),
      );
      return new Uint8Array(data as ArrayBuffer);
    },

    async refCommit(ref) {
      return call(
        `read ref ${ref}`,
        async () => (await rest.git.getRef({ ...repo, ref })).data.object.sha,
        () => null,
      );
    },

    async putFilesAtRef(ref, files, message) {
      const what = `write ${ref}`;
      const tree: Array<{ path: string; mode: "100644"; type: "blob"; sha: string }> = [];
      for (const f of files) {
        const { data } = await call(what, () =>
          rest.git.createBlob({
            ...repo,
            content: Buffer.from(f.bytes).toString("base64"),
            encoding: "base64",
          }),
        );
        tree.push({ path: f.path, mode: "100644", type: "blob", sha: data.sha });
      }
      const { data: made } = await call(what, () => rest.git.createTree({ ...repo, tree }));
      const { data: commit } = await call(what, () =>
        rest.git.createCommit({ ...repo, message, tree: made.sha, parents: [] }),
      );
      try {
        await rest.git.createRef({ ...repo, ref: `refs/${ref}`, sha: commit.sha });
      } catch (error) {
        // 422: the ref exists (a redelivery, a re-run of the same commit): move it.
        if (statusOf(error) !== 422)
          throw new GitHubError(what, statusOf(error), (error as Error).message);
        await call(what, () => rest.git.updateRef({ ...repo, ref, sha: commit.sha, force: true }));
      }
      return commit.sha;
    },
  };
}

function checkBody(input: Omit<CheckRunInput, "headSha" | "name">) {
  return {
    status: input.status,
    ...(input.conclusion ? { conclusion: input.conclusion } : {}),
    ...(input.detailsUrl ? { details_url: input.detailsUrl } : {}),
    ...(input.externalId ? { external_id: input.externalId } : {}),
    output: input.output,
  };
}

type RestRun = RestEndpointMethodTypes["actions"]["getWorkflowRun"]["response"]["data"];

function runOf(r: RestRun) {
  return {
    id: r.id,
    status: r.status ?? "unknown",
    conclusion: r.conclusion ?? null,
    displayTitle: r.display_title ?? "",
    htmlUrl: r.html_url,
    headSha: r.head_sha,
    event: r.event,
  };
}
