import { basename, dirname, join, resolve } from "node:path";
import { pushAll } from "../../../array-ops.js";
import { buildSchematicHierarchy } from "../../schematic/hierarchy.js";
import { netlist } from "../../schematic/netlist/netlist.js";
import { readSchematic } from "../../schematic/read-schematic.js";
import { isList, textAt } from "../../sexp/node.js";
import { parseSexp } from "../../sexp/parse.js";
import { writeSexp } from "../../sexp/write.js";
import { checkDrawnNets } from "../check-drawn-nets.js";
import type { DraftReport } from "../draft-report.js";
import { type DraftFiles, draftSchematic } from "../draft-schematic.js";
import { DEFAULT_DRAFT_DATE } from "../intent.js";
import type { IntentFinding } from "../intent-finding.js";
import { placeNotes } from "../sheet-notes.js";
import type { SymbolSource } from "../symbol-source.js";
import { uuidV5 } from "../uuid-v5.js";
import { validateIntent } from "../validate-intent.js";
import { finishSubSheet } from "./finish-sub-sheet.js";
import { fitSheets } from "./fit-sheets.js";
import { addSheetReport, emptyReport } from "./hierarchy-report.js";
import { mergeLibraries } from "./merge-libraries.js";
import { planSheets, sheetRefs } from "./plan-sheets.js";
import { portFlow } from "./port-flow.js";
import type { NetClassOf } from "./repeated-groups.js";
import { emitRootSheet, flowOrder, type RootSheetSymbol } from "./root-sheet.js";
import { PORT_LIB_ID } from "./sub-intent.js";

export interface DraftHierarchyInput {
  intent: unknown;
  /** The root sheet; the sub-sheets, library and tables go beside it. */
  sheetPath: string;
  catalog: SymbolSource;
  subsystems?: readonly string[];
  bom?: string;
}

export type DraftHierarchyResult =
  | {
      ok: true;
      report: DraftReport;
      files: DraftFiles;
      subSheets: { path: string; text: string }[];
    }
  | { ok: false; findings: IntentFinding[] };

/** An intent that asks for sheets (hints.sheets or hints.instances) is drafted as a hierarchy. */
export function wantsHierarchy(intent: unknown): boolean {
  const hints = (intent as { hints?: { sheets?: unknown; instances?: unknown } } | null)?.hints;
  return hints?.sheets !== undefined || hints?.instances !== undefined;
}

/**
 * Drafts an intent as a hierarchy: a root sheet of sheet symbols and one sub-sheet per sheet of
 * the plan (plan-sheets.ts), each drafted by the single-sheet drafter from its own cut of the
 * intent, a repeated group's sheet once for all its instances. Before anything is returned the
 * whole hierarchy is netlisted and compared with the intent, as a single sheet is.
 */
