import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { GitStore } from "./git-store.js";

/**
 * A local stand-in for GitHub that the real Octokit (in-process or in a spawned `probot run`)
 * talks to over HTTP: git data lives in a real bare repository (GitStore); issues, pull
 * requests, reviews, checks and Actions runs live in memory. It answers the way GitHub's REST
 * and GraphQL APIs do for the calls the App makes (and refuses what GitHub refuses: a review
 * comment outside the diff, a stale file sha), and logs every request so tests can assert
 * exactly what the App sent.
 */

export interface LoggedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  auth: string | undefined;
  accept: string;
}

export interface FakeRun {
  id: number;
  workflow: string;
  path: string;
  headBranch: string;
  headSha: string;
  event: string;
  status: string;
  conclusion: string | null;
  displayTitle: string;
  inputs: Record<string, string>;
  jobs: Array<{ id: number; name: string; status: string; conclusion: string | null }>;
  artifacts: Array<{ id: number; name: string; bytes: Uint8Array; expired: boolean }>;
}

interface Comment {
  id: number;
  issue: number;
  body: string;
  login: string;
  reactions: string[];
}

interface Pull {
  number: number;
  title: string;
  body: string;
  head: string;
  headRepo: string;
  headSha?: string;
  base: string;
  draft: boolean;
  state: "open" | "closed";
}

interface CheckRun {
  id: number;
  name: string;
  head_sha: string;
  status: string;
  conclusion: string | null;
  output: { title: string; summary: string };
  annotations: unknown[];
  details_url?: string;
  appId: number;
}

interface Thread {
  id: string;
  pull: number;
  path: string;
  line: number;
  body: string;
  login: string;
  isResolved: boolean;
}

export interface FakeOptions {
  owner?: string;
  repo?: string;
  defaultBranch?: string;
  appId?: number;
  slug?: string;
  /** role_name per login; anyone else is not a collaborator (404). */
  roles?: Record<string, string>;
}

type Handler = (req: LoggedRequest, m: RegExpExecArray) => Promise<Reply> | Reply;
interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  raw?: Buffer | Uint8Array | string;
}

const json = (status: number, body?: unknown): Reply => ({ status, body });
const notFound = () =>
  json(404, { message: "Not Found", documentation_url: "https://docs.github.com/rest" });

export class FakeGitHub {
  readonly owner: string;
  readonly repo: string;
  readonly fullName: string;
  readonly defaultBranch: string;
  readonly appId: number;
  readonly slug: string;
  readonly botLogin: string;
  readonly roles: Map<string, string>;
  readonly requests: LoggedRequest[] = [];
  readonly comments: Comment[] = [];
  readonly pulls: Pull[] = [];
  readonly reviews: Array<{
    id: number;
    pull: number;
    body: string;
    login: string;
    event: string;
    commit_id: string;
  }> = [];
  readonly threads: Thread[] = [];
  readonly checkRuns: CheckRun[] = [];
  readonly runs: FakeRun[] = [];
  /** Called after every workflow_dispatch (the later end-to-end test starts the runner here). */
  onDispatch: (run: FakeRun) => void | Promise<void> = () => {};
  #nextId = 1000;
  #faults: Array<{ method: string; path: RegExp; status: number; times: number }> = [];
  #server: Server | undefined;
  #routes: Array<[string, RegExp, Handler]> = [];
  url = "";

  private constructor(
    readonly git: GitStore,
    options: FakeOptions,
  ) {
    this.owner = options.owner ?? "octo-org";
    this.repo = options.repo ?? "octo-repo";
    this.fullName = `${this.owner}/${this.repo}`;
    this.defaultBranch = options.defaultBranch ?? "main";
    this.appId = options.appId ?? 4242;
    this.slug = options.slug ?? "copperhead-test";
    this.botLogin = `${this.slug}[bot]`;
    this.roles = new Map(Object.entries(options.roles ?? {}));
    this.#defineRoutes();
  }

