import { basename, dirname, resolve } from "node:path";
import { pushAll } from "../../array-ops.js";
import { quoteExcerpt } from "../../excerpt.js";
import { FileAccessError } from "../../file-error.js";
import { readKicadFile } from "../kicad-file.js";
import { checkNamedFile } from "../paths/named-design.js";
import type { PathFinding } from "../paths/path-finding.js";
import { resolveReference } from "../paths/resolve-reference.js";
import { type TrustScope, trustScopeFor } from "../paths/trust-scope.js";
import { UnsafeDesignError } from "../paths/unsafe-design-error.js";
import { parseSexp } from "../sexp/parse.js";
import { MissingSheetError } from "./missing-sheet-error.js";
import type { PlacedSymbol } from "./placed-symbol.js";
import { type LegacySymbolInstance, readSchematic, type Schematic } from "./read-schematic.js";
import { SchematicError } from "./schematic-error.js";
import type { Sheet } from "./sheet.js";

/** One use of a sheet file in the hierarchy (a file used twice is two instances). */
export interface SheetInstance {
  /** KiCad's human path: `/` for the root, `/<sheet name>/…/` below it. */
  path: string;
  /** KiCad's uuid path: `/<root uuid>` for the root, then `/<sheet symbol uuid>` per level. */
  uuidPath: string;
  /** The sheet name (empty for the root). */
  name: string;
  /** Absolute path of the sheet's file. */
  file: string;
  schematic: Schematic;
  /** The sheet symbol on the parent sheet (undefined for the root). */
  sheet: Sheet | undefined;
  parent: SheetInstance | undefined;
  children: SheetInstance[];
  /** Page number from the parent's sheet `instances` (or the root's sheet_instances). */
  page: string | undefined;
}

export interface SchematicHierarchy {
  rootFile: string;
  /** The project name KiCad would use: the root file's base name. */
  project: string;
  root: SheetInstance;
  /** Every sheet instance, parents before children, in file order. */
  instances: SheetInstance[];
  /** Each distinct file once, by absolute path. */
  files: ReadonlyMap<string, Schematic>;
}

/** How a sheet file was reached: shown in parse errors instead of the file's content. */
export interface SheetReach {
  /** `Sheetfile of sheet "Power" in top.kicad_sch`. */
  via: string;
}

/**
 * Reads one sheet file; undefined means "not there" (the loader turns that into
 * MissingSheetError). `reach` is set for sub-sheets, undefined for the root.
 */
export type SheetReader = (
  absolutePath: string,
  reach?: SheetReach,
) => Promise<Schematic | undefined>;

/** One Sheetfile field value, and where it sits. */
export interface SheetFileReference {
  written: string;
  parentFile: string;
  sheetName: string;
}

/** Where a Sheetfile field leads: the file to read, or a finding that refuses it. */
export type SheetResolver = (
  reference: SheetFileReference,
) => Promise<{ ok: true; path: string } | { ok: false; finding: PathFinding }>;

export interface HierarchyOptions {
  /** Where sheet files may be (default: the root's repository, or its folder outside one). */
  scope?: TrustScope;
  /**
   * Called with each refused reference instead of failing at the end: the pre-flight collects
   * them all and decides. Without it, any refusal raises UnsafeDesignError once loading is done.
   */
  onRefused?: (finding: PathFinding) => void;
}

/** The field name in messages: `Sheetfile of sheet "Power"`. */
export function sheetField(sheetName: string): string {
  return `Sheetfile of sheet ${quoteExcerpt(sheetName, 60)}`;
}

function scopedResolver(scope: TrustScope): SheetResolver {
  return async (reference) => {
    const resolution = await resolveReference(scope, {
      written: reference.written,
      holder: reference.parentFile,
      field: sheetField(reference.sheetName),
      rules: "sheet",
      expect: "file",
    });
    return resolution.ok ? { ok: true, path: resolution.path } : resolution;
  };
}

