import { lstat, realpath } from "node:fs/promises";
import { basename, dirname, isAbsolute, posix, relative, resolve, sep } from "node:path";
import { type PathFinding, type PathFindingKind, pathFinding } from "./path-finding.js";
import { expandPathVariables, type VariableContext } from "./path-variables.js";
import { isInside, realLocation } from "./real-location.js";
import type { TrustScope } from "./trust-scope.js";

/** One path as a file names it, with the rules KiCad follows to read it. */
export interface PathReference {
  /** Exactly as written in the file. */
  written: string;
  /** The (already vetted) file that names it, absolute. */
  holder: string;
  /** Where in the holder: shown in the finding. */
  field: string;
  /**
   * `sheet`: relative to the holder's folder, no variables (KiCad's sheet loader).
   * `kicad-uri`: variables expanded (library tables, 3-D models, simulation libraries, drawing
   * sheets); relative paths may not climb, since KiCad tries them against its own working
   * folder and its 3-D model folder too, not only the project's.
   * `kicad-project`: variables expanded, relative paths from the project folder only
   * (simulation libraries, drawing sheets, legacy library lists), so they may climb.
   * `repo`: a repository path from copperhead's own config: relative to the holder's folder.
   */
  rules: "sheet" | "kicad-uri" | "kicad-project" | "repo";
  /** For `kicad-uri` and `kicad-project`: KIPRJMOD, the project's text variables, the environment. */
  variables?: VariableContext;
  /** May it lie in KiCad's installed library folders? (library tables and 3-D models) */
  libraries?: boolean;
  /** What must be there when it exists: a file, a folder, or either. */
  expect: "file" | "folder" | "any";
  /** For `repo`: the folder relative paths start from (default: the holder's folder). */
  base?: string;
}

export type Resolution =
  | {
      ok: true;
      /** Absolute, normalised, from the holder's real folder: the path to open. */
      path: string;
      exists: boolean;
      /** True when it lies in KiCad's library folders rather than the repository. */
      inLibraries: boolean;
    }
  | { ok: false; finding: PathFinding };

async function realFolder(folder: string): Promise<string> {
  return realpath(folder).catch(() => resolve(folder));
}

class Refusal {
  constructor(
    readonly kind: PathFindingKind,
    readonly detail?: string,
  ) {}
}

/** The path as a repository-relative name when it is inside, for messages. */
export function displayIn(scope: TrustScope, path: string): string {
  if (!isInside(scope.root, path)) return path;
  return relative(scope.root, path).split(sep).join("/") || ".";
}

/** `%2e%2e%2f` → `../`: one more reading to check, in case a consumer decodes URIs. */
function percentDecoded(text: string): string | undefined {
  if (!/%[0-9a-fA-F]{2}/.test(text)) return undefined;
  return text.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/** Every way the path could be read, after variables: each must stay inside. */
function readings(text: string, ref: PathReference): string[] {
  let base = text.replaceAll("\\", "/");
  if (ref.rules.startsWith("kicad-") && /^file:\/\//i.test(base))
    base = base.slice("file://".length);
  const decoded = percentDecoded(base);
  return decoded === undefined ? [base] : [base, decoded.replaceAll("\\", "/")];
}

function lexicalPath(reading: string, ref: PathReference, base: string): string | Refusal {
  if (reading === "" || reading.includes("\0")) return new Refusal("path-invalid");
  // wxFileName expands a leading `~` or `~user` to a home folder when it normalises a path.
  if (/^~[^/]*(\/|$)/.test(reading)) return new Refusal("path-outside-repo", "a home folder");
  if (isAbsolute(reading)) return resolve(reading);
  if (ref.rules === "kicad-uri") {
    const normal = posix.normalize(reading);
    if (normal === ".." || normal.startsWith("../")) {
      return new Refusal(
        "path-outside-repo",
        "a relative path that climbs: KiCad resolves it from its own working folder too",
      );
    }
  }
  return resolve(base, reading);
}

function within(
  scope: TrustScope,
  path: string,
  libraries: boolean,
): "root" | "libraries" | undefined {
  if (isInside(scope.root, path)) return "root";
  if (libraries && scope.libraryRoots.some((root) => isInside(root, path))) return "libraries";
  return undefined;
}

/** Below whichever root holds it, does the path pass through a `.git` folder? */
function intoGit(scope: TrustScope, path: string): boolean {
  return [scope.root, ...scope.libraryRoots].some(
    (root) =>
      isInside(root, path) &&
      relative(root, path)
        .split(sep)
        .some((part) => part.toLowerCase() === ".git"),
  );
}

async function check(
  scope: TrustScope,
  ref: PathReference,
  path: string,
): Promise<{ exists: boolean; inLibraries: boolean } | Refusal> {
  const libraries = ref.libraries === true;
  if (!within(scope, path, libraries)) return new Refusal("path-outside-repo");
  if (intoGit(scope, path)) return new Refusal("path-into-git");
  const location = await realLocation(path);
  if (location.dangling) return new Refusal("path-symlink-outside", "a symlink to nothing");
  const where = within(scope, location.real, libraries);
  if (!where) return new Refusal("path-symlink-outside");
  if (intoGit(scope, location.real)) return new Refusal("path-into-git", "through a symlink");
  if (!location.exists) return { exists: false, inLibraries: where === "libraries" };
  const info = await lstat(location.real);
  const fits =
    (ref.expect !== "folder" && info.isFile()) || (ref.expect !== "file" && info.isDirectory());
  if (!fits) {
    const what = info.isFile()
      ? "a file where a folder is expected: rename or remove the file"
      : info.isDirectory()
        ? "a folder where a file is expected"
        : "a FIFO, socket or device";
    return new Refusal("path-not-a-file", what);
  }
  return { exists: true, inLibraries: where === "libraries" };
}

/**
 * Resolves one path a design names, or refuses it with a finding. The order makes refusals
 * cheap and safe: variables first (a refused variable is never looked up), then the lexical
 * path against the scope (no file-system call at all for `/etc/passwd` or `/proc/self/environ`),
 * then lstat/realpath only (never an open). The finding quotes the path as written.
 */
export async function resolveReference(scope: TrustScope, ref: PathReference): Promise<Resolution> {
  // Judged from real folders, so a repository reached through a symlinked parent still holds
  // its own files.
  const holderDir = await realFolder(dirname(ref.holder));
  const refuse = (refusal: Refusal): Resolution => ({
    ok: false,
    finding: pathFinding(
      refusal.kind,
      {
        file: displayIn(scope, resolve(holderDir, basename(ref.holder))),
        field: ref.field,
        path: ref.written,
      },
      refusal.detail,
    ),
  });
  let text = ref.written;
  let base = ref.base === undefined ? holderDir : await realFolder(ref.base);
  if (ref.rules === "kicad-uri" || ref.rules === "kicad-project") {
    if (!ref.variables) throw new Error(`a ${ref.rules} reference needs its variable context`);
    base = await realFolder(ref.variables.projectDir);
    const expanded = expandPathVariables(ref.written, { ...ref.variables, projectDir: base });
    if (!expanded.ok) return refuse(new Refusal(expanded.kind, expanded.detail));
    text = expanded.text;
  }
  let first: { path: string; exists: boolean; inLibraries: boolean } | undefined;
  for (const reading of readings(text, ref)) {
    const path = lexicalPath(reading, ref, base);
    if (path instanceof Refusal) return refuse(path);
    const checked = await check(scope, ref, path);
    if (checked instanceof Refusal) return refuse(checked);
    first ??= { path, ...checked };
  }
  if (!first) return refuse(new Refusal("path-invalid"));
  return { ok: true, ...first };
}
