import { cp, mkdir, readdir, stat } from "node:fs/promises";
import { basename, join } from "node:path";
import { git } from "../../../engine/repo/git.js";
import { ACTIONS } from "../../../engine/workflow/job-steps.js";
import { type AppTokenRun, mintAppToken } from "./app-token.js";

/** What a step of a built-in action did. */
export interface BuiltinResult {
  ok: boolean;
  outputs: Record<string, string>;
  log: string[];
  /** Values the action masks (a minted token). */
  masks?: string[];
}

/** The run-wide stores the built-in actions share: caches, artifacts, minted tokens. */
export interface RunStores {
  origin: string;
  cacheDir: string;
  artifactDir: string;
  /** Where artifacts of this run attempt go (`<artifactDir>/<run>-<attempt>/<name>/`). */
  attemptKey: string;
  /** Every token the app-token action minted, in order, with where. */
  minted: Array<{ job: string; step: number; token: string }>;
  /** Creation order of cache entries (restore-keys take the newest match). */
  cacheOrder: string[];
}

export interface BuiltinContext {
  job: string;
  step: number;
  workspace: string;
  /** The run's own ref (a checkout without `ref:` takes it). */
  ref: string;
  stores: RunStores;
  /** The run's repository and API, for actions that call GitHub. */
  run: AppTokenRun;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * actions/checkout: a clone of the origin's branches into the workspace, then the asked-for
 * branch (its tip at this moment) or commit. `persist-credentials: false` leaves no token in
 * .git/config; a local origin needs none anyway.
 */
async function checkout(w: Record<string, string>, c: BuiltinContext): Promise<BuiltinResult> {
  const ref = w.ref || c.ref;
  if (w["fetch-depth"] !== "0")
    throw new Error("the runner checks out full history only (fetch-depth: 0)");
  if (w["persist-credentials"] !== "false")
    throw new Error("the generator never persists credentials");
  await mkdir(c.workspace, { recursive: true });
  await git(c.workspace, ["init", "-q"]);
  await git(c.workspace, ["remote", "add", "origin", c.stores.origin]);
  await git(c.workspace, [
    "fetch",
    "-q",
    "--no-tags",
    "origin",
    "+refs/heads/*:refs/remotes/origin/*",
  ]);
  if (/^[0-9a-f]{40}$/.test(ref)) {
    await git(c.workspace, ["fetch", "-q", "origin", ref]);
    await git(c.workspace, ["checkout", "-q", "--detach", ref]);
  } else {
    await git(c.workspace, ["checkout", "-q", "-B", ref, `refs/remotes/origin/${ref}`]);
  }
  const head = (await git(c.workspace, ["rev-parse", "HEAD"])).trim();
  return { ok: true, outputs: { ref, commit: head }, log: [`checked out ${ref} at ${head}`] };
}

async function cacheRestore(w: Record<string, string>, c: BuiltinContext): Promise<BuiltinResult> {
  const key = w.key!;
  const prefixes = (w["restore-keys"] ?? "")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  let matched: string | undefined;
  if (await exists(join(c.stores.cacheDir, encodeURIComponent(key)))) matched = key;
  for (const prefix of prefixes) {
    if (matched) break;
    matched = [...c.stores.cacheOrder].reverse().find((k) => k.startsWith(prefix));
  }
  if (!matched)
    return { ok: true, outputs: { "cache-hit": "false" }, log: [`no cache for ${key}`] };
  await cp(join(c.stores.cacheDir, encodeURIComponent(matched)), join(c.workspace, w.path!), {
    recursive: true,
  });
  return {
    ok: true,
    outputs: { "cache-hit": String(matched === key), "cache-matched-key": matched },
    log: [`restored ${matched}`],
  };
}

/** actions/cache/save: entries are immutable, a missing path only warns (as on GitHub). */
async function cacheSave(w: Record<string, string>, c: BuiltinContext): Promise<BuiltinResult> {
  const key = w.key!;
  const entry = join(c.stores.cacheDir, encodeURIComponent(key));
  if (await exists(entry)) return { ok: true, outputs: {}, log: [`warning: cache ${key} exists`] };
  const source = join(c.workspace, w.path!);
  if (!(await exists(source))) {
    return { ok: true, outputs: {}, log: [`warning: ${w.path} does not exist, no cache saved`] };
  }
  await cp(source, entry, { recursive: true });
  c.stores.cacheOrder.push(key);
  return { ok: true, outputs: {}, log: [`saved ${key}`] };
}

/** actions/upload-artifact: one file or folder; a name twice in one run attempt is an error. */
async function uploadArtifact(
  w: Record<string, string>,
  c: BuiltinContext,
): Promise<BuiltinResult> {
  const dest = join(c.stores.artifactDir, c.stores.attemptKey, w.name!);
  if (await exists(dest))
    return { ok: false, outputs: {}, log: [`artifact ${w.name} already exists`] };
  const source = join(c.workspace, w.path!);
  if (!(await exists(source))) {
    const fatal = (w["if-no-files-found"] ?? "warn") === "error";
    return { ok: !fatal, outputs: {}, log: [`no files at ${w.path}`] };
  }
  await mkdir(dest, { recursive: true });
  const info = await stat(source);
  if (info.isDirectory()) await cp(source, dest, { recursive: true });
  else await cp(source, join(dest, basename(source)));
  const files = await readdir(dest, { recursive: true });
  return {
    ok: true,
    outputs: { "artifact-id": w.name! },
    log: [`uploaded ${w.name}: ${files.join(", ")}`],
  };
}

/** actions/create-github-app-token: asks GitHub's API (nock in the tests) for a fresh token. */
async function appToken(w: Record<string, string>, c: BuiltinContext): Promise<BuiltinResult> {
  try {
    const { token, installationId, appSlug } = await mintAppToken(w, c.run);
    c.stores.minted.push({ job: c.job, step: c.step, token });
    return {
      ok: true,
      outputs: { token, "installation-id": installationId, "app-slug": appSlug },
      log: [`minted an installation token for ${c.run.repository}`],
      masks: [token],
    };
  } catch (error) {
    return { ok: false, outputs: {}, log: [(error as Error).message] };
  }
}

const BUILTINS: Record<
  string,
  (w: Record<string, string>, c: BuiltinContext) => Promise<BuiltinResult>
> = {
  [ACTIONS.checkout]: checkout,
  [ACTIONS.cacheRestore]: cacheRestore,
  [ACTIONS.cacheSave]: cacheSave,
  [ACTIONS.uploadArtifact]: uploadArtifact,
  [ACTIONS.appToken]: appToken,
};

/** The built-in action `uses` names, or undefined: the runner knows no other. */
export function builtinAction(uses: string) {
  return BUILTINS[uses];
}
