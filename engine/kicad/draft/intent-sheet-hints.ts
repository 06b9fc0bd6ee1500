import type { SchematicHierarchy, SheetInstance } from "../schematic/hierarchy.js";
import type { Intent } from "./intent.js";

type Hints = NonNullable<Intent["hints"]>;

/**
 * The original's hierarchy as drafting hints, so a redraft comes back on the sheets its author
 * drew: every sheet that holds parts becomes a `hints.sheets` entry named after it (the root's
 * parts after the root file), and a sheet file placed more than once — a channel drawn once and
 * instanced N times — is one shared sub-sheet: its first placement is the sheet, every later one
 * a `hints.instances` entry of it. A flat design (only the root holds parts) gets no hints and
 * stays one sheet. `groupOf` names the group a sheet instance's parts were put in.
 */
export function sheetHints(
  hierarchy: SchematicHierarchy,
  groupOf: (instance: SheetInstance) => string,
  groups: ReadonlySet<string>,
): Pick<Hints, "sheets" | "instances"> {
  const placed = hierarchy.instances.filter((i) => groups.has(groupOf(i)));
  if (!placed.some((i) => i.parent !== undefined)) return {};
  const template = templates(placed);
  const sheets: NonNullable<Hints["sheets"]> = [];
  const instances: NonNullable<Hints["instances"]> = [];
  const seen = new Set<string>();
  for (const instance of placed) {
    const group = groupOf(instance);
    // Two instances share a group only when their names clash; the group is drawn once.
    if (seen.has(group)) continue;
    seen.add(group);
    const first = template.get(instance.file);
    if (first !== undefined && first !== instance) {
      instances.push({ group, of: groupOf(first) });
      continue;
    }
    sheets.push({ name: group, groups: [group] });
  }
  return { sheets, ...(instances.length > 0 ? { instances } : {}) };
}

/**
 * Each sheet file's first placement in reading order — the lowest page number, then the name —
 * so channel 1 is the sheet and channels 2…N its instances, whatever order the file lists them.
 */
function templates(placed: readonly SheetInstance[]): Map<string, SheetInstance> {
  const order = new Intl.Collator("en", { numeric: true });
  const first = new Map<string, SheetInstance>();
  for (const instance of placed) {
    const held = first.get(instance.file);
    const earlier =
      held === undefined ||
      (order.compare(instance.page ?? "", held.page ?? "") ||
        order.compare(instance.name, held.name)) < 0;
    if (earlier) first.set(instance.file, instance);
  }
  return first;
}
