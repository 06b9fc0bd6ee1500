import { readBoard } from "../../../../engine/kicad/board/board.js";
import { edgeGraphics } from "../../../../engine/kicad/board/outline/edge-graphics.js";
import {
  annotationOf,
  buildSchematicHierarchy,
  type SchematicHierarchy,
  type SheetInstance,
} from "../../../../engine/kicad/schematic/hierarchy.js";
import { netlist } from "../../../../engine/kicad/schematic/netlist/netlist.js";
import { sheetConnectivity } from "../../../../engine/kicad/schematic/netlist/sheet-connectivity.js";
import type { PlacedSymbol } from "../../../../engine/kicad/schematic/placed-symbol.js";
import { readSchematic } from "../../../../engine/kicad/schematic/read-schematic.js";
import { atom, child, str } from "../../../../engine/kicad/sexp/node.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import {
  type DesignFiles,
  editTree,
  itemByUuid,
  pick,
  propertyNode,
  shuffled,
} from "./design-files.js";

const ROOT = "/design";

/** The hierarchy of `root` (a path in `files`) as the netlister sees it. */
export async function hierarchyOf(files: DesignFiles, root: string): Promise<SchematicHierarchy> {
  return buildSchematicHierarchy(`${ROOT}/${root}`, async (absolute) => {
    const path = absolute.slice(ROOT.length + 1);
    const text = files.get(path);
    return text === undefined
      ? undefined
      : readSchematic(parseSexp(text, { file: path }), { file: absolute });
  });
}

export interface Planted {
  files: DesignFiles;
  /** The file the edit changed. */
  file: string;
  /** The one change the diff must report (every field it must carry). */
  expected: Record<string, unknown>;
}

interface Placed {
  instance: SheetInstance;
  symbol: PlacedSymbol;
  ref: string;
  file: string;
}

/** Symbols that are one part on one page: single unit, annotated, in a file used once. */
function soloParts(hierarchy: SchematicHierarchy): Placed[] {
  const uses = new Map<string, number>();
  for (const i of hierarchy.instances) uses.set(i.file, (uses.get(i.file) ?? 0) + 1);
  const byRef = new Map<string, Placed[]>();
  for (const instance of hierarchy.instances) {
    for (const symbol of instance.schematic.symbols) {
      const note = annotationOf(hierarchy, instance, symbol);
      if (symbol.power || !note.annotated || note.reference.startsWith("#") || !symbol.uuid)
        continue;
      const list = byRef.get(note.reference) ?? [];
      list.push({
        instance,
        symbol,
        ref: note.reference,
        file: instance.file.slice(ROOT.length + 1),
      });
      byRef.set(note.reference, list);
    }
  }
  return [...byRef.values()]
    .filter((list) => list.length === 1 && uses.get(list[0]!.instance.file) === 1)
    .map((list) => list[0]!)
    .sort((a, b) => (a.ref < b.ref ? -1 : 1));
}

function setProperty(files: DesignFiles, part: Placed, name: string, value: string): DesignFiles {
  return editTree(files, part.file, (tree) => {
    propertyNode(itemByUuid(tree, "symbol", part.symbol.uuid!), name).items[2] = str(value);
  });
}

/** One field of one part changed: `next` gives the new value, or undefined to pass the part by. */
async function plantField(
  files: DesignFiles,
  root: string,
  random: () => number,
  field: "Value" | "Footprint",
  next: (part: Placed) => string | undefined,
) {
  const part = pick(
    soloParts(await hierarchyOf(files, root)).filter((p) => next(p) !== undefined),
    random,
  );
  if (!part) return undefined;
  const before = field === "Value" ? part.symbol.value : part.symbol.footprint;
  const after = next(part)!;
  return {
    files: setProperty(files, part, field, after),
    file: part.file,
    expected: {
      kind: field === "Value" ? "value-changed" : "footprint-changed",
      ref: part.ref,
      before,
      after,
    },
  } satisfies Planted;
}

export function plantValueChange(files: DesignFiles, root: string, random: () => number) {
  return plantField(files, root, random, "Value", (p) =>
    p.symbol.value === "" ? undefined : `${p.symbol.value}-changed`,
  );
}

export function plantFootprintSwap(files: DesignFiles, root: string, random: () => number) {
  return plantField(files, root, random, "Footprint", (p) =>
    p.symbol.footprint === "Resistor_SMD:R_0805_2012Metric"
      ? "Resistor_SMD:R_0603_1608Metric"
      : "Resistor_SMD:R_0805_2012Metric",
  );
}

