import { z } from "zod";
import { legibilityFindingSchema } from "../kicad/legibility/finding.js";
import { violationSchema } from "../kicad/violation.js";
import { evidenceSchema } from "./evidence.js";

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, "a lowercase sha256 hex digest");
const timestamp = z.iso.datetime({ offset: true });

/** A requirement the run opened and did not close (e.g. ERC not rerun after an edit). */
export const obligationSchema = z.object({
  kind: z.string().min(1),
  detail: z.string(),
  /** The file or tool call that opened it. */
  openedBy: z.string(),
});

export const costSchema = z.object({
  wallMs: z.number().nonnegative(),
  turns: z.int().nonnegative(),
  tokensIn: z.int().nonnegative(),
  tokensOut: z.int().nonnegative(),
  cacheHits: z.int().nonnegative(),
});

/**
 * The outcome contract: the file every stage attempt leaves at
 * `.copperhead/runs/<stage>/<attempt>/outcome.json`. The GitHub App reads exactly this.
 */
export const outcomeSchema = z.object({
  schema: z.literal(1),
  stage: z.string().min(1),
  attempt: z.int().min(1),
  verdict: z.enum(["pass", "fail", "blocked"]),
  startedAt: timestamp,
  finishedAt: timestamp,
  /**
   * The commit the attempt started from, whatever the verdict: this file is inside the stage's
   * own commit, which cannot name itself. The stage commit is this commit's child whose
   * trailers carry the attempt's stage and number.
   */
  commit: z.string().regex(/^[0-9a-f]{7,64}$/, "a git commit id"),
  brief: z.object({ path: z.string().min(1), sha256: sha256Hex }),
  evidence: z.array(evidenceSchema),
  obligations: z.array(obligationSchema),
  findings: z.object({
    erc: z.array(violationSchema),
    drc: z.array(violationSchema),
    legibility: z.array(legibilityFindingSchema),
  }),
  score: z.object({ composite: z.number(), cap: z.string().optional() }).optional(),
  artifacts: z.array(z.object({ path: z.string().min(1), sha256: sha256Hex })),
  renders: z.array(z.string()),
  cost: costSchema,
  /** The exact command that resumes the flow from here. */
  resume: z.string(),
  /**
   * Set when the attempt was cut short rather than judged: its run ended at the turn `budget`,
   * or it was `interrupted` (SIGINT/SIGTERM, a step's time limit, or found killed by a later
   * run). Another run can move such a stage on; the App continues a design on it.
   */
  stoppedBy: z.enum(["budget", "interrupted"]).optional(),
  /** On a fail: the stage that should fix it — this stage or one of its upstream providers. */
  fixOwner: z.string().min(1).optional(),
});

export type Outcome = z.infer<typeof outcomeSchema>;
export type Obligation = z.infer<typeof obligationSchema>;
export type Cost = z.infer<typeof costSchema>;
