import { z } from "zod";
import { CopperheadError } from "../engine/errors.js";
import { describeIssues } from "./describe-issues.js";

/**
 * Webhook payloads, parsed once into one discriminated union. Only the fields the App uses
 * are read; everything else GitHub sends is ignored. After this module, handlers trust types.
 */

const actorSchema = z.object({ login: z.string().min(1), type: z.string() });

const repositorySchema = z.object({
  name: z.string().min(1),
  full_name: z.string().regex(/^[^/\s]+\/[^/\s]+$/),
  owner: z.object({ login: z.string().min(1) }),
  default_branch: z.string().min(1),
  html_url: z.string(),
});

const installationSchema = z.object({ id: z.int() }).optional();

const issueSchema = z.object({
  number: z.int().positive(),
  title: z.string(),
  body: z.string().nullable().optional(),
  labels: z.array(z.object({ name: z.string() })).default([]),
  pull_request: z.unknown().optional(),
  html_url: z.string(),
});

const prRefSchema = z.object({
  number: z.int().positive(),
  head: z.object({ sha: z.string(), ref: z.string() }),
});

const schemas = {
  issues: z.object({
    action: z.string(),
    issue: issueSchema,
    label: z.object({ name: z.string() }).optional(),
    repository: repositorySchema,
    sender: actorSchema,
    installation: installationSchema,
  }),
  issue_comment: z.object({
    action: z.string(),
    issue: issueSchema,
    comment: z.object({ id: z.int(), body: z.string(), user: actorSchema, html_url: z.string() }),
    repository: repositorySchema,
    sender: actorSchema,
  }),
  push: z.object({
    ref: z.string(),
    before: z.string(),
    after: z.string(),
    deleted: z.boolean().default(false),
    commits: z
      .array(
        z.object({
          added: z.array(z.string()).default([]),
          modified: z.array(z.string()).default([]),
          removed: z.array(z.string()).default([]),
        }),
      )
      .default([]),
    repository: repositorySchema,
    sender: actorSchema,
  }),
  pull_request: z.object({
    action: z.string(),
    number: z.int().positive(),
    pull_request: z.object({
      number: z.int().positive(),
      head: z.object({
        sha: z.string(),
        ref: z.string(),
        repo: z.object({ full_name: z.string() }).nullable(),
      }),
      draft: z.boolean().default(false),
    }),
    repository: repositorySchema,
    sender: actorSchema,
  }),
  check_run: z.object({
    action: z.string(),
    check_run: z.object({
      id: z.int(),
      name: z.string(),
      head_sha: z.string(),
      app: z.object({ id: z.int() }).nullable().optional(),
      pull_requests: z.array(prRefSchema).default([]),
    }),
    repository: repositorySchema,
    sender: actorSchema,
  }),
  workflow_run: z.object({
    action: z.string(),
    workflow_run: z.object({
      id: z.int(),
      name: z.string().nullable().optional(),
      path: z.string().default(""),
      display_title: z.string().default(""),
      head_branch: z.string().nullable(),
      head_sha: z.string(),
      event: z.string(),
      status: z.string().nullable(),
      conclusion: z.string().nullable(),
      html_url: z.string(),
      pull_requests: z.array(prRefSchema).default([]),
      head_repository: z.object({ full_name: z.string() }).nullable().optional(),
    }),
    repository: repositorySchema,
    sender: actorSchema,
  }),
  workflow_job: z.object({
    action: z.string(),
    workflow_job: z.object({
      id: z.int(),
      run_id: z.int(),
      name: z.string(),
      status: z.string(),
      conclusion: z.string().nullable(),
      head_branch: z.string().nullable().optional(),
      head_sha: z.string(),
      html_url: z.string().nullable(),
      workflow_name: z.string().nullable().optional(),
    }),
    repository: repositorySchema,
    sender: actorSchema,
  }),
};

export type EventName = keyof typeof schemas;

export interface Repo {
  owner: string;
  name: string;
  fullName: string;
  defaultBranch: string;
  htmlUrl: string;
}

export interface Actor {
  login: string;
  /** `Bot` for Apps and bot accounts; they never start a design or run a command. */
  isBot: boolean;
}

export interface IssueRef {
  number: number;
  title: string;
  body: string;
  labels: string[];
  isPullRequest: boolean;
  htmlUrl: string;
}

export interface RunInfo {
  id: number;
  /** The workflow file, e.g. `.github/workflows/copperhead.yml` (empty in very old payloads). */
  path: string;
  displayTitle: string;
  headBranch: string | null;
  headSha: string;
  event: string;
  status: string | null;
  conclusion: string | null;
  htmlUrl: string;
  pullRequests: Array<{ number: number; headSha: string }>;
  headRepo: string | null;
}

export type CopperheadEvent =
  | {
      kind: "issue";
      action: string;
      repo: Repo;
      issue: IssueRef;
      label: string | null;
      sender: Actor;
    }
  | {
      kind: "comment";
      action: string;
      repo: Repo;
      issue: IssueRef;
      comment: { id: number; body: string; author: Actor; htmlUrl: string };
      sender: Actor;
    }
  | {
      kind: "push";
      repo: Repo;
      ref: string;
      after: string;
      deleted: boolean;
      /** Paths the push's commits touched; `complete` is false when GitHub cut the list. */
      touched: { paths: string[]; complete: boolean };
      sender: Actor;
    }
  | {
      kind: "pull-request";
      action: string;
      repo: Repo;
      pr: { number: number; headSha: string; headRef: string; headRepo: string | null };
      sender: Actor;
    }
  | {
      kind: "check-run";
      action: string;
      repo: Repo;
      checkRun: { id: number; name: string; headSha: string; appId: number | null; prs: number[] };
      sender: Actor;
    }
  | { kind: "workflow-run"; action: string; repo: Repo; run: RunInfo; sender: Actor }
  | {
      kind: "workflow-job";
      action: string;
      repo: Repo;
      job: {
        id: number;
        runId: number;
        name: string;
        status: string;
        conclusion: string | null;
        headBranch: string | null;
        headSha: string;
        htmlUrl: string | null;
        workflowName: string | null;
      };
      sender: Actor;
    };

