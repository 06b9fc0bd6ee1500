import { z } from "zod";
import { obligationSchema } from "../../flow/outcome.js";

/**
 * The ledger as data: what `finish` judges and what the stage gate re-checks after the run
 * (written next to the transcript, so both read the same state).
 */
export const ledgerStateSchema = z.object({
  origin: z.string().optional(),
  sheet: z.object({ present: z.boolean(), engineAuthored: z.boolean().optional() }),
  validatedProposal: z.string().optional(),
  obligations: z.array(obligationSchema),
  /** Legibility errors reported on a sheet the gate does not cover: information, not obligation. */
  advisories: z.array(z.string()),
});

export type LedgerState = z.infer<typeof ledgerStateSchema>;