/** The old rule, for readers that do not touch the disk: relative to the parent's folder. */
const lexicalResolver: SheetResolver = async (reference) => ({
  ok: true,
  path: resolve(dirname(reference.parentFile), reference.written.replaceAll("\\", "/")),
});

/**
 * Loads a root `.kicad_sch` and every sub-sheet file below it (each file parsed once). Every
 * Sheetfile is resolved inside the scope before anything is opened: a sheet naming a file
 * outside the repository (or a FIFO, a symlink out, a path into .git/) is refused, not read.
 */
export async function loadSchematicHierarchy(
  rootPath: string,
  options: HierarchyOptions = {},
): Promise<SchematicHierarchy> {
  const scope = options.scope ?? trustScopeFor(rootPath);
  const refused: PathFinding[] = [];
  const report = options.onRefused ?? ((finding: PathFinding) => refused.push(finding));
  const named = await checkNamedFile(scope, resolve(rootPath), "root sheet");
  if (!named.ok) {
    report(named.finding);
    throw new UnsafeDesignError([named.finding]);
  }
  const read: SheetReader = async (path, reach) => {
    // A sub-sheet's errors name the Sheetfile that led to it, not its content: only the sheet
    // the command was given (or found by its fixed name) is ever quoted.
    const quote = reach === undefined;
    let text: string;
    try {
      text = await readKicadFile(path, "schematic", { quote });
    } catch (error) {
      if (error instanceof FileAccessError && error.code === "ENOENT") return undefined;
      throw error;
    }
    const tree = parseSexp(text, { file: path, via: reach?.via, quote });
    return readSchematic(tree, { file: path, via: reach?.via });
  };
  const resolver = scopedResolver(scope);
  const refusing: SheetResolver = async (reference) => {
    const outcome = await resolver(reference);
    if (!outcome.ok) report(outcome.finding);
    return outcome;
  };
  const hierarchy = await buildSchematicHierarchy(rootPath, read, refusing);
  if (refused.length > 0) throw new UnsafeDesignError(refused);
  return hierarchy;
}

/**
 * The hierarchy builder behind loadSchematicHierarchy, with the file reading (and, optionally,
 * where a Sheetfile leads) left to the caller. A refused sheet is left out of the hierarchy.
 */
export async function buildSchematicHierarchy(
  rootPath: string,
  read: SheetReader,
  resolveSheet: SheetResolver = lexicalResolver,
): Promise<SchematicHierarchy> {
  const rootFile = resolve(rootPath);
  const pending = new Map<string, Promise<Schematic | undefined>>();
  const load = (file: string, reach?: SheetReach) => {
    let promise = pending.get(file);
    if (!promise) {
      promise = read(file, reach);
      pending.set(file, promise);
    }
    return promise;
  };

  const rootSchematic = await load(rootFile);
  if (!rootSchematic) {
    throw new SchematicError(
      `root schematic ${rootFile} does not exist`,
      "pass the path of an existing .kicad_sch file",
    );
  }
  const rootUuidPath = `/${rootSchematic.uuid ?? ""}`;
  const root: SheetInstance = {
    path: "/",
    uuidPath: rootUuidPath,
    name: "",
    file: rootFile,
    schematic: rootSchematic,
    sheet: undefined,
    parent: undefined,
    children: [],
    page: rootSchematic.sheetInstances.find((s) => s.path === "/")?.page,
  };

  const expand = async (instance: SheetInstance, ancestors: Set<string>): Promise<void> => {
    const children = await Promise.all(
      instance.schematic.sheets.map(async (sheet): Promise<SheetInstance | undefined> => {
        // Every value KiCad might take is checked; the one it takes is followed.
        const outcomes = await Promise.all(
          (sheet.fileFields.length > 0 ? sheet.fileFields : [sheet.file]).map((written) =>
            resolveSheet({ written, parentFile: instance.file, sheetName: sheet.name }),
          ),
        );
        // A refused value is reported by the resolver; the one KiCad follows is still walked,
        // so the pre-flight sees everything below it too.
        const followed = outcomes.at(-1);
        if (!followed?.ok) return undefined;
        const file = followed.path;
        if (ancestors.has(file)) {
          throw new SchematicError(
            `sheet ${quoteExcerpt(sheet.name, 60)} in ${instance.file} includes ${file}, which is one of its own parents`,
            "a sheet cannot contain itself: point the sheet at a different file",
          );
        }
        const via = `${sheetField(sheet.name)} in ${basename(instance.file)}`;
        const schematic = await load(file, { via });
        if (!schematic) {
          throw new MissingSheetError({
            sheetName: sheet.name,
            missingPath: file,
            parentFile: instance.file,
            written: sheet.file,
          });
        }
        const child: SheetInstance = {
          path: `${instance.path}${sheet.name}/`,
          uuidPath: `${instance.uuidPath}/${sheet.uuid ?? ""}`,
          name: sheet.name,
          file,
          schematic,
          sheet,
          parent: instance,
          children: [],
          page: sheet.instances.find((i) => i.path === instance.uuidPath)?.page,
        };
        await expand(child, new Set([...ancestors, file]));
        return child;
      }),
    );
    pushAll(
      instance.children,
      children.filter((child) => child !== undefined),
    );
  };
  await expand(root, new Set([rootFile]));

  const instances: SheetInstance[] = [];
  const walk = (instance: SheetInstance) => {
    instances.push(instance);
    for (const child of instance.children) walk(child);
  };
  walk(root);

  const files = new Map<string, Schematic>();
  for (const instance of instances) files.set(instance.file, instance.schematic);
  return {
    rootFile,
    project: basename(rootFile).replace(/\.kicad_sch$/, ""),
    root,
    instances,
    files,
  };
}

