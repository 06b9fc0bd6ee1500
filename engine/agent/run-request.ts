import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { CopperheadError } from "../errors.js";
import type { Obligation } from "../flow/outcome.js";
import { isEngineDrafted } from "../kicad/schematic/engine-stamp.js";
import { readConfig } from "../repo/config.js";
import { git } from "../repo/git.js";
import {
  dirtyPaths,
  dropStashIfCommitted,
  restoreSnapshot,
  type Snapshot,
  takeSnapshot,
  touchedPaths,
} from "../repo/snapshot.js";
import { CachingProvider } from "./cache/caching-provider.js";
import { Ledger } from "./ledger/ledger.js";
import { type AgentBudget, runAgent } from "./loop/run-agent.js";
import type { AgentRunResult } from "./loop/run-result.js";
import type { Write } from "./progress.js";
import { loadPrompt } from "./prompts/load-prompt.js";
import type { Provider } from "./providers/provider.js";
import { createRedactor } from "./redact.js";
import type { AgentTool } from "./tool.js";
import { ALL_TOOLS } from "./tools/all-tools.js";

export const DO_STAGE = "do";

/** The tree has tracked changes: a run must never mix its work with a person's. */
export class DirtyTreeError extends CopperheadError {}

export interface RunRequestOptions {
  repo: string;
  request: string;
  /** The model (wrapped here in the on-disk response cache). */
  provider: Provider;
  tools?: readonly AgentTool[];
  budget?: Partial<AgentBudget>;
  env?: NodeJS.ProcessEnv;
  write?: Write;
  now?: () => number;
  signal?: AbortSignal;
}

export type RequestVerdict = "committed" | "unchanged" | "failed" | "paused";

export interface RunRequestResult {
  verdict: RequestVerdict;
  run: AgentRunResult;
  attempt: number;
  /** The commit made on success. */
  commit?: string;
  /** Where a failed (or superseded paused) run's work went. */
  stash?: { name: string; sha: string; paths: string[] };
  /** A resumed paused run's stash, dropped because the commit holds exactly that work. */
  droppedStash?: string;
  /** Obligations the ledger still held when the run ended. */
  unmet: Obligation[];
}

/** What a paused run leaves so the next `do` can resume it (see resumePaused). */
const pausedSchema = z.object({
  snapshot: z.object({ head: z.string(), untracked: z.array(z.string()) }),
  touched: z.array(z.string()),
});
const pausedFile = (repo: string) => join(repo, ".copperhead/runs", DO_STAGE, "paused.json");

/**
 * One agent run against a repository the person owns (`copperhead do`): refuse a dirty tree,
 * snapshot, run the loop with a ledger scoped by the repo's origin and the sheet's stamp, then
 * judge the ledger state itself (not the model's word): clean → one commit with trailers;
 * anything else → the work goes to a named stash and the tree returns to the snapshot. A
 * paused run (usage limit) keeps its work; the next run stashes it and replays from the cache.
 */
