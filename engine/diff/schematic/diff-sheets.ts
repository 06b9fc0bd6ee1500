import { dirname, relative } from "node:path";
import type { SchematicHierarchy } from "../../kicad/schematic/hierarchy.js";
import type { SchematicChange } from "../diff-report.js";

export interface SheetsDiff {
  changes: SchematicChange[];
  /** Human path before → after for sheet instances renamed in place. */
  renames: Map<string, string>;
}

interface SheetEntry {
  path: string;
  uuidPath: string;
  /** The sheet's file relative to the root file's folder, `/`-separated. */
  file: string;
}

function entriesOf(hierarchy: SchematicHierarchy | undefined): Map<string, SheetEntry> {
  const out = new Map<string, SheetEntry>();
  if (!hierarchy) return out;
  const rootDir = dirname(hierarchy.rootFile);
  for (const instance of hierarchy.instances) {
    out.set(instance.path, {
      path: instance.path,
      uuidPath: instance.uuidPath,
      file: relative(rootDir, instance.file).replaceAll("\\", "/"),
    });
  }
  return out;
}

/**
 * Sheet instances added and removed, by human path (`/power/`). A sheet whose path changed but
 * whose uuid path did not was renamed: one `sheet-renamed`, and its parts are not "moved".
 */
export function diffSheets(
  before: SchematicHierarchy | undefined,
  after: SchematicHierarchy | undefined,
): SheetsDiff {
  const a = entriesOf(before);
  const b = entriesOf(after);
  const renames = new Map<string, string>();
  const addedByUuid = new Map<string, SheetEntry>();
  for (const [path, entry] of b) if (!a.has(path)) addedByUuid.set(entry.uuidPath, entry);
  const changes: SchematicChange[] = [];
  for (const [path, entry] of a) {
    if (b.has(path)) continue;
    const renamed = addedByUuid.get(entry.uuidPath);
    if (renamed) {
      renames.set(path, renamed.path);
      addedByUuid.delete(entry.uuidPath);
      changes.push({ kind: "sheet-renamed", before: path, after: renamed.path });
    } else {
      changes.push({ kind: "sheet-removed", path, file: entry.file });
    }
  }
  for (const entry of addedByUuid.values()) {
    changes.push({ kind: "sheet-added", path: entry.path, file: entry.file });
  }
  return { changes, renames };
}
