import { readFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { pushAll } from "../../array-ops.js";
import { modelPathReference } from "../footprint/model-ref.js";
import { LIBRARY_TABLES, readLibraryTable } from "../library/read-library-table.js";
import { checkNamedFile } from "../paths/named-design.js";
import type { PathFinding } from "../paths/path-finding.js";
import type { VariableContext } from "../paths/path-variables.js";
import { readProjectSettings, variablesOf } from "../paths/project-settings.js";
import { resolveReference } from "../paths/resolve-reference.js";
import { type TrustScope, trustScopeFor } from "../paths/trust-scope.js";
import { UnsafeDesignError } from "../paths/unsafe-design-error.js";
import { boardModelReferences, simulationLibraryReferences } from "./design-references.js";
import { walkSheetsLeniently } from "./lenient-sheets.js";

/** A design as a command names it: a root sheet, a board, or both (one project). */
export interface DesignFiles {
  schematic?: string;
  board?: string;
}

export interface PreflightOptions {
  /** Default: the repository holding the design (or its folder outside one). */
  scope?: TrustScope;
  env?: NodeJS.ProcessEnv;
}

export interface Preflight {
  scope: TrustScope;
  /** Every refused path of the project; empty when the design may be read and handed on. */
  findings: PathFinding[];
}

/** Files beside the design that KiCad opens by name whenever it loads the project. */
function companionFiles(stem: string): string[] {
  return [
    `${stem}.kicad_pro`,
    `${stem}.kicad_prl`,
    `${stem}.kicad_dru`,
    `${stem}.kicad_sch`,
    `${stem}.kicad_pcb`,
    "fp-info-cache",
    ...LIBRARY_TABLES,
  ];
}

/**
 * Every sheet below `root`, found by the lexer-level scan (every Sheetfile-like field, in any
 * case, repeated or not, even in a sheet our parser would refuse: kicad-cli may still load it),
 * and the simulation libraries their symbols name. A tenth of the cost of a typed load, and it
 * sees at least what KiCad's loader sees.
 */
async function checkSchematic(
  scope: TrustScope,
  root: string,
  variables: VariableContext,
): Promise<PathFinding[]> {
  const texts: Array<{ file: string; text: string }> = [];
  const findings = await walkSheetsLeniently(scope, root, (file, text) =>
    texts.push({ file, text }),
  );
  for (const { file, text } of texts) {
    for (const ref of simulationLibraryReferences(text)) {
      const resolution = await resolveReference(scope, {
        written: ref.written,
        holder: file,
        field: ref.field,
        rules: "kicad-project",
        variables,
        libraries: true,
        expect: "file",
      });
      if (!resolution.ok) findings.push(resolution.finding);
    }
  }
  return findings;
}

async function checkBoard(
  scope: TrustScope,
  board: string,
  variables: VariableContext,
): Promise<PathFinding[]> {
  const findings: PathFinding[] = [];
  const text = await readFile(board, "utf8");
  // A board uses the same few models many times (1316 references, far fewer files, on
  // vme-wren): each spelling is resolved once, and a refused one is reported at every line.
  const accepted = new Set<string>();
  for (const ref of boardModelReferences(text)) {
    if (accepted.has(ref.written)) continue;
    const resolution = await resolveReference(
      scope,
      modelPathReference(ref.written, board, variables, ref.field),
    );
    if (resolution.ok) accepted.add(ref.written);
    else findings.push(resolution.finding);
  }
  return findings;
}

/**
 * Every path a KiCad project names, checked before copperhead reads the design or hands it to
 * kicad-cli (which follows sheet, library, 3-D model, simulation and drawing-sheet paths on its
 * own): the named files and the project files beside them, the project file's paths and text
 * variables, both library tables, every sheet of the hierarchy with the simulation libraries
 * its symbols name, and the board's 3-D models. The project is judged as a whole, so every
 * command on any of its files refuses the same references. Nothing refused is opened.
 */
export async function preflightDesign(
  design: DesignFiles,
  options: PreflightOptions = {},
): Promise<Preflight> {
  const named = design.schematic ?? design.board;
  if (!named) throw new Error("preflightDesign needs a schematic or a board");
  // A board configured apart from its schematic is its own project.
  if (design.schematic && design.board && projectOf(design.schematic) !== projectOf(design.board)) {
    const [sheets, board] = await Promise.all([
      preflightDesign({ schematic: design.schematic }, options),
      preflightDesign({ board: design.board }, options),
    ]);
    return { ...sheets, findings: dedupe([...sheets.findings, ...board.findings]) };
  }
  const scope = options.scope ?? trustScopeFor(named, options.env ?? process.env);
  const dir = dirname(resolve(named));
  const stem = basename(named).replace(/\.kicad_(sch|pcb)$/, "");
  const findings: PathFinding[] = [];
  const present = new Set<string>();

  for (const file of [design.schematic, design.board]) {
    if (!file) continue;
    const checked = await checkNamedFile(scope, resolve(file), "design file");
    if (!checked.ok) findings.push(checked.finding);
  }
  const namedFiles = new Set([design.schematic, design.board].map((f) => f && resolve(f)));
  for (const name of companionFiles(stem)) {
    if (namedFiles.has(join(dir, name))) {
      present.add(name);
      continue;
    }
    const checked = await checkNamedFile(scope, join(dir, name), "project file");
    if (!checked.ok) findings.push(checked.finding);
    else if (checked.exists) present.add(name);
  }
  // A named file that is refused is never opened: report what is known and stop there.
  if (findings.length > 0) return { scope, findings: dedupe(findings) };

  const settings = await readProjectSettings(scope, dir, stem);
  const variables = variablesOf(scope, dir, stem, settings);
  for (const path of settings.paths) {
    const resolution = await resolveReference(scope, {
      written: path.written,
      holder: settings.file ?? join(dir, `${stem}.kicad_pro`),
      field: path.field,
      rules: "kicad-project",
      variables,
      libraries: true,
      expect: "any",
    });
    if (!resolution.ok) findings.push(resolution.finding);
  }
  for (const table of LIBRARY_TABLES) {
    if (!present.has(table)) continue;
    pushAll(findings, (await readLibraryTable(scope, join(dir, table), variables)).findings);
  }

  const schematic =
    design.schematic ??
    (present.has(`${stem}.kicad_sch`) ? join(dir, `${stem}.kicad_sch`) : undefined);
  if (schematic) pushAll(findings, await checkSchematic(scope, schematic, variables));
  const board =
    design.board ?? (present.has(`${stem}.kicad_pcb`) ? join(dir, `${stem}.kicad_pcb`) : undefined);
  if (board) pushAll(findings, await checkBoard(scope, board, variables));
  return { scope, findings: dedupe(findings) };
}

function projectOf(file: string): string {
  return resolve(file).replace(/\.kicad_(sch|pcb)$/, "");
}

function dedupe(findings: PathFinding[]): PathFinding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    if (seen.has(f.message)) return false;
    seen.add(f.message);
    return true;
  });
}

/** The pre-flight that refuses: throws UnsafeDesignError listing every refused path. */
export async function assertDesignSafe(
  design: DesignFiles,
  options: PreflightOptions = {},
): Promise<Preflight> {
  const preflight = await preflightDesign(design, options);
  if (preflight.findings.length > 0) throw new UnsafeDesignError(preflight.findings);
  return preflight;
}
