import type { TitleBlock } from "../schematic/header.js";
import {
  annotationOf,
  type SchematicHierarchy,
  type SheetInstance,
} from "../schematic/hierarchy.js";
import type { Netlist } from "../schematic/netlist/netlist.js";
import { INTENT_VERSION, type Intent, TITLE_BLOCK_COMMENTS } from "./intent.js";
import { sheetHints } from "./intent-sheet-hints.js";
import { readerNetName } from "./reader-net-name.js";
import { pinKey } from "./resolved-intent.js";

const UNDRAWABLE = /["\\\u0000-\u001f\u007f]/g;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const groupOf = (instance: SheetInstance): string => instance.name || "Main";

/**
 * An intent that says what an existing design connects: its parts (one per reference, however
 * many units are placed) and its nets as our netlister computes them. Drafting it regenerates
 * a clean sheet with the same connectivity. Groups are the sheet names (`Main` for the root);
 * a hierarchical original keeps its sheets and its shared sub-sheets (intent-sheet-hints.ts).
 * What a reviewer reads besides the circuit comes along: the root's title block, and every
 * text and text box as a note in its sheet's group — SPICE directives (`.tran …`) are such
 * texts, and the simulator finds them only as text on the sheet, so they are never moved into
 * the title block.
 */
export function intentFromSchematic(hierarchy: SchematicHierarchy, nets: Netlist): Intent {
  const parts = new Map<string, Intent["parts"][number]>();
  for (const instance of hierarchy.instances) {
    for (const symbol of instance.schematic.symbols) {
      if (symbol.power) continue;
      const { reference, annotated } = annotationOf(hierarchy, instance, symbol);
      if (!annotated || reference.startsWith("#") || parts.has(reference)) continue;
      parts.set(reference, {
        ref: reference,
        libId: symbol.libId,
        value: symbol.value || "~",
        footprint: symbol.footprint || undefined,
        group: groupOf(instance),
      });
    }
  }
  const used = new Set<string>();
  // A name KiCad invented gives way to the one a reader chose, wherever that net comes.
  const chosen = new Set(nets.nets.filter((n) => !n.autoNamed).map((n) => plainName(n.name)));
  const intentNets: Intent["nets"] = [];
  for (const net of nets.nets) {
    const pins = [
      ...new Set(
        net.nodes.filter((n) => parts.has(n.ref) && n.pin !== "").map((n) => pinKey(n.ref, n.pin)),
      ),
    ];
    if (pins.length < 2) continue;
    const reader = net.autoNamed ? readerNetName(net.name, net.nodes) : undefined;
    let name = reader === undefined ? plainName(net.name) : plainName(reader);
    while (used.has(name) || (reader !== undefined && chosen.has(name))) name = `${name}_`;
    used.add(name);
    // A name from the original's labels or power symbols is a person's; a reader's name is ours.
    intentNets.push({ name, pins, ...(net.autoNamed ? {} : { namedByPerson: true }) });
  }
  const notes = sheetNotes(hierarchy, new Set([...parts.values()].map((p) => p.group)));
  const block = hierarchy.root.schematic.titleBlock;
  const titleBlock = carriedTitleBlock(block);
  const hints = {
    ...(block?.date && ISO_DATE.test(block.date) ? { date: block.date } : {}),
    ...sheetHints(hierarchy, groupOf, new Set([...parts.values()].map((p) => p.group))),
  };
  return {
    version: INTENT_VERSION,
    ...(block?.title ? { title: block.title } : {}),
    parts: [...parts.values()],
    nets: intentNets,
    ...(Object.keys(hints).length > 0 ? { hints } : {}),
    ...(notes.length > 0 ? { notes } : {}),
    ...(titleBlock ? { titleBlock } : {}),
  };
}

/** Root-sheet local names carry KiCad's "/" path prefix; the intent names nets plainly. */
function plainName(name: string): string {
  return name.replace(/^\//, "").replace(UNDRAWABLE, "_") || "N";
}

/**
 * Each sheet's texts, in file order, as notes of that sheet's group; a sheet without parts
 * has no group of its own, so its texts go to the first group that exists.
 */
function sheetNotes(
  hierarchy: SchematicHierarchy,
  groups: ReadonlySet<string>,
): NonNullable<Intent["notes"]> {
  const fallback = [...groups][0];
  const notes: NonNullable<Intent["notes"]> = [];
  for (const instance of hierarchy.instances) {
    const own = groupOf(instance);
    const group = groups.has(own) ? own : fallback;
    if (group === undefined) continue;
    for (const text of instance.schematic.texts) {
      if (text.text.trim() === "") continue;
      notes.push({ group, text: text.text });
    }
  }
  return notes;
}

/** The title block's fields besides the title (which is the intent's `title`); none → undefined. */
function carriedTitleBlock(block: TitleBlock | undefined): Intent["titleBlock"] {
  if (!block) return undefined;
  const numbers = Object.keys(block.comments)
    .map(Number)
    .filter((n) => n >= 1 && n <= TITLE_BLOCK_COMMENTS && (block.comments[n] ?? "") !== "");
  const last = Math.max(0, ...numbers);
  const comments = Array.from({ length: last }, (_, i) => block.comments[i + 1] ?? "");
  const carried = {
    ...(block.date && !ISO_DATE.test(block.date) ? { date: block.date } : {}),
    ...(block.rev ? { rev: block.rev } : {}),
    ...(block.company ? { company: block.company } : {}),
    ...(comments.length > 0 ? { comments } : {}),
  };
  return Object.keys(carried).length > 0 ? carried : undefined;
}