export async function plantPartRemoval(files: DesignFiles, root: string, random: () => number) {
  const part = pick(soloParts(await hierarchyOf(files, root)), random);
  if (!part) return undefined;
  const next = editTree(files, part.file, (tree) => {
    const node = itemByUuid(tree, "symbol", part.symbol.uuid!);
    tree.items.splice(tree.items.indexOf(node), 1);
  });
  return {
    files: next,
    file: part.file,
    expected: { kind: "part-removed", ref: part.ref, value: part.symbol.value },
  } satisfies Planted;
}

/** Local-label groups of a page used once: one pin and labels all of one text. */
function labelledPins(hierarchy: SchematicHierarchy) {
  const uses = new Map<string, number>();
  for (const i of hierarchy.instances) uses.set(i.file, (uses.get(i.file) ?? 0) + 1);
  const out: {
    instance: SheetInstance;
    text: string;
    uuids: string[];
    ref: string;
    pin: string;
  }[] = [];
  for (const instance of hierarchy.instances) {
    if (uses.get(instance.file) !== 1) continue;
    const notes = instance.schematic.symbols.map((s) => annotationOf(hierarchy, instance, s));
    for (const graph of sheetConnectivity(instance.schematic, (i) => notes[i]!.unit).subgraphs) {
      if (
        graph.isBus ||
        graph.pins.length !== 1 ||
        graph.sheetPins.length > 0 ||
        graph.labels.length === 0
      )
        continue;
      if (
        !graph.labels.every((l) => l.kind === "local" && l.text === graph.labels[0]!.text && l.uuid)
      )
        continue;
      const { symbol, pin } = graph.pins[0]!;
      const note = notes[symbol]!;
      if (
        instance.schematic.symbols[symbol]!.power ||
        !note.annotated ||
        note.reference.startsWith("#")
      )
        continue;
      out.push({
        instance,
        text: graph.labels[0]!.text,
        uuids: graph.labels.map((l) => l.uuid!),
        ref: note.reference,
        pin: pin.lib.number,
      });
    }
  }
  return out;
}

function relabel(
  files: DesignFiles,
  instance: SheetInstance,
  uuids: readonly string[],
  text: string,
) {
  const file = instance.file.slice(ROOT.length + 1);
  return editTree(files, file, (tree) => {
    for (const uuid of uuids) itemByUuid(tree, "label", uuid).items[1] = str(text);
  });
}

/**
 * A pin moved to another net: a label sitting on exactly one pin is given the name of another
 * label-named net of the same page, so that pin (and nothing else) leaves its net for that one.
 */
export async function plantPinMove(files: DesignFiles, root: string, random: () => number) {
  const hierarchy = await hierarchyOf(files, root);
  const nets = netlist(hierarchy);
  const candidates = labelledPins(hierarchy).flatMap((c) => {
    const from = nets.netOf(c.ref, c.pin);
    if (
      !from ||
      from.autoNamed ||
      from.name !== `${c.instance.path}${c.text}` ||
      from.nodes.length < 3
    ) {
      return [];
    }
    const targets = [
      ...new Set(
        c.instance.schematic.labels
          .filter((l) => l.kind === "local" && l.text !== c.text)
          .map((l) => l.text),
      ),
    ].flatMap((text) => {
      const net = nets.nets.find(
        (n) => n.name === `${c.instance.path}${text}` && n.nodes.length >= 2,
      );
      return net ? [{ text, net }] : [];
    });
    return targets.map((t) => ({ ...c, from, to: t }));
  });
  for (const choice of shuffled(candidates, random)) {
    const next = relabel(files, choice.instance, choice.uuids, choice.to.text);
    // Keep only plants whose effect is exactly one pin changing nets (a label can also name a
    // net KiCad would call otherwise); the CLI tests check the same against kicad-cli's netlist.
    const after = netlist(await hierarchyOf(next, root));
    if (after.netOf(choice.ref, choice.pin)?.name !== choice.to.net.name) continue;
    if (
      after.nets.find((n) => n.name === choice.from.name)?.nodes.length !==
      choice.from.nodes.length - 1
    )
      continue;
    return {
      files: next,
      file: choice.instance.file.slice(ROOT.length + 1),
      expected: {
        kind: "pin-moved",
        ref: choice.ref,
        pin: choice.pin,
        before: choice.from.name,
        after: choice.to.net.name,
      },
    } satisfies Planted;
  }
  return undefined;
}

