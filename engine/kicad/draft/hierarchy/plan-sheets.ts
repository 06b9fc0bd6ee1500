import type { Intent } from "../intent.js";
import type { IntentFinding } from "../intent-finding.js";
import { matchGroup, type NetClassOf } from "./repeated-groups.js";

/** One sub-sheet file, placed once per instance (a repeated group's copies share it). */
export interface SheetPlan {
  /** File name beside the root, e.g. `channel.kicad_sch`. */
  file: string;
  /** The groups drawn on it, under their template names. */
  groups: string[];
  /** Each placement: its sheet name and the template ref → this instance's ref. */
  instances: { name: string; refs: Map<string, string> }[];
  /**
   * A piece of a sheet too big for A3 (split-sheet.ts): the sheet it came from (`of`, its first
   * placement's name, and `names`, every placement's, which its pieces are named after), the
   * refs drawn on it, in the intent's order, and which of its groups' notes (indexes into
   * `intent.notes`) it carries, so that a note drawn once in the design is drawn once in its
   * pieces. Absent: all its groups' parts.
   */
  piece?: { of: string; names: string[]; parts: string[]; notes: number[] };
}

/** The refs a sheet draws (its template's, not a copy's). */
export function sheetRefs(intent: Intent, sheet: SheetPlan): Set<string> {
  if (sheet.piece) return new Set(sheet.piece.parts);
  return new Set(intent.parts.filter((p) => sheet.groups.includes(p.group)).map((p) => p.ref));
}

/** Whether a sheet draws the intent's note at `index` (of one of its groups). */
export function drawsNote(intent: Intent, sheet: SheetPlan, index: number): boolean {
  const group = intent.notes?.[index]?.group;
  if (group === undefined || !sheet.groups.includes(group)) return false;
  return sheet.piece === undefined || sheet.piece.notes.includes(index);
}

export interface HierarchyPlan {
  sheets: SheetPlan[];
  /** Repeated groups found without a `hints.instances` entry, for the report. */
  detected: { group: string; of: string }[];
}

function fileSlug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "sheet"
  );
}

/**
 * Which groups go on which sheet: `hints.sheets` as given, every other group on a sheet of its
 * own, and a group declared (`hints.instances`) or found identical to an earlier group-sheet
 * drawn as another instance of that sheet. Every mistake in the hints is a finding at its path.
 */
export function planSheets(
  intent: Intent,
  groups: readonly string[],
  classOf: NetClassOf,
  rootFile: string,
): { ok: true; plan: HierarchyPlan } | { ok: false; findings: IntentFinding[] } {
  const findings: IntentFinding[] = [];
  const known = new Set(groups);
  const unknown = (path: string, name: string) =>
    findings.push({
      kind: "unknown-group",
      path,
      detail: `no part is in group "${name}"; use one of ${groups.map((g) => `"${g}"`).join(", ")}`,
    });
  const sheetOf = new Map<string, number>();
  const sheets: { name: string; groups: string[] }[] = [];
  (intent.hints?.sheets ?? []).forEach((s, i) => {
    const own: string[] = [];
    s.groups.forEach((g, j) => {
      if (!known.has(g)) {
        unknown(`hints.sheets[${i}].groups[${j}]`, g);
        return;
      }
      if (sheetOf.has(g)) {
        findings.push({
          kind: "shape",
          path: `hints.sheets[${i}].groups[${j}]`,
          detail: `group "${g}" is already on sheet "${sheets[sheetOf.get(g) ?? 0]?.name}"; a group goes on one sheet`,
        });
        return;
      }
      sheetOf.set(g, sheets.length);
      own.push(g);
    });
    sheets.push({ name: s.name, groups: own });
  });
  const declared = new Map<string, string>();
  (intent.hints?.instances ?? []).forEach((d, i) => {
    if (!known.has(d.group) || !known.has(d.of)) {
      if (!known.has(d.group)) unknown(`hints.instances[${i}].group`, d.group);
      if (!known.has(d.of)) unknown(`hints.instances[${i}].of`, d.of);
      return;
    }
    const shared = sheets[sheetOf.get(d.of) ?? -1];
    const problem =
      d.group === d.of
        ? "a group cannot be an instance of itself"
        : sheetOf.has(d.group)
          ? `"${d.group}" is also listed in hints.sheets; an instance draws no sheet of its own`
          : declared.has(d.of)
            ? `"${d.of}" is itself an instance; name the group it instances`
            : shared && shared.groups.length > 1
              ? `"${d.of}" shares sheet "${shared.name}" with other groups; only a group alone on its sheet can be instanced`
              : undefined;
    const match = problem === undefined ? matchGroup(intent, classOf, d.of, d.group) : undefined;
    const why = problem ?? (match && !match.ok ? match.why : undefined);
    if (why !== undefined) {
      findings.push({
        kind: "shape",
        path: `hints.instances[${i}]`,
        detail: `"${d.group}" cannot be drawn as an instance of "${d.of}": ${why}; remove the entry or make the groups identical up to names`,
      });
      return;
    }
    declared.set(d.group, d.of);
  });
  if (findings.length > 0) return { ok: false, findings };

  const plans: SheetPlan[] = [];
  const planOf = new Map<string, SheetPlan>();
  const identity = (g: readonly string[]) =>
    new Map(intent.parts.filter((p) => g.includes(p.group)).map((p) => [p.ref, p.ref]));
  for (const s of sheets) {
    const plan = {
      file: "",
      groups: s.groups,
      instances: [{ name: s.name, refs: identity(s.groups) }],
    };
    plans.push(plan);
  }
  const detected: HierarchyPlan["detected"] = [];
  const templates: string[] = [];
  for (const g of groups) {
    if (sheetOf.has(g)) continue;
    const of = declared.get(g);
    if (of !== undefined) continue;
    const twin = templates.find((t) => !declared.has(t) && matchGroup(intent, classOf, t, g).ok);
    if (twin !== undefined) {
      detected.push({ group: g, of: twin });
      declared.set(g, twin);
      continue;
    }
    const plan = { file: "", groups: [g], instances: [{ name: g, refs: identity([g]) }] };
    plans.push(plan);
    planOf.set(g, plan);
    templates.push(g);
  }
  for (const g of groups) {
    const of = declared.get(g);
    if (of === undefined) continue;
    const plan = planOf.get(of) ?? plans.find((p) => p.groups.length === 1 && p.groups[0] === of);
    const match = matchGroup(intent, classOf, of, g);
    if (plan && match.ok) plan.instances.push({ name: g, refs: match.refs });
  }
  const sheetsWithParts = plans.filter((p) => p.groups.length > 0);
  nameSheetFiles(sheetsWithParts, rootFile);
  return { ok: true, plan: { sheets: sheetsWithParts, detected } };
}

/** Names each sheet's file after its first placement, unique beside the root (in place). */
export function nameSheetFiles(plans: readonly SheetPlan[], rootFile: string): void {
  const taken = new Set([rootFile.toLowerCase()]);
  for (const plan of plans) {
    const first = plan.instances[0]?.name ?? "sheet";
    // A shared sheet is named for what its copies have in common ("Channel 1" → channel).
    const base = fileSlug(plan.instances.length > 1 ? first.replace(/[\s_-]*\d+$/, "") : first);
    let file = `${base}.kicad_sch`;
    for (let n = 2; taken.has(file); n++) file = `${base}-${n}.kicad_sch`;
    taken.add(file);
    plan.file = file;
  }
}