  static async start(gitDir: string, options: FakeOptions = {}): Promise<FakeGitHub> {
    const store = await GitStore.create(gitDir, options.defaultBranch ?? "main");
    const fake = new FakeGitHub(store, options);
    fake.#server = createServer((req, res) => void fake.#handle(req, res));
    await new Promise<void>((resolve) => fake.#server!.listen(0, "127.0.0.1", resolve));
    fake.url = `http://127.0.0.1:${(fake.#server.address() as AddressInfo).port}`;
    return fake;
  }

  async stop(): Promise<void> {
    this.git.close();
    await new Promise<void>((resolve) => {
      this.#server?.closeAllConnections();
      this.#server?.close(() => resolve());
    });
  }

  nextId(): number {
    return this.#nextId++;
  }

  /** The next `times` requests matching answer `status` (GitHub having a bad moment). */
  fail(method: string, path: RegExp, status: number, times = 1): void {
    this.#faults.push({ method, path, status, times });
  }

  /** Requests other than the App's own authentication, as `METHOD /path`. */
  calls(): string[] {
    return this.requests
      .filter((r) => !/^\/app(\/|$)/.test(r.path))
      .map((r) => `${r.method} ${r.path}`);
  }

  /** A human comment on an issue or pull request (for command tests). */
  addComment(issue: number, login: string, body: string): Comment {
    const c = { id: this.nextId(), issue, body, login, reactions: [] };
    this.comments.push(c);
    return c;
  }

  async #readBody(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    if (!text) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://fake");
    // GitHub Enterprise style base URLs (/api/v3, /api/graphql) map onto the same routes.
    const path = decodeURIComponent(
      url.pathname.replace(/^\/api\/v3(?=\/)/, "").replace(/^\/api\/graphql$/, "/graphql"),
    );
    const logged: LoggedRequest = {
      method: req.method ?? "GET",
      path,
      query: url.searchParams,
      body: await this.#readBody(req),
      auth: req.headers.authorization,
      accept: String(req.headers.accept ?? ""),
    };
    this.requests.push(logged);
    let reply: Reply = notFound();
    const fault = this.#faults.find(
      (f) => f.method === logged.method && f.path.test(path) && f.times > 0,
    );
    if (fault) {
      fault.times--;
      reply = json(fault.status, { message: "Server Error" });
    } else {
      for (const [method, pattern, handler] of this.#routes) {
        if (method !== logged.method) continue;
        const m = pattern.exec(path);
        if (!m) continue;
        try {
          reply = await handler(logged, m);
        } catch (error) {
          reply = json(500, { message: (error as Error).message });
        }
        break;
      }
    }
    const headers = { "x-github-request-id": String(this.requests.length), ...reply.headers };
    if (reply.raw !== undefined) {
      res.writeHead(reply.status, { "content-type": "application/octet-stream", ...headers });
      res.end(reply.raw);
      return;
    }
    if (reply.body === undefined) {
      res.writeHead(reply.status, headers);
      res.end();
      return;
    }
    res.writeHead(reply.status, { "content-type": "application/json; charset=utf-8", ...headers });
    res.end(JSON.stringify(reply.body));
  }

  #route(method: string, pattern: string, handler: Handler): void {
    const repo = `/repos/${this.owner}/${this.repo}`;
    this.#routes.push([method, new RegExp(`^${pattern.replace("{repo}", repo)}$`), handler]);
  }

  #html(...parts: string[]): string {
    return `https://github.com/${this.fullName}/${parts.join("/")}`;
  }

  #user(login: string) {
    return { login, type: login.endsWith("[bot]") ? "Bot" : "User", id: 1 };
  }

  #pullJson(p: Pull, headSha: string, baseSha: string) {
    return {
      number: p.number,
      title: p.title,
      body: p.body,
      state: p.state,
      draft: p.draft,
      merged_at: null,
      html_url: this.#html("pull", String(p.number)),
      head: { ref: p.head, sha: headSha, repo: { full_name: p.headRepo } },
      base: { ref: p.base, sha: baseSha, repo: { full_name: this.fullName } },
      user: this.#user(this.botLogin),
    };
  }

  async pullJson(p: Pull) {
    const headSha =
      p.headRepo === this.fullName ? ((await this.git.branchSha(p.head)) ?? "") : (p.headSha ?? "");
    return this.#pullJson(p, headSha, (await this.git.branchSha(p.base)) ?? "");
  }

  #runJson(r: FakeRun) {
    return {
      id: r.id,
      name: r.workflow,
      path: r.path,
      display_title: r.displayTitle,
      head_branch: r.headBranch,
      head_sha: r.headSha,
      event: r.event,
      status: r.status,
      conclusion: r.conclusion,
      html_url: this.#html("actions", "runs", String(r.id)),
    };
  }

  #defineRoutes(): void {
    const r = this.#route.bind(this);
    // App authentication.
    r("GET", "/app", () => json(200, { id: this.appId, slug: this.slug, name: "copperhead test" }));
    r("POST", "/app/installations/(\\d+)/access_tokens", () =>
      json(201, {
        token: "ghs_fakeinstallationtoken",
        expires_at: "2099-01-01T00:00:00Z",
        permissions: {},
      }),
    );
    r("GET", "/repos/([^/]+)/([^/]+)/installation", () => json(200, { id: 1 }));

    // Git data.
    r("GET", "{repo}/git/ref/heads/(.+)", async (_q, m) => {
      const sha = await this.git.branchSha(m[1]!);
      return sha
        ? json(200, { ref: `refs/heads/${m[1]}`, object: { sha, type: "commit" } })
        : notFound();
    });
    r("POST", "{repo}/git/refs", async (q) => {
      const { ref, sha } = q.body as { ref: string; sha: string };
      if (!(await this.git.createRef(ref, sha)))
        return json(422, { message: "Reference already exists" });
      return json(201, { ref, object: { sha, type: "commit" } });
    });
    r("GET", "{repo}/git/trees/(.+)", async (q, m) => {
      const tree = await this.git.treeSha(m[1]!).catch(() => null);
      const sha = tree ?? ((await this.git.objectType(m[1]!)) === "tree" ? m[1]! : null);
      if (!sha) return notFound();
      const entries = await this.git.tree(sha, q.query.get("recursive") !== null);
      return json(200, {
        sha,
        truncated: false,
        tree: entries.map((e) => ({
          path: e.path,
          mode: e.mode,
          type: e.type,
          sha: e.sha,
          size: e.size,
        })),
      });
    });
    r("GET", "{repo}/git/blobs/([0-9a-f]{40})", async (_q, m) => {
      if ((await this.git.objectType(m[1]!)) !== "blob") return notFound();
      const bytes = await this.git.blob(m[1]!);
      return json(200, {
        sha: m[1],
        encoding: "base64",
        content: bytes.toString("base64"),
        size: bytes.length,
      });
    });
    r("GET", "{repo}/contents/(.+)", async (q, m) => {
      const ref = q.query.get("ref") ?? this.defaultBranch;
      const file = await this.git.blobAt(ref, m[1]!);
      if (!file) return notFound();
      // Probot's config API asks for the raw media type.
      if (q.accept.includes("raw"))
        return {
          status: 200,
          raw: file.text,
          headers: { "content-type": "text/plain; charset=utf-8" },
        };
      return json(200, {
        type: "file",
        path: m[1],
        sha: file.sha,
        encoding: "base64",
        content: Buffer.from(file.text).toString("base64"),
      });
    });
    r("PUT", "{repo}/contents/(.+)", async (q, m) => {
      const body = q.body as { message: string; content: string; branch: string; sha?: string };
      const current = await this.git.blobAt(body.branch, m[1]!);
      if (current && body.sha !== current.sha)
        return json(409, { message: `${m[1]} does not match ${body.sha}` });
      if (!current && body.sha)
        return json(422, { message: "sha given for a file that does not exist" });
      const text = Buffer.from(body.content, "base64").toString("utf8");
      const commit = await this.git.commitFiles(body.branch, { [m[1]!]: text }, body.message);
      const blob = await this.git.blobAt(commit, m[1]!);
      return json(current ? 200 : 201, {
        content: { path: m[1], sha: blob?.sha },
        commit: { sha: commit },
      });
    });

    // Permissions.
    r("GET", "{repo}/collaborators/([^/]+)/permission", (_q, m) => {
      const role = this.roles.get(m[1]!);
      if (!role) return json(404, { message: `${m[1]} is not a user` });
      const legacy =
        role === "admin"
          ? "admin"
          : role === "maintain" || role === "write"
            ? "write"
            : role === "none"
              ? "none"
              : "read";
      return json(200, { permission: legacy, role_name: role, user: this.#user(m[1]!) });
    });

    // Issues and comments.
    r("GET", "{repo}/issues/(\\d+)/comments", (_q, m) =>
      json(
        200,
        this.comments.filter((c) => c.issue === Number(m[1])).map((c) => this.#commentJson(c)),
      ),
    );
    r("POST", "{repo}/issues/(\\d+)/comments", (q, m) => {
      const c = {
        id: this.nextId(),
        issue: Number(m[1]),
        body: (q.body as { body: string }).body,
        login: this.botLogin,
        reactions: [],
      };
      this.comments.push(c);
      return json(201, this.#commentJson(c));
    });
    r("PATCH", "{repo}/issues/comments/(\\d+)", (q, m) => {
      const c = this.comments.find((x) => x.id === Number(m[1]));
      if (!c) return notFound();
      c.body = (q.body as { body: string }).body;
      return json(200, this.#commentJson(c));
    });
    r("POST", "{repo}/issues/comments/(\\d+)/reactions", (q, m) => {
      const c = this.comments.find((x) => x.id === Number(m[1]));
      if (!c) return notFound();
      c.reactions.push((q.body as { content: string }).content);
      return json(201, { id: this.nextId(), content: (q.body as { content: string }).content });
    });

    // Pull requests and reviews.
    r("GET", "{repo}/pulls", async (q) => {
      const head = q.query.get("head");
      const state = q.query.get("state") ?? "open";
      const list = this.pulls.filter(
        (p) =>
          (!head || `${p.headRepo.split("/")[0]}:${p.head}` === head) &&
          (state === "all" || p.state === state),
      );
      return json(200, await Promise.all(list.map((p) => this.pullJson(p))));
    });
    r("POST", "{repo}/pulls", async (q) => {
      const b = q.body as {
        title: string;
        head: string;
        base: string;
        body: string;
        draft?: boolean;
      };
      if (!(await this.git.branchSha(b.head)))
        return json(422, { message: `head ${b.head} does not exist` });
      if (this.pulls.some((p) => p.head === b.head && p.state === "open"))
        return json(422, { message: `A pull request already exists for ${this.owner}:${b.head}.` });
      const p: Pull = {
        number: this.#nextIssueNumber(),
        title: b.title,
        body: b.body,
        head: b.head,
        headRepo: this.fullName,
        base: b.base,
        draft: b.draft ?? false,
        state: "open",
      };
      this.pulls.push(p);
      return json(201, await this.pullJson(p));
    });
    r("GET", "{repo}/pulls/(\\d+)", async (_q, m) => {
      const p = this.pulls.find((x) => x.number === Number(m[1]));
      return p ? json(200, await this.pullJson(p)) : notFound();
    });
    r("GET", "{repo}/pulls/(\\d+)/files", async (_q, m) => {
      const p = this.pulls.find((x) => x.number === Number(m[1]));
      if (!p) return notFound();
      return json(200, await this.git.diff(p.base, p.head));
    });
    r("GET", "{repo}/pulls/(\\d+)/reviews", (_q, m) =>
      json(
        200,
        this.reviews
          .filter((v) => v.pull === Number(m[1]))
          .map((v) => ({
            id: v.id,
            body: v.body,
            state: "COMMENTED",
            commit_id: v.commit_id,
            user: this.#user(v.login),
          })),
      ),
    );
    r("POST", "{repo}/pulls/(\\d+)/reviews", async (q, m) => {
      const pull = Number(m[1]);
      const p = this.pulls.find((x) => x.number === pull);
      if (!p) return notFound();
      const b = q.body as {
        commit_id: string;
        body: string;
        event: string;
        comments?: Array<{ path: string; line: number; side: string; body: string }>;
      };
      const files = await this.git.diff(p.base, p.head);
      for (const c of b.comments ?? []) {
        const patch = files.find((f) => f.filename === c.path)?.patch;
        if (!patch || !rightLines(patch).has(c.line))
          return json(422, {
            message: "Unprocessable Entity",
            errors: ["Pull request review thread line must be part of the diff"],
          });
      }
      const review = {
        id: this.nextId(),
        pull,
        body: b.body,
        login: this.botLogin,
        event: b.event,
        commit_id: b.commit_id,
      };
      this.reviews.push(review);
      for (const c of b.comments ?? [])
        this.threads.push({
          id: `PRRT_${this.nextId()}`,
          pull,
          path: c.path,
          line: c.line,
          body: c.body,
          login: this.botLogin,
          isResolved: false,
        });
      return json(200, {
        id: review.id,
        body: review.body,
        state: "COMMENTED",
        user: this.#user(this.botLogin),
      });
    });
    r("POST", "/graphql", (q) =>
      this.#graphql(q.body as { query: string; variables: Record<string, unknown> }),
    );

    // Checks.
    r("GET", "{repo}/commits/([^/]+)/check-runs", async (_q, m) => {
      const sha = (await this.git.resolve(m[1]!)) ?? m[1]!;
      // Newest first, and (filter=latest) one per name, as GitHub lists them.
      const seen = new Set<string>();
      const list = [...this.checkRuns]
        .reverse()
        .filter((c) => c.head_sha === sha && !seen.has(c.name) && seen.add(c.name));
      return json(200, {
        total_count: list.length,
        check_runs: list.map((c) => this.#checkJson(c)),
      });
    });
    r("POST", "{repo}/check-runs", (q) => {
      const b = q.body as {
        name: string;
        head_sha: string;
        status?: string;
        conclusion?: string;
        output: { title: string; summary: string; annotations?: unknown[] };
        details_url?: string;
      };
      if ((b.output.annotations?.length ?? 0) > 50)
        return json(422, { message: "Only 50 annotations are allowed per request" });
      if (!b.output.summary) return json(422, { message: "output.summary is required" });
      if (b.output.summary.length > 65535)
        return json(422, { message: "summary is too long (maximum is 65535 characters)" });
      if (b.conclusion === "action_required" && !b.details_url)
        return json(422, { message: "details_url is required for action_required" });
      const c: CheckRun = {
        id: this.nextId(),
        name: b.name,
        head_sha: b.head_sha,
        status: b.conclusion ? "completed" : (b.status ?? "queued"),
        conclusion: b.conclusion ?? null,
        output: { title: b.output.title, summary: b.output.summary },
        annotations: [...(b.output.annotations ?? [])],
        ...(b.details_url ? { details_url: b.details_url } : {}),
        appId: this.appId,
      };
      this.checkRuns.push(c);
      return json(201, this.#checkJson(c));
    });
    r("PATCH", "{repo}/check-runs/(\\d+)", (q, m) => {
      const c = this.checkRuns.find((x) => x.id === Number(m[1]));
      if (!c) return notFound();
      const b = q.body as {
        status?: string;
        conclusion?: string;
        output?: { title: string; summary: string; annotations?: unknown[] };
      };
      if ((b.output?.annotations?.length ?? 0) > 50)
        return json(422, { message: "Only 50 annotations are allowed per request" });
      if (b.conclusion) {
        c.conclusion = b.conclusion;
        c.status = "completed";
      } else if (b.status) {
        c.status = b.status;
        if (b.status !== "completed") c.conclusion = null;
      }
      if (b.output) {
        c.output = { title: b.output.title, summary: b.output.summary };
        // GitHub appends annotations sent with each update.
        c.annotations.push(...(b.output.annotations ?? []));
      }
      return json(200, this.#checkJson(c));
    });

    // Actions.
    r("GET", "{repo}/actions/workflows/([^/]+)", async (_q, m) => {
      const path = `.github/workflows/${m[1]}`;
      const file = await this.git.blobAt(this.defaultBranch, path);
      return file ? json(200, { id: 1, name: m[1], path, state: "active" }) : notFound();
    });
    r("POST", "{repo}/actions/workflows/([^/]+)/dispatches", async (q, m) => {
      const path = `.github/workflows/${m[1]}`;
      const b = q.body as {
        ref: string;
        inputs?: Record<string, string>;
        return_run_details?: boolean;
      };
      const sha = await this.git.branchSha(b.ref);
      if (!sha) return json(422, { message: `No ref found for: ${b.ref}` });
      if (!(await this.git.blobAt(sha, path)))
        return json(404, { message: `workflow ${m[1]} not found on ${b.ref}` });
      const inputs = b.inputs ?? {};
      const name = m[1] === "copperhead.yml" ? "copperhead" : m[1]!.replace(/\.yml$/, "");
      const title =
        m[1] === "copperhead.yml"
          ? `copperhead ${inputs.branch} [${inputs.request_id}]`
          : `copperhead check ${inputs.sha?.slice(0, 12)} [${inputs.request_id}]`;
      const run: FakeRun = {
        id: this.nextId(),
        workflow: name,
        path,
        headBranch: b.ref,
        headSha: sha,
        event: "workflow_dispatch",
        status: "queued",
        conclusion: null,
        displayTitle: title,
        inputs,
        jobs: [],
        artifacts: [],
      };
      this.runs.unshift(run);
      await this.onDispatch(run);
      if (!b.return_run_details) return { status: 204 };
      return json(200, {
        workflow_run_id: run.id,
        run_url: `${this.url}/repos/${this.fullName}/actions/runs/${run.id}`,
        html_url: this.#html("actions", "runs", String(run.id)),
      });
    });
    r("GET", "{repo}/actions/workflows/([^/]+)/runs", (q, m) => {
      const branch = q.query.get("branch");
      const list = this.runs.filter(
        (x) => x.path === `.github/workflows/${m[1]}` && (!branch || x.headBranch === branch),
      );
      return json(200, {
        total_count: list.length,
        workflow_runs: list.map((x) => this.#runJson(x)),
      });
    });
    r("GET", "{repo}/actions/runs/(\\d+)", (_q, m) => {
      const run = this.runs.find((x) => x.id === Number(m[1]));
      return run ? json(200, this.#runJson(run)) : notFound();
    });
    r("GET", "{repo}/actions/runs/(\\d+)/jobs", (_q, m) => {
      const run = this.runs.find((x) => x.id === Number(m[1]));
      if (!run) return notFound();
      return json(200, {
        total_count: run.jobs.length,
        jobs: run.jobs.map((j) => ({
          ...j,
          run_id: run.id,
          html_url: this.#html("actions", "runs", String(run.id), "job", String(j.id)),
        })),
      });
    });
    r("POST", "{repo}/actions/runs/(\\d+)/cancel", (_q, m) => {
      const run = this.runs.find((x) => x.id === Number(m[1]));
      if (!run) return notFound();
      if (run.status === "completed")
        return json(409, { message: "Cannot cancel a workflow run that is completed." });
      run.status = "completed";
      run.conclusion = "cancelled";
      for (const j of run.jobs)
        if (j.status !== "completed")
          Object.assign(j, { status: "completed", conclusion: "cancelled" });
      return json(202, {});
    });
    r("GET", "{repo}/actions/runs/(\\d+)/artifacts", (_q, m) => {
      const run = this.runs.find((x) => x.id === Number(m[1]));
      if (!run) return notFound();
      return json(200, {
        total_count: run.artifacts.length,
        artifacts: run.artifacts.map((a) => ({
          id: a.id,
          name: a.name,
          size_in_bytes: a.bytes.byteLength,
          expired: a.expired,
        })),
      });
    });
    r("GET", "{repo}/actions/artifacts/(\\d+)/zip", (_q, m) => ({
      status: 302,
      headers: { location: `${this.url}/_blobs/artifact-${m[1]}.zip` },
    }));
    r("GET", "/_blobs/artifact-(\\d+)\\.zip", (_q, m) => {
      const artifact = this.runs.flatMap((x) => x.artifacts).find((a) => a.id === Number(m[1]));
      return artifact ? { status: 200, raw: Buffer.from(artifact.bytes) } : notFound();
    });
  }

  #issueNumber = 100;
  #nextIssueNumber(): number {
    return ++this.#issueNumber;
  }

  #commentJson(c: Comment) {
    return {
      id: c.id,
      body: c.body,
      user: this.#user(c.login),
      html_url: `${this.#html("issues", String(c.issue))}#issuecomment-${c.id}`,
    };
  }

  #checkJson(c: CheckRun) {
    return {
      id: c.id,
      name: c.name,
      head_sha: c.head_sha,
      status: c.status,
      conclusion: c.conclusion,
      output: { ...c.output, annotations_count: c.annotations.length },
      app: { id: c.appId, slug: this.slug },
    };
  }

  #graphql(body: { query: string; variables: Record<string, unknown> }): Reply {
    if (/resolveReviewThread/.test(body.query)) {
      const t = this.threads.find((x) => x.id === body.variables.id);
      if (!t)
        return json(200, { data: null, errors: [{ message: "Could not resolve to a node" }] });
      t.isResolved = true;
      return json(200, {
        data: { resolveReviewThread: { thread: { id: t.id, isResolved: true } } },
      });
    }
    if (/reviewThreads/.test(body.query)) {
      const pull = Number(body.variables.number);
      const nodes = this.threads
        .filter((t) => t.pull === pull)
        .map((t) => ({
          id: t.id,
          isResolved: t.isResolved,
          comments: {
            nodes: [
              {
                body: t.body,
                author: { __typename: "Bot", login: t.login.replace(/\[bot\]$/, "") },
              },
            ],
          },
        }));
      return json(200, {
        data: {
          repository: {
            pullRequest: {
              reviewThreads: { pageInfo: { hasNextPage: false, endCursor: null }, nodes },
            },
          },
        },
      });
    }
    return json(200, { errors: [{ message: "the fake answers only the App's queries" }] });
  }
}

/** Right-hand line numbers a patch shows. */
function rightLines(patch: string): Set<number> {
  const lines = new Set<number>();
  let next = 0;
  for (const row of patch.split("\n")) {
    const h = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(row);
    if (h) next = Number(h[1]);
    else if (next && (row.startsWith("+") || row.startsWith(" "))) lines.add(next++);
  }
  return lines;
}