/** A delivery that does not have the shape GitHub documents for its event. */
export class PayloadError extends CopperheadError {}

function repoOf(r: z.infer<typeof repositorySchema>): Repo {
  return {
    owner: r.owner.login,
    name: r.name,
    fullName: r.full_name,
    defaultBranch: r.default_branch,
    htmlUrl: r.html_url,
  };
}

function actorOf(a: z.infer<typeof actorSchema>): Actor {
  return { login: a.login, isBot: a.type === "Bot" || a.login.endsWith("[bot]") };
}

function issueOf(i: z.infer<typeof issueSchema>): IssueRef {
  return {
    number: i.number,
    title: i.title,
    body: i.body ?? "",
    labels: i.labels.map((l) => l.name),
    isPullRequest: i.pull_request !== undefined && i.pull_request !== null,
    htmlUrl: i.html_url,
  };
}

// GitHub lists at most 20 commits in a push payload.
const PUSH_COMMIT_LIMIT = 20;

/** Parses one delivery of an event the App subscribes to. */
export function parseEvent(name: EventName, payload: unknown): CopperheadEvent {
  const parsed = schemas[name].safeParse(payload);
  if (!parsed.success) {
    const issues = describeIssues(parsed.error);
    throw new PayloadError(
      `a ${name} delivery does not have the documented shape (${issues})`,
      "redeliver it from the App's settings (Advanced → Recent deliveries); if it fails again, report it with the delivery id",
    );
  }
  const data = parsed.data;
  switch (name) {
    case "issues": {
      const d = data as z.infer<(typeof schemas)["issues"]>;
      return {
        kind: "issue",
        action: d.action,
        repo: repoOf(d.repository),
        issue: issueOf(d.issue),
        label: d.label?.name ?? null,
        sender: actorOf(d.sender),
      };
    }
    case "issue_comment": {
      const d = data as z.infer<(typeof schemas)["issue_comment"]>;
      return {
        kind: "comment",
        action: d.action,
        repo: repoOf(d.repository),
        issue: issueOf(d.issue),
        comment: {
          id: d.comment.id,
          body: d.comment.body,
          author: actorOf(d.comment.user),
          htmlUrl: d.comment.html_url,
        },
        sender: actorOf(d.sender),
      };
    }
    case "push": {
      const d = data as z.infer<(typeof schemas)["push"]>;
      const paths = new Set<string>();
      for (const c of d.commits) for (const p of [...c.added, ...c.modified]) paths.add(p);
      return {
        kind: "push",
        repo: repoOf(d.repository),
        ref: d.ref,
        after: d.after,
        deleted: d.deleted,
        touched: { paths: [...paths], complete: d.commits.length < PUSH_COMMIT_LIMIT },
        sender: actorOf(d.sender),
      };
    }
    case "pull_request": {
      const d = data as z.infer<(typeof schemas)["pull_request"]>;
      const pr = d.pull_request;
      return {
        kind: "pull-request",
        action: d.action,
        repo: repoOf(d.repository),
        pr: {
          number: pr.number,
          headSha: pr.head.sha,
          headRef: pr.head.ref,
          headRepo: pr.head.repo?.full_name ?? null,
        },
        sender: actorOf(d.sender),
      };
    }
    case "check_run": {
      const d = data as z.infer<(typeof schemas)["check_run"]>;
      return {
        kind: "check-run",
        action: d.action,
        repo: repoOf(d.repository),
        checkRun: {
          id: d.check_run.id,
          name: d.check_run.name,
          headSha: d.check_run.head_sha,
          appId: d.check_run.app?.id ?? null,
          prs: d.check_run.pull_requests.map((p) => p.number),
        },
        sender: actorOf(d.sender),
      };
    }
    case "workflow_run": {
      const d = data as z.infer<(typeof schemas)["workflow_run"]>;
      const r = d.workflow_run;
      return {
        kind: "workflow-run",
        action: d.action,
        repo: repoOf(d.repository),
        run: {
          id: r.id,
          path: r.path,
          displayTitle: r.display_title,
          headBranch: r.head_branch,
          headSha: r.head_sha,
          event: r.event,
          status: r.status,
          conclusion: r.conclusion,
          htmlUrl: r.html_url,
          pullRequests: r.pull_requests.map((p) => ({ number: p.number, headSha: p.head.sha })),
          headRepo: r.head_repository?.full_name ?? null,
        },
        sender: actorOf(d.sender),
      };
    }
    case "workflow_job": {
      const d = data as z.infer<(typeof schemas)["workflow_job"]>;
      const j = d.workflow_job;
      return {
        kind: "workflow-job",
        action: d.action,
        repo: repoOf(d.repository),
        job: {
          id: j.id,
          runId: j.run_id,
          name: j.name,
          status: j.status,
          conclusion: j.conclusion,
          headBranch: j.head_branch ?? null,
          headSha: j.head_sha,
          htmlUrl: j.html_url,
          workflowName: j.workflow_name ?? null,
        },
        sender: actorOf(d.sender),
      };
    }
  }
}