export async function runRequest(options: RunRequestOptions): Promise<RunRequestResult> {
  const repo = await realpath(options.repo);
  const env = options.env ?? process.env;
  const now = options.now ?? Date.now;
  const resumed = await resumePaused(repo, now);
  const dirty = await dirtyPaths(repo);
  if (dirty.length > 0) {
    throw new DirtyTreeError(
      `the working tree has uncommitted changes (${dirty.slice(0, 5).join(", ")}${dirty.length > 5 ? ", …" : ""}); copperhead do will not mix its work with yours`,
      'commit them (git commit -am "…") or set them aside (git stash push -m "mine"), then run copperhead do again',
    );
  }
  const config = await readConfig(repo);
  const ledger = new Ledger({ origin: config.origin, sheet: await sheetState(repo, config) });
  const snapshot = await takeSnapshot(repo);
  const attempt = await nextAttempt(repo);
  const provider = new CachingProvider(options.provider, repo, createRedactor(env));

  const run = await runAgent({
    provider,
    tools: options.tools ?? ALL_TOOLS,
    ledger,
    system: await loadPrompt("do"),
    prompt: options.request,
    repo,
    stage: DO_STAGE,
    attempt,
    env,
    ...(options.budget ? { budget: options.budget } : {}),
    ...(options.write ? { write: options.write } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    now,
  });

  // The gate re-reads the ledger as the run left it: "finish accepted" and "verified" are
  // separate questions, and only the second one commits.
  const gate = new Ledger(run.ledger);
  const unmet = gate.blocking;
  const base = { run, attempt, unmet, ...(resumed ? { stash: resumed } : {}) };
  if (run.exit === "paused") {
    await writeFile(
      pausedFile(repo),
      `${JSON.stringify({ snapshot, touched: await touchedPaths(repo, snapshot) }, null, 2)}\n`,
    );
    return { ...base, verdict: "paused" };
  }
  if (run.exit === "done" && unmet.length === 0) {
    const touched = await touchedPaths(repo, snapshot);
    if (touched.length === 0) return { ...base, verdict: "unchanged" };
    if (gate.open.some((o) => o.kind === "changelog")) {
      touched.push(await appendChangelog(repo, config.paths.docs, run.summary, attempt));
    }
    const commit = await commitWork(repo, [...new Set(touched)], {
      request: options.request,
      summary: run.summary,
      attempt,
      verified: run.verified,
      provider: `${options.provider.name}/${options.provider.model}`,
    });
    // The replay redid the paused run's edits: when the commit holds exactly what the paused
    // stash holds, that stash is a duplicate and only clutters `git stash list`.
    if (resumed && (await dropStashIfCommitted(repo, resumed))) {
      const { stash: _duplicate, ...rest } = base;
      return { ...rest, verdict: "committed", commit, droppedStash: resumed.name };
    }
    return { ...base, verdict: "committed", commit };
  }
  const restored = await restoreSnapshot(repo, snapshot, stashName(now()));
  return { ...base, verdict: "failed", ...(restored.stash ? { stash: restored.stash } : {}) };
}

async function sheetState(
  repo: string,
  config: Awaited<ReturnType<typeof readConfig>>,
): Promise<{ present: boolean; engineAuthored?: boolean }> {
  if (!config.paths.schematic) return { present: false };
  const text = await readFile(join(repo, config.paths.schematic), "utf8").catch(() => undefined);
  if (text === undefined) return { present: false };
  return { present: true, engineAuthored: isEngineDrafted(text) };
}

/** Attempts are numbered per repo so each run keeps its own transcript folder. */
async function nextAttempt(repo: string): Promise<number> {
  const dir = join(repo, ".copperhead/runs", DO_STAGE);
  const entries = await readdir(dir).catch(() => [] as string[]);
  const numbers = entries.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  return Math.max(0, ...numbers) + 1;
}

/** `copperhead/do/20250101T120000Z`: sortable, and unique per run. */
export function stashName(at: number): string {
  const stamp = new Date(at)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return `copperhead/${DO_STAGE}/${stamp}`;
}

/**
 * A paused run left its work in the tree. If the tree holds only that work (nothing of the
 * person's since), set it aside under a named stash and start from the snapshot again: the
 * response cache replays the paid-for turns, which redo the same edits at zero tokens.
 */
async function resumePaused(
  repo: string,
  now: () => number,
): Promise<{ name: string; sha: string; paths: string[] } | undefined> {
  const text = await readFile(pausedFile(repo), "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  const parsed = pausedSchema.safeParse(JSON.parse(text));
  await rm(pausedFile(repo), { force: true });
  if (!parsed.success) return undefined;
  const snapshot: Snapshot = parsed.data.snapshot;
  const head = (await git(repo, ["rev-parse", "--verify", "HEAD"])).trim();
  const ours = new Set(parsed.data.touched);
  const nowTouched = await touchedPaths(repo, snapshot).catch(() => undefined);
  if (head !== snapshot.head || !nowTouched || !nowTouched.every((p) => ours.has(p))) {
    return undefined; // Someone moved on since: leave everything for the dirty-tree check.
  }
  const restored = await restoreSnapshot(repo, snapshot, `${stashName(now())}-paused`);
  return restored.stash;
}

/** The changelog entry the commit path owes (the ledger's `changelog` obligation). */
async function appendChangelog(
  repo: string,
  docs: string,
  summary: string,
  attempt: number,
): Promise<string> {
  const rootLog = await readFile(join(repo, "CHANGELOG.md"), "utf8").catch(() => undefined);
  const path = rootLog !== undefined ? "CHANGELOG.md" : `${docs}/CHANGELOG.md`;
  const current =
    rootLog ?? (await readFile(join(repo, path), "utf8").catch(() => "# Changelog\n\n"));
  const line = `- [${DO_STAGE} #${attempt}] ${summary.replace(/\s+/g, " ").trim()}\n`;
  await mkdir(join(repo, docs), { recursive: true });
  await writeFile(join(repo, path), `${current.endsWith("\n") ? current : `${current}\n`}${line}`);
  return path;
}

interface CommitFacts {
  request: string;
  summary: string;
  attempt: number;
  verified: string[];
  provider: string;
}

export function commitMessage(facts: CommitFacts): string {
  const oneLine = facts.summary.replace(/\s+/g, " ").trim();
  const subject = oneLine.length > 64 ? `${oneLine.slice(0, 63)}…` : oneLine;
  const sha = createHash("sha256").update(facts.request).digest("hex");
  return [
    `copperhead(${DO_STAGE}): ${subject}`,
    "",
    `Request: ${facts.request.replace(/\s+/g, " ").trim()}`,
    "",
    facts.summary.trim(),
    "",
    `Copperhead-Stage: ${DO_STAGE}`,
    `Copperhead-Attempt: ${facts.attempt}`,
    `Copperhead-Request-SHA256: ${sha}`,
    `Copperhead-Verified: ${facts.verified.length > 0 ? facts.verified.join(", ") : "none"}`,
    `Copperhead-Provider: ${facts.provider}`,
    "",
  ].join("\n");
}

async function commitWork(repo: string, paths: string[], facts: CommitFacts): Promise<string> {
  await git(repo, ["add", "-A", "--", ...paths.map((p) => `:(literal)${p}`)]);
  await git(repo, ["commit", "-q", "-F", "-"], { input: commitMessage(facts) });
  return (await git(repo, ["rev-parse", "HEAD"])).trim();
}
