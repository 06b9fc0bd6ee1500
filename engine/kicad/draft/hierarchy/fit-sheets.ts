import { pushAll } from "../../../array-ops.js";
import type { DraftResult } from "../draft-schematic.js";
import type { Intent } from "../intent.js";
import type { IntentFinding } from "../intent-finding.js";
import type { ResolvedIntent } from "../resolved-intent.js";
import { nameSheetFiles, type SheetPlan, sheetRefs } from "./plan-sheets.js";
import type { NetClassOf } from "./repeated-groups.js";
import { splitSheet } from "./split-sheet.js";
import { type SubIntent, subIntent } from "./sub-intent.js";

/** The papers a sheet of a hierarchy may take. */
export const SHEET_PAPERS = ["A5", "A4", "A3"];

type Drafted = Extract<DraftResult, { ok: true }>;

export interface FittedSheets {
  ok: true;
  sheets: SheetPlan[];
  drafts: { sheet: SheetPlan; sub: SubIntent; drafted: Drafted }[];
  /** What was cut and why, for the report. */
  notes: string[];
}

export interface FitOptions {
  classOf: NetClassOf;
  rootFile: string;
  draft: (sub: SubIntent) => Promise<DraftResult>;
}

/**
 * A rail is flagged once: on the first sheet it reaches, unless a power output drives it. A
 * sheet placed N times would draw N flags on the one rail, so a sheet placed once comes first.
 */
export function railFlagSheets(
  resolved: ResolvedIntent,
  sheets: readonly SheetPlan[],
): Map<string, SheetPlan | undefined> {
  const out = new Map<string, SheetPlan | undefined>();
  const order = [...sheets].sort(
    (a, b) => Number(a.instances.length > 1) - Number(b.instances.length > 1),
  );
  const held = new Map(order.map((s) => [s, sheetRefs(resolved.intent, s)]));
  for (const n of resolved.nets) {
    if (n.class.class === "signal") continue;
    const driven = n.endpoints.some((e) => e.pin.type === "power_out");
    out.set(
      n.net.name,
      driven ? undefined : order.find((s) => n.endpoints.some((e) => held.get(s)?.has(e.ref))),
    );
  }
  return out;
}

/**
 * Names every piece of one cut sheet for the sheet it came from, each placement for its own:
 * "Sensor front end (2 of 3)"; a shared sheet's "CH1 (1 of 2)" … "CH4 (1 of 2)".
 */
function namePieces(sheets: readonly SheetPlan[], of: string): void {
  const pieces = sheets.filter((s) => s.piece?.of === of);
  pieces.forEach((s, i) => {
    s.instances.forEach((instance, k) => {
      instance.name = `${s.piece?.names[k] ?? of} (${i + 1} of ${pieces.length})`;
    });
  });
}

/**
 * Drafts every sheet of the plan, cutting any sheet that needs more than A3 in two along its
 * connectivity (split-sheet.ts; a shared sheet's pieces shared alike) and drafting again until
 * every sheet fits; a single part that does not fit is a `does-not-fit` finding. Sheets already drafted
 * are not drafted again unless what they draw changed (a rail's flag moved to a new piece).
 */
export async function fitSheets(
  resolved: ResolvedIntent,
  planned: readonly SheetPlan[],
  options: FitOptions,
): Promise<FittedSheets | { ok: false; findings: IntentFinding[] }> {
  const intent: Intent = resolved.intent;
  const sheets = [...planned];
  const cut = new Map<string, string>();
  const memo = new Map<string, DraftResult>();
  // Each cut adds a sheet, and a sheet of one part is not cut: this many rounds always end.
  for (let round = 0; round <= intent.parts.length; round++) {
    const flags = railFlagSheets(resolved, sheets);
    const drafts: FittedSheets["drafts"] = [];
    let oversized: { index: number; paper: string } | undefined;
    for (const [index, sheet] of sheets.entries()) {
      const sub = subIntent(intent, sheet, options.classOf, flags);
      const key = JSON.stringify([sub.intent, [...sub.continued], [...sub.unflagged]]);
      const drafted = memo.get(key) ?? (await options.draft(sub));
      memo.set(key, drafted);
      if (!drafted.ok) {
        return {
          ok: false,
          findings: drafted.findings.map((f) => ({
            ...f,
            detail: `sheet ${sheet.file}: ${f.detail}`,
          })),
        };
      }
      if (!SHEET_PAPERS.includes(drafted.report.paper)) {
        oversized = { index, paper: drafted.report.paper };
        break;
      }
      drafts.push({ sheet, sub, drafted });
    }
    if (!oversized) {
      const notes = [...cut].map(([of, why]) => {
        const pieces = sheets.filter((s) => s.piece?.of === of);
        return `${why}: cut along its connectivity into ${pieces.length} sheets of A4/A3, ${pieces.map((s) => `${s.file} (${s.piece?.parts.join(", ")})`).join("; ")}`;
      });
      return { ok: true, sheets, drafts, notes };
    }
    const sheet = sheets[oversized.index] as SheetPlan;
    const halves = splitSheet(intent, sheet, options.classOf);
    if (!halves) {
      return {
        ok: false,
        findings: [
          {
            kind: "does-not-fit",
            path: "hints.sheets",
            detail: `sheet ${sheet.file} (${sheet.groups.join(", ")}) needs ${oversized.paper}; a sheet of a hierarchy is A4 or A3 and its one part does not fit A3 — put its groups on more sheets (hints.sheets)`,
          },
        ],
      };
    }
    const of = halves[0].piece?.of ?? "";
    if (!cut.has(of)) cut.set(of, `"${of}" needs ${oversized.paper} on one sheet`);
    const after = sheets.splice(oversized.index);
    pushAll(sheets, [...halves, ...after.slice(1)]);
    namePieces(sheets, of);
    nameSheetFiles(sheets, options.rootFile);
  }
  return {
    ok: false,
    findings: [{ kind: "does-not-fit", path: "hints.sheets", detail: "the sheets never fit A3" }],
  };
}
