import type { LegibilityFinding } from "../../kicad/legibility/finding.js";
import type { MutatedFact, ToolFacts } from "../ledger/facts.js";

/**
 * The facts tools hand the ledger (engine/agent/ledger/facts.ts owns the schema), built in one
 * place so every tool emits the same shapes.
 */
export type MutationKind = MutatedFact["kind"];

const KICAD_OTHER = [".kicad_pro", ".kicad_sym", ".kicad_prl", ".kicad_wks"];
const KICAD_TABLES = ["sym-lib-table"];
/** Files only the board reads (footprints, design rules, their table): DRC's, never ERC's. */
const BOARD_SIDE = [".kicad_mod", ".kicad_dru"];
const BOARD_TABLES = ["fp-lib-table"];
/** The documents the drift checker compares with the design (engine/kicad/drift). */
const DRIFT_DOCS = ["bom.md", "pinout.md"];

/**
 * What kind of artifact a repo path is, for the ledger's obligations. Only the documents drift
 * reads are "doc": a decision log or a spec note cannot make the design drift, so editing one
 * must not send the agent back to check_drift.
 */
export function mutationKind(path: string): MutationKind {
  const lower = path.toLowerCase();
  const name = lower.split("/").at(-1) ?? lower;
  if (lower.endsWith(".kicad_sch")) return "schematic";
  if (lower.endsWith(".kicad_pcb")) return "board";
  if (BOARD_SIDE.some((ext) => lower.endsWith(ext)) || BOARD_TABLES.includes(name)) return "board";
  if (DRIFT_DOCS.includes(name)) return "doc";
  if (KICAD_OTHER.some((ext) => lower.endsWith(ext)) || KICAD_TABLES.includes(name)) {
    return "kicad-other";
  }
  return "other";
}

export const facts = {
  /** A changed file; for a schematic, whether it still carries copperhead's stamp afterwards. */
  mutated(path: string, engineAuthored?: boolean): ToolFacts {
    const fact: MutatedFact = { kind: mutationKind(path), path };
    if (engineAuthored !== undefined) fact.engineAuthored = engineAuthored;
    // Writing the changelog is itself an obligation met.
    const changelog = /(^|\/)CHANGELOG\.md$/i.test(path) ? { changelog: true as const } : {};
    return { mutated: fact, ...changelog };
  },
  erc: (violations: number): ToolFacts => ({ erc: { violations } }),
  /** Unrouted connections count as violations: a board with open ratsnest lines is not clean. */
  drc: (violations: number, unconnected: number) => ({
    drc: { violations: violations + unconnected, rules: violations, unconnected },
  }),
  drift: (findings: number): ToolFacts => ({ drift: { findings } }),
  legibility: (
    errors: number,
    findings: LegibilityFinding[],
    sheet: { present: boolean; engineAuthored?: boolean },
  ): ToolFacts => ({
    legibility: {
      errors,
      findings,
      sheetPresent: sheet.present,
      ...(sheet.engineAuthored === undefined ? {} : { engineAuthored: sheet.engineAuthored }),
    },
  }),
  proposalValidated: (changeId: string): ToolFacts => ({ proposalValidated: changeId }),
  constraintRevisit: (open: { key: string; item: string }[]): ToolFacts => ({
    constraintRevisit: { open, resolved: [] },
  }),
};