export async function draftHierarchy(input: DraftHierarchyInput): Promise<DraftHierarchyResult> {
  const validated = await validateIntent(input.intent, {
    resolve: (id) => input.catalog.resolve(id),
    subsystems: input.subsystems,
    bom: input.bom,
  });
  if (!validated.ok) return validated;
  const resolved = validated.resolved;
  const intent = resolved.intent;
  const notes = placeNotes(resolved);
  if (notes.findings.length > 0) return { ok: false, findings: notes.findings };
  const classes = new Map(resolved.nets.map((n) => [n.net.name, n.class.class]));
  const classOf: NetClassOf = (net) => classes.get(net) ?? "signal";
  const rootPath = resolve(input.sheetPath);
  const dir = dirname(rootPath);
  const project = basename(rootPath, ".kicad_sch");
  const planned = planSheets(intent, resolved.groups, classOf, basename(rootPath));
  if (!planned.ok) return planned;
  const { plan } = planned;

  const fitted = await fitSheets(resolved, plan.sheets, {
    classOf,
    rootFile: basename(rootPath),
    draft: (sub) =>
      draftSchematic({
        intent: sub.intent,
        sheetPath: join(dir, `${project}.kicad_sch`),
        catalog: input.catalog,
        continuedNets: sub.continued,
        unflagged: sub.unflagged,
      }),
  });
  if (!fitted.ok) return fitted;

  const ns = uuidV5(`project/${project}`);
  const rootUuid = uuidV5("sheet/root", ns);
  const symbols: RootSheetSymbol[] = [];
  const subSheets: { path: string; text: string }[] = [];
  const libraries: string[] = [];
  let first: DraftFiles | undefined;
  const counters = new Map<string, number>();
  const report = emptyReport(basename(rootPath));
  const subPapers: string[] = [];
  // Which sheet instance draws each part: where a signal is made and where it goes.
  const sheetOf = new Map<string, string>();
  for (const { sheet } of fitted.drafts)
    for (const instance of sheet.instances)
      for (const r of sheetRefs(intent, sheet))
        sheetOf.set(instance.refs.get(r) ?? r, instance.name);
  for (const { sheet, sub, drafted } of fitted.drafts) {
    first ??= drafted.files;
    libraries.push(drafted.files.library.text);
    const tree = parseSexp(drafted.files.sheet.text);
    const powerRefs = tree.items.flatMap((item) => {
      if (!isList(item, "symbol")) return [];
      const ref = item.items.find((p) => isList(p, "property") && textAt(p, 1) === "Reference");
      const text = isList(ref) ? (textAt(ref, 2) ?? "") : "";
      return text.startsWith("#") ? [text] : [];
    });
    const instances = sheet.instances.map((instance) => {
      const uuid = uuidV5(`sheet-symbol/${instance.name}`, ns);
      const renumbered = new Map<string, string>();
      for (const ref of powerRefs) {
        const prefix = /^#[A-Za-z]+/.exec(ref)?.[0] ?? "#PWR";
        const n = (counters.get(prefix) ?? 0) + 1;
        counters.set(prefix, n);
        renumbered.set(ref, `${prefix}${String(n).padStart(2, "0")}`);
      }
      symbols.push({
        name: instance.name,
        file: sheet.file,
        uuid,
        page: String(symbols.length + 2),
        pins: [...sub.portNets].map(([name, nets]) => {
          const net = nets[sheet.instances.indexOf(instance)] ?? name;
          const flow = portFlow(resolved, net, instance.name, sheetOf);
          return { name, net, ...(flow ? { flow } : {}) };
        }),
      });
      return {
        path: `/${rootUuid}/${uuid}`,
        refOf: (ref: string) => renumbered.get(ref) ?? instance.refs.get(ref) ?? ref,
      };
    });
    const finished = finishSubSheet(tree, {
      file: sheet.file,
      ports: sub.ports,
      instances,
      project,
    });
    subSheets.push({ path: join(dir, sheet.file), text: writeSexp(finished) });
    subPapers.push(`${sheet.file} ${drafted.report.paper}`);
    addSheetReport(report, drafted.report, sub.ports);
    if (sheet.instances.length > 1)
      report.notes.push(
        `${sheet.file} is drawn once and placed ${sheet.instances.length} times: ${sheet.instances.map((i) => i.name).join(", ")}`,
      );
  }
  pushAll(report.notes, fitted.notes);
  for (const d of plan.detected)
    report.notes.push(
      `detected: "${d.group}" repeats "${d.of}" up to names, drawn as an instance of its sheet`,
    );
  if (!first)
    return {
      ok: false,
      findings: [{ kind: "shape", path: "parts", detail: "the intent has no parts to draw" }],
    };

  // Pages follow the root's reading order, which goes along the signal flow.
  flowOrder(symbols).forEach((s, i) => {
    s.page = String(i + 2);
  });
  const root = emitRootSheet({
    project,
    uuid: rootUuid,
    title: intent.title ?? project,
    date: intent.titleBlock?.date ?? intent.hints?.date ?? DEFAULT_DRAFT_DATE,
    rev: intent.titleBlock?.rev,
    company: intent.titleBlock?.company,
    comments: notes.titleComments,
    sheets: symbols,
  });
  if (!root) {
    return {
      ok: false,
      findings: [
        {
          kind: "does-not-fit",
          path: "hints.sheets",
          detail: `the ${symbols.length} sheet symbols do not fit the root sheet on A3; put more groups on each sheet (hints.sheets)`,
        },
      ],
    };
  }
  const rootText = writeSexp(root.tree);
  report.paper = `${root.paper} (root); ${subPapers.join(", ")}`;
  const portName = `${project.replace(/[^A-Za-z0-9_-]/g, "_") || "project"}:${PORT_LIB_ID.split(":")[1]}`;
  const usesPort = intent.parts.some((p) => p.libId === PORT_LIB_ID);
  const library = mergeLibraries(
    libraries,
    new Set(usesPort ? [] : [portName.split(":")[1] ?? ""]),
  );

  const texts = new Map([[rootPath, rootText], ...subSheets.map((s) => [s.path, s.text] as const)]);
  const hierarchy = await buildSchematicHierarchy(rootPath, async (path) => {
    const text = texts.get(path);
    return text === undefined
      ? undefined
      : readSchematic(parseSexp(text, { file: path }), { file: path });
  });
  const netFindings = checkDrawnNets(resolved, netlist(hierarchy));
  if (netFindings.length > 0) return { ok: false, findings: netFindings };
  return {
    ok: true,
    report,
    files: {
      ...first,
      sheet: { path: rootPath, text: rootText },
      library: { ...first.library, text: library },
    },
    subSheets,
  };
}
