import { z } from "zod";
import { legibilityFindingSchema } from "../../kicad/legibility/finding.js";

/**
 * The facts a tool reports in `ToolResult.facts` for the ledger (and the repair counter) to read.
 * Every key is optional; a tool emits only what it observed. Unknown keys are ignored so tools
 * can carry extra data, but a known key with the wrong shape is a tool bug and is reported.
 *
 * - `proposalValidated`: the change id whose OpenSpec proposal just validated (validate_change);
 *   unlocks the mutating tools.
 * - `mutated`: a file the tool changed (edit_file, write_file, draft_schematic, record_*); kind
 *   `doc` is a document drift compares (BOM.md, PINOUT.md), other Markdown is `other`.
 *   `engineAuthored` is whether a schematic carries copperhead's generator stamp AFTER the change.
 * - `erc` / `drc`: a finished check with its violation count (run_erc / run_drc).
 * - `drift`: a finished drift check with its finding count (check_drift).
 * - `legibility`: a finished legibility check (check_legibility, draft_schematic): error count,
 *   the findings, and whether the sheet is copperhead-authored (absent sheet: `sheetPresent` false).
 * - `changelog`: the CHANGELOG entry for this run was written.
 * - `constraintRevisit`: obligations to revisit items a recorded constraint affects (`open`), and
 *   revisits done (`resolved`).
 * - `finish`: an accepted finish (only the finish tool emits this).
 */
export const mutatedFactSchema = z.object({
  kind: z.enum(["schematic", "board", "doc", "kicad-other", "other"]),
  path: z.string().min(1),
  engineAuthored: z.boolean().optional(),
});

const checkCount = z.object({ violations: z.int().nonnegative() });
const revisit = z.object({ key: z.string().min(1), item: z.string().min(1) });

export const toolFactsSchema = z.object({
  proposalValidated: z.string().min(1).optional(),
  mutated: z.union([mutatedFactSchema, z.array(mutatedFactSchema)]).optional(),
  erc: checkCount.optional(),
  drc: checkCount.optional(),
  drift: z.object({ findings: z.int().nonnegative() }).optional(),
  legibility: z
    .object({
      errors: z.int().nonnegative(),
      findings: z.array(legibilityFindingSchema).default([]),
      sheetPresent: z.boolean().default(true),
      engineAuthored: z.boolean().optional(),
    })
    .optional(),
  changelog: z.literal(true).optional(),
  constraintRevisit: z
    .object({ open: z.array(revisit).default([]), resolved: z.array(revisit).default([]) })
    .optional(),
  finish: z.object({ outcome: z.enum(["done", "refuse"]), summary: z.string() }).optional(),
});

export type MutatedFact = z.infer<typeof mutatedFactSchema>;
export type ToolFacts = z.infer<typeof toolFactsSchema>;
