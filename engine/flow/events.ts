import { z } from "zod";
import { evidenceSchema } from "./evidence.js";
import { costSchema, obligationSchema } from "./outcome.js";

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * Pattern → fingerprint of what it matched (null: nothing matched). Patterns are the stage
 * declaration's, so a changed entry names the input or output that changed.
 */
export const fingerprintsSchema = z.record(z.string(), sha256Hex.nullable());

const base = {
  /** Unique per event: union-merged duplicates collapse on it. */
  id: z.string().min(8).max(64),
  /** When it happened; the log is ordered by it (file order breaks ties). */
  at: z.iso.datetime({ offset: true }),
  stage: z.string().min(1),
};

/** A failure this dispatch is meant to fix (rework routed to the dispatched stage). */
export const reworkItemSchema = z.object({
  stage: z.string().min(1),
  attempt: z.int().min(1),
  /** Id of the failed outcome (or blocked) event. */
  event: z.string().min(8),
  failedChecks: z.array(z.string()),
});

export const dispatchEventSchema = z.object({
  ...base,
  type: z.literal("dispatch"),
  attempt: z.int().min(1),
  inputs: fingerprintsSchema,
  rework: z.array(reworkItemSchema).default([]),
});

export const outcomeEventSchema = z.object({
  ...base,
  type: z.literal("outcome"),
  attempt: z.int().min(1),
  verdict: z.enum(["pass", "fail"]),
  /** Input fingerprints the proof rests on (those recorded at dispatch, or at adoption). */
  inputs: fingerprintsSchema,
  /** Output fingerprints when the result was reaped. */
  outputs: fingerprintsSchema,
  evidence: z.array(evidenceSchema),
  obligations: z.array(obligationSchema).default([]),
  findings: z
    .object({ erc: z.int().min(0), drc: z.int().min(0), legibility: z.int().min(0) })
    .default({ erc: 0, drc: 0, legibility: 0 }),
  cost: costSchema.optional(),
  fixOwner: z.string().min(1).optional(),
  /** A pass recorded because the gate already held on files a person wrote. */
  adopted: z.boolean().default(false),
  commit: z.string().optional(),
});

export const blockedEventSchema = z.object({
  ...base,
  type: z.literal("blocked"),
  attempt: z.int().min(1),
  /** Why no pass/fail could be established (missing or invalid outcome.json, …). */
  reason: z.string().min(1),
  inputs: fingerprintsSchema,
  outputs: fingerprintsSchema,
});

export const signoffEventSchema = z.object({
  ...base,
  type: z.literal("signoff"),
  /** Id of the outcome event accepted; the signoff lapses when that proof stops being valid. */
  outcome: z.string().min(8),
  reason: z.string().min(1),
  provenance: z.object({ by: z.string().min(1), via: z.string().min(1) }),
});

export const flowEventSchema = z.discriminatedUnion("type", [
  dispatchEventSchema,
  outcomeEventSchema,
  blockedEventSchema,
  signoffEventSchema,
]);

export type Fingerprints = z.infer<typeof fingerprintsSchema>;
export type ReworkItem = z.infer<typeof reworkItemSchema>;
export type DispatchEvent = z.infer<typeof dispatchEventSchema>;
export type OutcomeEvent = z.infer<typeof outcomeEventSchema>;
export type BlockedEvent = z.infer<typeof blockedEventSchema>;
export type SignoffEvent = z.infer<typeof signoffEventSchema>;
export type FlowEvent = z.infer<typeof flowEventSchema>;
/** An event before the log stamps it with id and time (defaults not yet applied). */
export type FlowEventInput =
  z.input<typeof flowEventSchema> extends infer E
    ? E extends unknown
      ? Omit<E, "id" | "at">
      : never
    : never;
