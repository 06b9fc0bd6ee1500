import { basename, dirname, join, resolve } from "node:path";
import { describeError } from "../../errors.js";
import type { CatalogSymbol } from "../library/symbol-catalog.js";
import { buildSchematicHierarchy } from "../schematic/hierarchy.js";
import { netlist } from "../schematic/netlist/netlist.js";
import { readSchematic } from "../schematic/read-schematic.js";
import { parseSexp } from "../sexp/parse.js";
import { writeSexp } from "../sexp/write.js";
import { checkDrawnNets } from "./check-drawn-nets.js";
import type { DraftReport } from "./draft-report.js";
import { drawnParts } from "./drawn-parts.js";
import { emitSheet } from "./emit-sheet.js";
import { DEFAULT_DRAFT_DATE } from "./intent.js";
import type { IntentFinding } from "./intent-finding.js";
import { intentSizeFinding } from "./intent-size.js";
import { SheetLayout } from "./lay-out-sheet.js";
import { NoRoomError } from "./layout/no-room-error.js";
import { dropLoneStubLabels } from "./lone-labels.js";
import { fitsClass, railSymbolIds } from "./rail-symbols.js";
import { foldSelfCrossings } from "./self-crossings.js";
import { placeNotes } from "./sheet-notes.js";
import type { SymbolSource } from "./symbol-source.js";
import { straightenUTurns } from "./u-turns.js";
import { type ValidationContext, validateIntent } from "./validate-intent.js";
import {
  embeddedSymbol,
  libraryFileTree,
  librarySlug,
  symLibTableTree,
  vendorLibrary,
} from "./vendor-library.js";

export interface DraftInput {
  /** The intent as parsed JSON (validated here). */
  intent: unknown;
  /** Where the sheet goes; the project library, sym-lib-table and .kicad_pro go beside it. */
  sheetPath: string;
  catalog: SymbolSource;
  subsystems?: readonly string[];
  bom?: string;
  /** A sheet of a hierarchy (hierarchy/): nets continued on other sheets. */
  continuedNets?: ReadonlySet<string>;
  /** A sheet of a hierarchy: power nets driven or flagged on another sheet get no PWR_FLAG here. */
  unflagged?: ReadonlySet<string>;
}

/** The files of a draft, as bytes: written only when everything checked out (write-draft.ts). */
export interface DraftFiles {
  sheet: { path: string; text: string };
  library: { path: string; text: string };
  symLibTable: { path: string; text: string };
  project: { path: string; text: string };
}

export type DraftResult =
  | { ok: true; report: DraftReport; files: DraftFiles }
  | { ok: false; findings: IntentFinding[] };

const fault = (detail: string): IntentFinding => ({ kind: "engine-fault", path: "", detail });

