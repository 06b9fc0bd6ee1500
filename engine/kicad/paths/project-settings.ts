import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { checkNamedFile } from "./named-design.js";
import type { PathFinding } from "./path-finding.js";
import type { VariableContext } from "./path-variables.js";
import type { TrustScope } from "./trust-scope.js";

/** A path the project file names, with its JSON location for messages. */
export interface ProjectPath {
  field: string;
  written: string;
}

/** What of a `.kicad_pro` decides where KiCad looks for files. */
export interface ProjectSettings {
  /** The project file, or undefined when there is none (or it may not be read). */
  file: string | undefined;
  textVariables: ReadonlyMap<string, string>;
  /** Drawing sheets, legacy symbol library folder and files. */
  paths: ProjectPath[];
  /** The project file itself refused (a symlink out, a FIFO): nothing of it was read. */
  refused: PathFinding | undefined;
}

// KiCad ignores a project file it cannot parse, and every part of one it does not know: read
// leniently, each part on its own, so one odd value never hides the others.
const textVariablesSchema = z.record(z.string(), z.string());
const stringSchema = z.string();
const stringsSchema = z.array(z.string());

function at(json: unknown, ...keys: string[]): unknown {
  let value = json;
  for (const key of keys) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The paths and text variables in a parsed `.kicad_pro`. */
export function projectSettingsOf(json: unknown): Pick<ProjectSettings, "textVariables" | "paths"> {
  const variables = textVariablesSchema.safeParse(at(json, "text_variables"));
  const paths: ProjectPath[] = [];
  for (const section of ["schematic", "pcbnew"]) {
    const sheet = stringSchema.safeParse(at(json, section, "page_layout_descr_file"));
    if (sheet.success && sheet.data !== "") {
      paths.push({
        field: `${section}.page_layout_descr_file (drawing sheet)`,
        written: sheet.data,
      });
    }
  }
  const legacyDir = stringSchema.safeParse(at(json, "schematic", "legacy_lib_dir"));
  if (legacyDir.success && legacyDir.data !== "") {
    paths.push({ field: "schematic.legacy_lib_dir", written: legacyDir.data });
  }
  const legacyLibs = stringsSchema.safeParse(at(json, "schematic", "legacy_lib_list"));
  for (const written of legacyLibs.success ? legacyLibs.data : []) {
    if (written !== "") paths.push({ field: "schematic.legacy_lib_list entry", written });
  }
  return {
    textVariables: new Map(variables.success ? Object.entries(variables.data) : []),
    paths,
  };
}

/**
 * Reads `<dir>/<name>.kicad_pro` once it is known to be a regular file inside the scope. No
 * project file, an unreadable one or invalid JSON all mean "no settings", as for kicad-cli.
 */
export async function readProjectSettings(
  scope: TrustScope,
  dir: string,
  name: string,
): Promise<ProjectSettings> {
  const file = join(dir, `${name}.kicad_pro`);
  const none = { textVariables: new Map<string, string>(), paths: [] };
  const named = await checkNamedFile(scope, file, "project file");
  if (!named.ok) return { file: undefined, ...none, refused: named.finding };
  if (!named.exists) return { file: undefined, ...none, refused: undefined };
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, "utf8"));
  } catch {
    return { file, ...none, refused: undefined };
  }
  return { file, ...projectSettingsOf(json), refused: undefined };
}

/** The variables a library URI or 3-D model path of this project may use. */
export function variablesOf(
  scope: TrustScope,
  dir: string,
  name: string,
  settings: Pick<ProjectSettings, "textVariables">,
): VariableContext {
  return {
    projectDir: dir,
    projectName: name,
    textVariables: settings.textVariables,
    env: scope.env,
  };
}
