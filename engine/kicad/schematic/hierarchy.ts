import { basename, dirname, resolve } from "node:path";
import { pushAll } from "../../array-ops.js";
import { FileAccessError } from "../../file-error.js";
import { readKicadFile } from "../kicad-file.js";
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

/** Reads one sheet file; undefined means "not there" (the loader turns that into MissingSheetError). */
export type SheetReader = (absolutePath: string) => Promise<Schematic | undefined>;

async function readFromDisk(path: string): Promise<Schematic | undefined> {
  let text: string;
  try {
    text = await readKicadFile(path, "schematic");
  } catch (error) {
    if (error instanceof FileAccessError && error.code === "ENOENT") return undefined;
    throw error;
  }
  return readSchematic(parseSexp(text, { file: path }), { file: path });
}

/** Loads a root `.kicad_sch` and every sub-sheet file below it (each file parsed once). */
export function loadSchematicHierarchy(rootPath: string): Promise<SchematicHierarchy> {
  return buildSchematicHierarchy(rootPath, readFromDisk);
}

/** The hierarchy builder behind loadSchematicHierarchy, with the file reading left to the caller. */
export async function buildSchematicHierarchy(
  rootPath: string,
  read: SheetReader,
): Promise<SchematicHierarchy> {
  const rootFile = resolve(rootPath);
  const pending = new Map<string, Promise<Schematic | undefined>>();
  const load = (file: string) => {
    let promise = pending.get(file);
    if (!promise) {
      promise = read(file);
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
    const folder = dirname(instance.file);
    const children = await Promise.all(
      instance.schematic.sheets.map(async (sheet) => {
        const written = sheet.file.replaceAll("\\", "/");
        const file = resolve(folder, written);
        if (ancestors.has(file)) {
          throw new SchematicError(
            `sheet "${sheet.name}" in ${instance.file} includes ${file}, which is one of its own parents`,
            "a sheet cannot contain itself: point the sheet at a different file",
          );
        }
        const schematic = await load(file);
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
    pushAll(instance.children, children);
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