/** A net renamed: every local label naming a page-local net gets a new, unused name. */
export async function plantNetRename(files: DesignFiles, root: string, random: () => number) {
  const hierarchy = await hierarchyOf(files, root);
  const nets = netlist(hierarchy);
  const uses = new Map<string, number>();
  for (const i of hierarchy.instances) uses.set(i.file, (uses.get(i.file) ?? 0) + 1);
  const names = new Set(nets.nets.map((n) => n.name));
  const everyText = new Set(
    [...hierarchy.files.values()].flatMap((s) => [
      ...s.labels.map((l) => l.text),
      ...s.powerSymbols.map((p) => p.value),
    ]),
  );
  const candidates = hierarchy.instances.flatMap((instance) => {
    if (uses.get(instance.file) !== 1) return [];
    const texts = new Set(
      instance.schematic.labels.filter((l) => l.kind === "local").map((l) => l.text),
    );
    return [...texts].flatMap((text) => {
      const labels = instance.schematic.labels.filter((l) => l.text === text);
      if (labels.some((l) => l.kind !== "local" || !l.uuid)) return [];
      // Only names no other kind of item or page uses, so the rename touches one net.
      const elsewhere = [...hierarchy.files.values()].filter((s) =>
        s.labels.some((l) => l.text === text),
      ).length;
      const net = nets.nets.find((n) => n.name === `${instance.path}${text}`);
      if (
        elsewhere !== 1 ||
        !net ||
        net.nodes.length < 2 ||
        names.has(`${instance.path}${text}_RENAMED`)
      )
        return [];
      if (everyText.has(`${text}_RENAMED`)) return [];
      return [{ instance, text, labels, net }];
    });
  });
  for (const choice of shuffled(candidates, random)) {
    const after = `${choice.instance.path}${choice.text}_RENAMED`;
    const next = relabel(
      files,
      choice.instance,
      choice.labels.map((l) => l.uuid!),
      `${choice.text}_RENAMED`,
    );
    const renamed = netlist(await hierarchyOf(next, root)).nets.find((n) => n.name === after);
    if (renamed?.nodes.length !== choice.net.nodes.length) continue;
    return {
      files: next,
      file: choice.instance.file.slice(ROOT.length + 1),
      expected: {
        kind: "net-renamed",
        before: choice.net.name,
        after,
        pins: choice.net.nodes.length,
      },
    } satisfies Planted;
  }
  return undefined;
}

/** A footprint moved by (2.54, 1.27) mm: one with a unique reference and no outline edges. */
export function plantFootprintMove(files: DesignFiles, board: string, random: () => number) {
  const view = readBoard(parseSexp(files.get(board)!, { file: board }));
  const counts = new Map<string, number>();
  for (const fp of view.footprints) counts.set(fp.reference, (counts.get(fp.reference) ?? 0) + 1);
  const candidates = view.footprints.filter(
    (fp) =>
      fp.uuid &&
      counts.get(fp.reference) === 1 &&
      fp.reference !== "" &&
      edgeGraphics([], [fp]).length === 0,
  );
  const fp = pick(candidates, random);
  if (!fp) return undefined;
  const { x, y } = fp.placement.at;
  const next = editTree(files, board, (tree) => {
    const at = child(itemByUuid(tree, "footprint", fp.uuid!), "at")!;
    at.items[1] = atom(String(Number((x + 2.54).toFixed(6))));
    at.items[2] = atom(String(Number((y + 1.27).toFixed(6))));
  });
  return {
    files: next,
    file: board,
    expected: { kind: "footprint-moved", ref: fp.reference, distance: 2.8398 },
  } satisfies Planted;
}

/** One track segment on a net deleted. */
export function plantTrackDeletion(files: DesignFiles, board: string, random: () => number) {
  const view = readBoard(parseSexp(files.get(board)!, { file: board }));
  const track = pick(
    view.tracks.filter((t) => t.kind === "segment" && t.net && t.uuid),
    random,
  );
  if (!track) return undefined;
  const next = editTree(files, board, (tree) => {
    tree.items.splice(tree.items.indexOf(itemByUuid(tree, "segment", track.uuid!)), 1);
  });
  return {
    files: next,
    file: board,
    expected: { kind: "tracks-changed", net: track.net!.name, added: 0, removed: 1 },
  } satisfies Planted;
}