const legacyIndexes = new WeakMap<SchematicHierarchy, Map<string, LegacySymbolInstance>>();

function legacyIndex(hierarchy: SchematicHierarchy): Map<string, LegacySymbolInstance> {
  let index = legacyIndexes.get(hierarchy);
  if (!index) {
    index = new Map(hierarchy.root.schematic.legacySymbolInstances.map((e) => [e.path, e]));
    legacyIndexes.set(hierarchy, index);
  }
  return index;
}

/** A symbol's reference and unit in one sheet instance. */
export interface SymbolAnnotation {
  reference: string;
  unit: number;
  /**
   * True when the file annotates the symbol for this instance (an instance entry for its path
   * whose reference does not end in "?"). KiCad lets only annotated symbols' pins name nets.
   */
  annotated: boolean;
}

/**
 * The reference and unit KiCad shows for `symbol` in `instance`: the `(instances …)` entry for
 * the instance's uuid path wins (a reused sheet has different references per instance), then a
 * legacy root `symbol_instances` entry, then the symbol's own Reference field and unit.
 */
export function annotationOf(
  hierarchy: SchematicHierarchy,
  instance: SheetInstance,
  symbol: PlacedSymbol,
): SymbolAnnotation {
  const found = (reference: string, unit: number): SymbolAnnotation => ({
    reference,
    unit,
    annotated: !reference.endsWith("?"),
  });
  for (const entry of symbol.instances) {
    if (entry.path === instance.uuidPath) {
      return found(entry.reference ?? symbol.reference, entry.unit ?? symbol.unit);
    }
  }
  if (symbol.uuid && hierarchy.root.schematic.legacySymbolInstances.length > 0) {
    // KiCad 6 wrote these paths without the root sheet's uuid: "/<sheet>/…/<symbol>".
    const index = legacyIndex(hierarchy);
    const belowRoot = instance.uuidPath.slice(hierarchy.root.uuidPath.length);
    const entry =
      index.get(`${instance.uuidPath}/${symbol.uuid}`) ?? index.get(`${belowRoot}/${symbol.uuid}`);
    if (entry) return found(entry.reference ?? symbol.reference, entry.unit ?? symbol.unit);
  }
  return { reference: symbol.reference, unit: symbol.unit, annotated: false };
}
