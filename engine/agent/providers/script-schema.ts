import { z } from "zod";

/** What a scripted turn asserts about the engine at the moment it is asked for. */
export const scriptExpectSchema = z.strictObject({
  /** Tool names that must be in the catalog the model is shown. */
  catalogIncludes: z.array(z.string()).optional(),
  /** Tool names that must be structurally absent. */
  catalogExcludes: z.array(z.string()).optional(),
  /** Text the previous tool result must contain. */
  lastResultIncludes: z.string().optional(),
  /** Obligation kinds that must be open. */
  obligationsOpen: z.array(z.string()).optional(),
  /** Obligation kinds that must not be open. */
  obligationsClosed: z.array(z.string()).optional(),
});

/**
 * A turn the provider fails instead of answering: `provider` is an API failure after retries
 * (the run ends `provider-error`), `paused` a usage limit (the run ends `paused`).
 */
export const scriptedErrorSchema = z.strictObject({
  kind: z.enum(["provider", "paused"]),
  message: z.string().min(1),
});

export const scriptedTurnSchema = z.strictObject({
  text: z.string().optional(),
  /** Wait this long before answering (the model thinking); an interrupt cuts it short. */
  delayMs: z.int().min(0).max(600_000).optional(),
  error: scriptedErrorSchema.optional(),
  tools: z
    .array(z.strictObject({ name: z.string().min(1), input: z.unknown().default({}) }))
    .default([]),
  expect: scriptExpectSchema.optional(),
});

export const scriptSchema = z.array(scriptedTurnSchema);

export type ScriptExpect = z.infer<typeof scriptExpectSchema>;
export type ScriptedTurn = z.infer<typeof scriptedTurnSchema>;
