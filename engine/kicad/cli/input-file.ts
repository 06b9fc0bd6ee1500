import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import { extname, resolve } from "node:path";
import { UsageError } from "../../errors.js";
import { fileErrorOf, withPath } from "../../file-error.js";
import { checkKicadFileSize, type KicadFileKind, legacyExtensionError } from "../kicad-file.js";
import { type TrustScope, trustScopeFor } from "../paths/trust-scope.js";
import type { Preflight } from "../preflight/preflight-design.js";
import { type ClearedDesign, clearDesign } from "./cleared-design.js";
import { findRootSheet } from "./root-sheet.js";

export type { KicadFileKind };

const EXTENSIONS: Record<string, KicadFileKind> = {
  ".kicad_sch": "schematic",
  ".kicad_pcb": "board",
};

export interface InputOptions {
  /** The environment of the run (library folders, the operator's trusted folders). */
  env?: NodeJS.ProcessEnv;
  /** For a schematic: hand kicad-cli its hierarchy's root sheet (default true). */
  root?: boolean;
}

export interface KicadInput {
  /** The file asked about, absolute. */
  path: string;
  kind: KicadFileKind;
  /** The file kicad-cli is given: the root sheet of a schematic's hierarchy, else `path`. */
  root: string;
  /** The pre-flight that cleared it (its scope can be reused). */
  preflight: Preflight;
  /** The proof withKicadCli asks for. */
  cleared: ClearedDesign;
}

/**
 * The scope a schematic is judged in, and its root sheet: inside a repository the search for
 * the sheet that places it never leaves the repository; outside one the project folder is the
 * root sheet's, found first.
 */
async function scopeAndRoot(
  path: string,
  kind: KicadFileKind,
  options: InputOptions,
): Promise<{ scope: TrustScope; root: string }> {
  const env = options.env ?? process.env;
  const named = trustScopeFor(path, env);
  if (kind !== "schematic" || options.root === false) return { scope: named, root: path };
  if (named.repository) {
    return { scope: named, root: await findRootSheet(path, { within: named.root }) };
  }
  const root = await findRootSheet(path);
  return { scope: root === path ? named : trustScopeFor(root, env), root };
}

/**
 * An existing .kicad_sch/.kicad_pcb as an absolute path, or a UsageError saying what is wrong,
 * then the pre-flight over its whole project (every sheet, library, 3-D model and project path
 * it names). Every kicad-cli wrapper takes its input from here, so none can skip the check:
 * kicad-cli follows those paths itself. A refused path raises UnsafeDesignError. The file is
 * checked here because kicad-cli answers a missing file, a folder and a wrong extension all
 * with the same "Failed to load" (rc 3).
 */
export async function resolveInput(
  path: string,
  accept: readonly KicadFileKind[],
  options: InputOptions = {},
): Promise<KicadInput> {
  const wanted = accept.map((kind) => (kind === "schematic" ? ".kicad_sch" : ".kicad_pcb"));
  const kind = EXTENSIONS[extname(path)];
  const legacy = legacyExtensionError(path);
  if (legacy && (await stat(path).catch(() => undefined))?.isFile()) throw legacy;
  if (!kind || !accept.includes(kind)) {
    throw new UsageError(
      `${path} is not a ${wanted.join(" or ")} file`,
      `pass a path ending in ${wanted.join(" or ")} (kicad-cli decides the format by the extension)`,
    );
  }
  const absolute = resolve(path);
  const info = await stat(absolute).catch(() => undefined);
  if (!info?.isFile()) {
    throw new UsageError(`${path} does not exist or is not a file`, "check the path");
  }
  await checkKicadFileSize(absolute, kind);
  // kicad-cli says only "failed to load" for a file it may not read: say it here.
  await access(absolute, constants.R_OK).catch((error: unknown) => {
    throw fileErrorOf(withPath(error, absolute)) ?? error;
  });
  const { scope, root } = await scopeAndRoot(absolute, kind, options);
  const { cleared, preflight } = await clearDesign(
    kind === "schematic" ? { schematic: root } : { board: root },
    { scope },
  );
  return { path: absolute, kind, root, preflight, cleared };
}
