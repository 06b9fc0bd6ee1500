import { readdir, stat } from "node:fs/promises";
import { basename, dirname, extname, join, resolve } from "node:path";
import { UsageError } from "../errors.js";
import { fileErrorOf, withPath } from "../file-error.js";
import { legacyExtensionError } from "../kicad/kicad-file.js";
import { describePathFinding } from "../kicad/paths/path-finding.js";
import { resolveReference } from "../kicad/paths/resolve-reference.js";
import { type TrustScope, trustScopeFor } from "../kicad/paths/trust-scope.js";
import { CONFIG_PATH, ConfigError, type CopperheadConfig, readConfig } from "../repo/config.js";

/** What `copperhead check` looks at, resolved to absolute paths. */
export interface CheckTarget {
  /** The folder the check is about (the repo, or the project folder). */
  dir: string;
  /** Where every file the design names must stay (the repository holding `dir`). */
  scope: TrustScope;
  config: CopperheadConfig;
  schematic: string | undefined;
  board: string | undefined;
  /** The docs folder (may not exist). */
  docs: string;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** KiCad projects in a folder: a `.kicad_pro` with a same-named `.kicad_sch` beside it. */
async function projectsIn(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    // No such folder is no project; a folder we may not list is a problem to name.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return [];
    throw fileErrorOf(withPath(error, dir)) ?? error;
  }
  const found: string[] = [];
  for (const name of names.sort()) {
    if (extname(name) !== ".kicad_pro") continue;
    const sch = join(dir, `${basename(name, ".kicad_pro")}.kicad_sch`);
    if (await isFile(sch)) found.push(sch);
  }
  return found;
}

async function boardBeside(schematic: string): Promise<string | undefined> {
  const pcb = join(dirname(schematic), `${basename(schematic, ".kicad_sch")}.kicad_pcb`);
  return (await isFile(pcb)) ? pcb : undefined;
}

/**
 * Resolves `copperhead check [path]`: a `.kicad_sch` file (its board beside it), or a folder
 * whose `.copperhead/config.json` names the schematic and board; without those paths, the one
 * KiCad project found in the folder or its `hardware/` subfolder. No schematic at all is not an
 * error: the other checks still run and the report says so.
 */
export async function resolveCheckTarget(
  cwd: string,
  path: string | undefined,
): Promise<CheckTarget> {
  const given = resolve(cwd, path ?? ".");
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(given);
  } catch {
    throw new UsageError(
      `${path ?? "."} does not exist`,
      "give a repository folder, a KiCad project folder or a .kicad_sch file",
    );
  }
  if (info.isFile()) {
    const legacy = legacyExtensionError(path ?? given);
    if (legacy) throw legacy;
    if (extname(given) !== ".kicad_sch") {
      throw new UsageError(`${path} is not a schematic`, "give a .kicad_sch file or a folder");
    }
    const dir = dirname(given);
    const config = await readConfig(dir);
    return {
      dir,
      scope: trustScopeFor(dir),
      config,
      schematic: given,
      board: await boardBeside(given),
      docs: join(dir, config.paths.docs),
    };
  }

  const dir = given;
  const scope = trustScopeFor(dir);
  const config = await readConfig(dir);
  for (const key of ["schematic", "board", "docs"] as const) {
    const written = config.paths[key];
    if (written) await requireInside(scope, dir, key, written);
  }
  let schematic = config.paths.schematic ? join(dir, config.paths.schematic) : undefined;
  if (schematic && !(await isFile(schematic))) {
    throw new UsageError(
      `.copperhead/config.json names the schematic ${config.paths.schematic}, which does not exist`,
      "correct paths.schematic in .copperhead/config.json, or set it to null",
    );
  }
  if (!schematic && !config.paths.schematic) {
    const candidates = [...(await projectsIn(dir)), ...(await projectsIn(join(dir, "hardware")))];
    if (candidates.length > 1) {
      throw new UsageError(
        `${path ?? "."} holds several KiCad projects (${candidates.map((c) => basename(c)).join(", ")})`,
        "name one: copperhead check <file.kicad_sch>, or set paths.schematic in .copperhead/config.json",
      );
    }
    schematic = candidates[0];
  }
  let board = config.paths.board ? join(dir, config.paths.board) : undefined;
  if (board && !(await isFile(board))) {
    throw new UsageError(
      `.copperhead/config.json names the board ${config.paths.board}, which does not exist`,
      "correct paths.board in .copperhead/config.json, or set it to null",
    );
  }
  if (!board && schematic) board = await boardBeside(schematic);
  return { dir, scope, config, schematic, board, docs: join(dir, config.paths.docs) };
}

/**
 * A config path must really stay in the repository: the schema already refuses `/…` and `..`,
 * this refuses a symlink out, a FIFO or device, and a path into .git/ — before anything opens it.
 */
async function requireInside(
  scope: TrustScope,
  dir: string,
  key: "schematic" | "board" | "docs",
  written: string,
): Promise<void> {
  const resolution = await resolveReference(scope, {
    written,
    holder: join(dir, CONFIG_PATH),
    field: `paths.${key}`,
    rules: "repo",
    base: dir,
    expect: key === "docs" ? "folder" : "file",
  });
  if (!resolution.ok) {
    throw new ConfigError(
      describePathFinding(resolution.finding),
      `correct paths.${key} in ${CONFIG_PATH} (see docs/security.md)`,
    );
  }
}
