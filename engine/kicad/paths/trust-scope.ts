import { existsSync, realpathSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { basename, delimiter, dirname, join, resolve } from "node:path";
import { pushAll } from "../../array-ops.js";
import { findRepoRoot, NotARepositoryError } from "../../repo/repo-root.js";

/**
 * Where files named by a design may be: the root (the git working tree holding the design, or
 * — outside any repository — the folder of the file a person named) and, for library tables
 * and 3-D models only, KiCad's installed library folders. All real paths (symlinks resolved).
 */
export interface TrustScope {
  readonly root: string;
  /** True when `root` is a git working tree (false: the folder of a file named outside one). */
  readonly repository: boolean;
  readonly libraryRoots: readonly string[];
  readonly env: NodeJS.ProcessEnv;
}

/** Where KiCad installs its shared data, per platform (the first that exists is KiCad's). */
const SHARE_DIRS = [
  "/usr/share/kicad",
  "/usr/local/share/kicad",
  "/Applications/KiCad/KiCad.app/Contents/SharedSupport",
  "C:/Program Files/KiCad/9.0/share/kicad",
];

/** KiCad's library variables (`KICAD9_<kind>`) and the share sub-folder each defaults to. */
export const LIBRARY_VARIABLE_FOLDERS = {
  SYMBOL_DIR: "symbols",
  FOOTPRINT_DIR: "footprints",
  "3DMODEL_DIR": "3dmodels",
  TEMPLATE_DIR: "template",
} as const;

export type LibraryVariableKind = keyof typeof LIBRARY_VARIABLE_FOLDERS | "3RD_PARTY";

/** `KICAD9_SYMBOL_DIR`, `KICAD6_3DMODEL_DIR`, `KICAD_3RD_PARTY`: KiCad's versioned library variables. */
export const LIBRARY_VARIABLE =
  /^KICAD\d*_(SYMBOL_DIR|FOOTPRINT_DIR|3DMODEL_DIR|TEMPLATE_DIR|3RD_PARTY)$/;

/** Folders an operator adds to the trusted library folders (never the repository: it is env). */
export const TRUSTED_DIRS_VARIABLE = "COPPERHEAD_TRUSTED_DIRS";

function shareDir(): string | undefined {
  return SHARE_DIRS.find((dir) => existsSync(dir));
}

/** KiCad 9's per-user data folder (PCM packages, user templates). */
function userDataDir(env: NodeJS.ProcessEnv): string {
  return join(env.KICAD_DOCUMENTS_HOME ?? join(env.HOME ?? homedir(), ".local/share/kicad"), "9.0");
}

/**
 * The value KiCad gives a library variable: the environment's, else KiCad's own default (the
 * versioned fallback of KIwxExpandEnvVars maps any version's name onto KiCad 9's folder).
 */
export function libraryVariableValue(name: string, env: NodeJS.ProcessEnv): string | undefined {
  const own = env[name];
  if (own) return own;
  if (name === "KISYS3DMOD") return libraryVariableValue("KICAD9_3DMODEL_DIR", env);
  if (name === "KICAD_USER_TEMPLATE_DIR") return join(userDataDir(env), "template");
  const kind = LIBRARY_VARIABLE.exec(name)?.[1] as LibraryVariableKind | undefined;
  if (!kind) return undefined;
  const current = env[`KICAD9_${kind}`];
  if (current) return current;
  if (kind === "3RD_PARTY") return join(userDataDir(env), "3rdparty");
  const share = shareDir();
  return share ? join(share, LIBRARY_VARIABLE_FOLDERS[kind]) : undefined;
}

/**
 * The real folder. One that does not exist (kicad-packages3d not installed) still counts, by
 * where it would be: nothing is there to read, and a path into it stays a library path.
 */
function realFolder(path: string): string | undefined {
  const missing: string[] = [];
  let current = path;
  for (;;) {
    try {
      const real = realpathSync(current);
      if (missing.length === 0) return statSync(real).isDirectory() ? real : undefined;
      return join(real, missing.reverse().join("/"));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") return undefined;
      const parent = dirname(current);
      if (parent === current) return undefined;
      missing.push(basename(current));
      current = parent;
    }
  }
}

function listed(value: string | undefined): string[] {
  return (value ?? "").split(delimiter).filter((d) => d !== "");
}

/**
 * KiCad's installed library folders as this environment sees them: the share folder's symbols,
 * footprints, 3dmodels and template, every library variable the environment sets, the per-user
 * PCM and template folders, copperhead's own symbol folder override and COPPERHEAD_TRUSTED_DIRS.
 * The environment is the operator's, never the repository's, so it is trusted.
 */
export function kicadLibraryRoots(env: NodeJS.ProcessEnv): string[] {
  const candidates: string[] = [];
  const share = shareDir();
  if (share)
    for (const folder of Object.values(LIBRARY_VARIABLE_FOLDERS))
      candidates.push(join(share, folder));
  for (const [name, value] of Object.entries(env)) {
    if (value && (LIBRARY_VARIABLE.test(name) || name === "KISYS3DMOD")) candidates.push(value);
  }
  candidates.push(join(userDataDir(env), "3rdparty"), join(userDataDir(env), "template"));
  pushAll(candidates, listed(env.COPPERHEAD_SYMBOL_DIR));
  pushAll(candidates, listed(env[TRUSTED_DIRS_VARIABLE]));
  const roots = new Set<string>();
  for (const candidate of candidates) {
    const real = realFolder(resolve(candidate));
    if (real) roots.add(real);
  }
  return [...roots];
}

function repositoryOf(folder: string): string | undefined {
  try {
    return findRepoRoot(folder);
  } catch (error) {
    if (error instanceof NotARepositoryError) return undefined;
    throw error;
  }
}

/**
 * The scope for a design named by `path` (a file or a folder): its git working tree, else the
 * folder itself (for a file: the folder holding it, as named — a symlinked design file outside
 * any repository is judged by where the link sits, so it cannot widen its own scope).
 */
export function trustScopeFor(path: string, env: NodeJS.ProcessEnv = process.env): TrustScope {
  const absolute = resolve(path);
  let folder = dirname(absolute);
  try {
    if (statSync(absolute).isDirectory()) folder = absolute;
  } catch {
    // A path that does not exist yet (an output) is judged by its folder.
  }
  const repository = repositoryOf(folder);
  const root = repository ?? folder;
  return {
    root: realFolder(root) ?? root,
    repository: repository !== undefined,
    libraryRoots: kicadLibraryRoots(env),
    env,
  };
}

/** The same root judged with another environment (its library folders and trusted folders). */
export function scopeWithEnv(scope: TrustScope, env: NodeJS.ProcessEnv): TrustScope {
  return scope.env === env ? scope : { ...scope, env, libraryRoots: kicadLibraryRoots(env) };
}
