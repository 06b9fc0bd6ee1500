/**
 * The port the App's flows are written against: one repository's worth of GitHub. app/github.ts
 * implements it over Octokit (the only file that calls it); tests drive the real
 * implementation against nock or the local GitHub stand-in in test/app/fake-github/.
 */

export interface IssueComment {
  id: number;
  body: string;
  authorLogin: string;
  htmlUrl: string;
}

export interface PullInfo {
  number: number;
  state: "open" | "closed";
  merged: boolean;
  headRef: string;
  headSha: string;
  /** `owner/name` of the head repository; null when the fork was deleted. */
  headRepo: string | null;
  baseRef: string;
  htmlUrl: string;
}

export interface PullFile {
  path: string;
  /** The unified diff of the file; absent when GitHub does not show it (too large, binary). */
  patch: string | undefined;
}

export interface Review {
  id: number;
  body: string;
  authorLogin: string;
}

export interface ReviewThread {
  id: string;
  isResolved: boolean;
  /** The first comment of the thread: the one the App posted. */
  body: string;
  authorLogin: string;
}

export interface NewReviewComment {
  path: string;
  line: number;
  body: string;
}

export interface TreeEntry {
  /** Path from the repository root. */
  path: string;
  sha: string;
  type: "blob" | "tree";
}

export type CheckConclusion =
  | "success"
  | "failure"
  | "neutral"
  | "cancelled"
  | "skipped"
  | "timed_out"
  | "action_required";

export interface Annotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: "notice" | "warning" | "failure";
  message: string;
  title?: string;
  raw_details?: string;
}

export interface CheckOutput {
  title: string;
  summary: string;
  text?: string;
  annotations?: Annotation[];
}

export interface CheckRunInput {
  name: string;
  headSha: string;
  status: "queued" | "in_progress" | "completed";
  conclusion?: CheckConclusion;
  detailsUrl?: string;
  externalId?: string;
  output: CheckOutput;
}

export interface CheckRunInfo {
  id: number;
  name: string;
  appId: number | null;
  status: string;
  conclusion: string | null;
  title: string;
  summary: string;
  annotations: number;
}

export interface WorkflowRun {
  id: number;
  status: string;
  conclusion: string | null;
  displayTitle: string;
  htmlUrl: string;
  headSha: string;
  event: string;
}

export interface WorkflowJob {
  name: string;
  status: string;
  conclusion: string | null;
  htmlUrl: string | null;
}

export interface Artifact {
  id: number;
  name: string;
  sizeInBytes: number;
  expired: boolean;
}

/** Who the App is: check runs and comments are recognised as its own by these. */
export interface AppIdentity {
  id: number;
  slug: string;
  /** The login its comments carry, `<slug>[bot]`. */
  botLogin: string;
}

export interface GitHubPort {
  readonly owner: string;
  readonly name: string;

  branchSha(branch: string): Promise<string | null>;
  createBranch(branch: string, sha: string): Promise<"created" | "exists">;
  /** A file's text at a ref; null when absent. */
  readText(path: string, ref: string): Promise<{ text: string; sha: string } | null>;
  /** One commit on `branch` writing `path`; returns the new commit's sha. */
  putText(input: {
    branch: string;
    path: string;
    text: string;
    message: string;
    /** The blob being replaced (required by GitHub when the file exists). */
    replaces?: string;
  }): Promise<string>;
  /** Every entry under `dir` at `ref`, recursively; empty when `dir` does not exist. */
  listTree(ref: string, dir: string): Promise<TreeEntry[]>;
  readBlob(sha: string): Promise<string>;

  listIssueComments(issue: number): Promise<IssueComment[]>;
  createIssueComment(issue: number, body: string): Promise<IssueComment>;
  updateIssueComment(id: number, body: string): Promise<void>;
  react(commentId: number, content: "eyes" | "rocket" | "confused"): Promise<void>;
  /** The collaborator-permission API's `role_name`; `none` for someone who is not one. */
  role(login: string): Promise<string>;

  /** The open pull request from `branch` of this repository, else the newest closed one. */
  findPull(branch: string): Promise<PullInfo | null>;
  getPull(number: number): Promise<PullInfo>;
  createPull(input: {
    title: string;
    head: string;
    base: string;
    body: string;
    draft: boolean;
  }): Promise<PullInfo>;
  listPullFiles(number: number): Promise<PullFile[]>;
  listReviews(number: number): Promise<Review[]>;
  /** One review with every comment; the event is always COMMENT (an App cannot approve its own PR). */
  createReview(
    number: number,
    input: { commitId: string; body: string; comments: NewReviewComment[] },
  ): Promise<void>;
  listReviewThreads(number: number): Promise<ReviewThread[]>;
  resolveReviewThread(threadId: string): Promise<void>;

  listCheckRuns(sha: string): Promise<CheckRunInfo[]>;
  createCheckRun(input: CheckRunInput): Promise<number>;
  updateCheckRun(id: number, input: Omit<CheckRunInput, "headSha" | "name">): Promise<void>;

  /** Whether `.github/workflows/<file>` is a workflow of this repository. */
  workflowExists(file: string): Promise<boolean>;
  /** A workflow_dispatch; the run id when GitHub returns it (return_run_details). */
  dispatch(
    file: string,
    ref: string,
    inputs: Record<string, string>,
  ): Promise<{ runId: number | null; htmlUrl: string | null }>;
  /** The newest runs of a workflow on a branch, newest first. */
  listRuns(file: string, branch: string): Promise<WorkflowRun[]>;
  getRun(runId: number): Promise<WorkflowRun>;
  listJobs(runId: number): Promise<WorkflowJob[]>;
  cancelRun(runId: number): Promise<"cancelled" | "already-finished">;
  listArtifacts(runId: number): Promise<Artifact[]>;
  downloadArtifact(id: number): Promise<Uint8Array>;

  /** The commit a ref outside refs/heads points at (`copperhead/assets/…`); null when absent. */
  refCommit(ref: string): Promise<string | null>;
  /**
   * A parentless commit of exactly `files` (git data API: blobs → tree → commit) and `ref`
   * pointed at it, created or moved. Never touches a branch. Returns the commit's sha.
   */
  putFilesAtRef(
    ref: string,
    files: ReadonlyArray<{ path: string; bytes: Uint8Array }>,
    message: string,
  ): Promise<string>;
}
