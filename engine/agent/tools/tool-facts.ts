/**
 * The facts tools hand the ledger, in one place so the shapes can follow
 * engine/agent/ledger/facts.ts when it lands. Until then they are exactly the keys the ledger's
 * author asked for.
 */
export type MutationKind = "schematic" | "board" | "doc" | "kicad-other" | "other";

const KICAD_OTHER = [
  ".kicad_pro",
  ".kicad_sym",
  ".kicad_mod",
  ".kicad_prl",
  ".kicad_dru",
  ".kicad_wks",
];
const KICAD_TABLES = ["sym-lib-table", "fp-lib-table"];

/** What kind of artifact a repo path is, for the ledger's obligations. */
export function mutationKind(path: string): MutationKind {
  const lower = path.toLowerCase();
  const name = lower.split("/").at(-1) ?? lower;
  if (lower.endsWith(".kicad_sch")) return "schematic";
  if (lower.endsWith(".kicad_pcb")) return "board";
  if (lower.endsWith(".md")) return "doc";
  if (KICAD_OTHER.some((ext) => lower.endsWith(ext)) || KICAD_TABLES.includes(name)) {
    return "kicad-other";
  }
  return "other";
}

export const facts = {
  mutated: (path: string) => ({ mutated: { kind: mutationKind(path), path } }),
  erc: (violations: number) => ({ erc: { violations } }),
  drc: (violations: number, unconnected: number) => ({ drc: { violations, unconnected } }),
  drift: (findings: number) => ({ drift: { findings } }),
  legibility: (errors: number, findings: number) => ({ legibility: { errors, findings } }),
  proposalValidated: (changeId: string) => ({ proposalValidated: changeId }),
  changelog: () => ({ changelog: true }),
};
