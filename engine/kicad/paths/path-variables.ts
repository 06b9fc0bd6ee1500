import { delimiter } from "node:path";
import { LIBRARY_VARIABLE, libraryVariableValue } from "./trust-scope.js";

/** What a library URI or a 3-D model path may refer to by name. */
export interface VariableContext {
  /** `${KIPRJMOD}`: the folder of the project file. */
  projectDir: string;
  /** `${PROJECTNAME}`. */
  projectName: string;
  /** The project's `text_variables` (.kicad_pro): KiCad looks these up before anything else. */
  textVariables: ReadonlyMap<string, string>;
  env: NodeJS.ProcessEnv;
}

export type Expansion =
  | { ok: true; text: string }
  | { ok: false; kind: "path-variable" | "path-invalid"; detail: string };

/** Names an operator lets paths use from the environment (PATH-separated; never the repo's). */
export const PATH_VARIABLES_VARIABLE = "COPPERHEAD_PATH_VARIABLES";

/** KiCad stops expanding a string that keeps producing references; so do we, a little sooner. */
const MAX_DEPTH = 8;

// KiCad's variable names: `wxIsalnum`, `_` and `:` (alnum is locale-aware: any letter or digit).
const NAME_CHAR = /[\p{L}\p{N}_:]/u;

type Lookup =
  | { from: "text"; value: string }
  | { from: "fixed"; value: string }
  | { from: "unset" }
  | { from: "refused" };

function lookup(name: string, context: VariableContext): Lookup {
  // KIwxExpandEnvVars asks the project's text variables first, so a text variable may even
  // shadow KIPRJMOD: its value is the repository's, expanded with the same rules.
  const text = context.textVariables.get(name);
  if (text !== undefined) return { from: "text", value: text };
  if (name === "KIPRJMOD") return { from: "fixed", value: context.projectDir };
  if (name === "PROJECTNAME") return { from: "fixed", value: context.projectName };
  if (name === "CURRENT_DATE") return { from: "fixed", value: "0000-00-00" };
  if (LIBRARY_VARIABLE.test(name) || name === "KISYS3DMOD" || name === "KICAD_USER_TEMPLATE_DIR") {
    const value = libraryVariableValue(name, context.env);
    return value === undefined ? { from: "unset" } : { from: "fixed", value };
  }
  const allowed = (context.env[PATH_VARIABLES_VARIABLE] ?? "").split(delimiter);
  if (allowed.includes(name)) {
    const value = context.env[name];
    return value === undefined ? { from: "unset" } : { from: "fixed", value };
  }
  // Anything else KiCad would read from the process environment, whose values are the
  // runner's secrets: refused whether or not it is set, so the answer says nothing about it.
  return { from: "refused" };
}

/**
 * Expands `${NAME}`, `$(NAME)` and bare `$NAME` the way KiCad expands library URIs and 3-D
 * model paths (KIwxExpandEnvVars): text variables, then KIPRJMOD and KiCad's library folders.
 * Where KiCad would fall back to the process environment the path is refused instead: KiCad
 * prints expanded paths in its messages, so `${A}/x` would publish A. A backslash before `$`
 * does not protect a reference (wxFileName expands it again when it normalises the path).
 */
export function expandPathVariables(
  written: string,
  context: VariableContext,
  depth = 0,
): Expansion {
  if (depth > MAX_DEPTH) {
    return { ok: false, kind: "path-invalid", detail: "variables nest deeper than KiCad expands" };
  }
  let out = "";
  let i = 0;
  while (i < written.length) {
    const c = written[i] as string;
    if (c === "\\" && written[i + 1] === "$") {
      i++;
      continue;
    }
    if (c !== "$") {
      out += c;
      i++;
      continue;
    }
    const open = written[i + 1];
    const close = open === "{" ? "}" : open === "(" ? ")" : undefined;
    let j = close ? i + 2 : i + 1;
    const start = j;
    while (j < written.length && NAME_CHAR.test(written[j] as string)) j++;
    const name = written.slice(start, j);
    if (name === "") {
      // `$` not followed by a name stays as written, in KiCad too.
      out += written.slice(i, start);
      i = start;
      continue;
    }
    // A missing closing bracket: KiCad warns and still expands the name.
    const end = close && written[j] === close ? j + 1 : j;
    const found = lookup(name, context);
    if (found.from === "refused") {
      return {
        ok: false,
        kind: "path-variable",
        detail: `\${${name}} is neither KIPRJMOD, a KiCad library folder nor a project text variable`,
      };
    }
    if (found.from === "unset") out += written.slice(i, end);
    else if (found.from === "fixed") out += found.value;
    else {
      const inner = expandPathVariables(found.value, context, depth + 1);
      if (!inner.ok) return inner;
      out += inner.text;
    }
    i = end;
  }
  return { ok: true, text: out };
}

/** True when the text names any variable (so its expansion must never be printed). */
export function hasVariables(text: string): boolean {
  return /\$[{(]?[\p{L}\p{N}_:]/u.test(text);
}