/** Validates, places, connects and emits; checks the drawn nets against the intent. Writes nothing. */
export async function draftSchematic(input: DraftInput): Promise<DraftResult> {
  const context: ValidationContext = {
    resolve: (id) => input.catalog.resolve(id),
    subsystems: input.subsystems,
    bom: input.bom,
    continuedNets: input.continuedNets,
  };
  const tooLarge = intentSizeFinding(input.intent);
  if (tooLarge) return { ok: false, findings: [tooLarge] };
  const validated = await validateIntent(input.intent, context);
  if (!validated.ok) return validated;
  const resolved = validated.resolved;
  const notes = placeNotes(resolved);
  if (notes.findings.length > 0) return { ok: false, findings: notes.findings };

  // Power symbols: KiCad's own where it has one of the net's name, else the generic ones.
  const wanted = ["power:VCC", "power:GND", "power:PWR_FLAG"];
  for (const n of resolved.nets) if (n.class.class !== "signal") wanted.push(`power:${n.net.name}`);
  const power = new Map<string, CatalogSymbol>();
  for (const id of new Set(wanted)) {
    const found = await input.catalog.resolve(id);
    if (found.ok) power.set(id, found.symbol);
  }
  for (const id of ["power:VCC", "power:GND", "power:PWR_FLAG"]) {
    if (!power.has(id))
      return {
        ok: false,
        findings: [
          fault(
            `the installed libraries have no "${id}"; install KiCad's power library (power.kicad_sym) in the symbol folder`,
          ),
        ],
      };
  }
  // Only a net's own symbol that fits its class: seeding the generics here would draw a ground
  // net named VCC with the rail arrow (the generics are railSymbolIds' fallbacks anyway).
  const usable = new Set<string>();
  for (const n of resolved.nets) {
    const own = power.get(`power:${n.net.name}`);
    if (own && n.class.class !== "signal" && fitsClass(own, n.class.class === "ground"))
      usable.add(own.libId);
  }
  const rails = railSymbolIds(
    usable,
    new Map([...power].map(([id, symbol]) => [id, symbol.symbol])),
  );
  const flagNets = resolved.nets
    .filter(
      (n) =>
        n.class.class !== "signal" &&
        !n.endpoints.some((e) => e.pin.type === "power_out") &&
        !input.unflagged?.has(n.net.name),
    )
    .map((n) => n.net.name);

  const layout = new SheetLayout(resolved, rails, flagNets);
  let placement: ReturnType<SheetLayout["draw"]>;
  try {
    placement = layout.draw();
  } catch (error) {
    if (error instanceof NoRoomError) return { ok: false, findings: [fault(describeError(error))] };
    throw error;
  }
  if (!placement.fits) {
    const mm = (n: number) => n.toFixed(0);
    return {
      ok: false,
      findings: [
        {
          kind: "does-not-fit",
          path: "",
          detail: `the ${resolved.parts.size} parts in ${resolved.groups.length} group(s) need ${mm(placement.content.width)} x ${mm(placement.content.height)} mm, more than the ${mm(placement.usable.width)} x ${mm(placement.usable.height)} mm usable on ${placement.paper}, ${placement.pinned ? "the paper pinned by hints.paper" : "the largest paper"}; ${
            placement.pinned && placement.smallestFitting
              ? `remove hints.paper (the smallest paper that holds them is ${placement.smallestFitting}) or pin that paper`
              : "split the design into smaller groups on separate sheets (one intent per sheet) or reduce the parts"
          }`,
        },
      ],
    };
  }
  const parts = drawnParts(placement.drawing, resolved);
  const drawing = straightenUTurns(
    dropLoneStubLabels(foldSelfCrossings(placement.drawing, parts.pins), resolved, parts.pins),
    parts,
  );

  const sheetPath = resolve(input.sheetPath);
  const project = basename(sheetPath, ".kicad_sch");
  const nickname = librarySlug(project);
  const usedIds = new Set(drawing.symbols.map((s) => s.libId));
  const used = [...resolved.parts.values()]
    .map((p) => p.symbol)
    .concat([...power.values()])
    .filter((s) => usedIds.has(s.libId));
  const library = vendorLibrary(nickname, used);
  const tree = emitSheet(drawing, {
    project,
    title: resolved.intent.title ?? project,
    date: resolved.intent.titleBlock?.date ?? resolved.intent.hints?.date ?? DEFAULT_DRAFT_DATE,
    rev: resolved.intent.titleBlock?.rev,
    company: resolved.intent.titleBlock?.company,
    comments: notes.titleComments,
    libSymbols: library.symbols.map((s) => embeddedSymbol(library, s)),
    libIdOf: (id) => library.libIdOf.get(id) ?? id,
  });
  const text = writeSexp(tree);

  // Prove the drawing before anything touches the disk.
  const hierarchy = await buildSchematicHierarchy(sheetPath, async (path) =>
    path === sheetPath ? readSchematic(parseSexp(text, { file: path }), { file: path }) : undefined,
  );
  const netFindings = checkDrawnNets(resolved, netlist(hierarchy));
  if (netFindings.length > 0) return { ok: false, findings: netFindings };

  const dir = dirname(sheetPath);
  const files: DraftFiles = {
    sheet: { path: sheetPath, text },
    library: {
      path: join(dir, `${nickname}.kicad_sym`),
      text: writeSexp(libraryFileTree(library)),
    },
    symLibTable: { path: join(dir, "sym-lib-table"), text: writeSexp(symLibTableTree(library)) },
    project: {
      path: join(dir, `${project}.kicad_pro`),
      text: `${JSON.stringify({ meta: { filename: `${project}.kicad_pro`, version: 1 } }, null, 2)}\n`,
    },
  };
  const members = (group: string) =>
    [...resolved.parts.values()]
      .filter((p) => p.part.group === group)
      .map((p) => p.part.ref)
      .sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  const report: DraftReport = {
    sheet: basename(sheetPath),
    paper: drawing.paper,
    groups: resolved.groups.map((name) => ({ name, members: members(name) })),
    wireCount: drawing.wires.length,
    labelCount: drawing.labels.length,
    netClasses: resolved.nets
      .map((n) => ({ name: n.net.name, ...n.class }))
      .sort((a, b) => (a.name < b.name ? -1 : 1)),
    pwrFlags: [...flagNets].sort(),
    noConnects: drawing.noConnects.length,
    openPins: layout.openPins,
    joinedPins: resolved.joined.map((j) => ({ ...j })),
    notes: (resolved.intent.notes ?? []).map((n) => (n.group ? `${n.group}: ${n.text}` : n.text)),
  };
  return { ok: true, report, files };
}
