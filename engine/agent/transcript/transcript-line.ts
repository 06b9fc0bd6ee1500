import { z } from "zod";
import { contentBlockSchema, usageSchema } from "../providers/message.js";

/** One line of `.copperhead/runs/<stage>/<attempt>/transcript.jsonl`. */
export const transcriptLineSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("start"),
    at: z.string(),
    stage: z.string(),
    attempt: z.int(),
    provider: z.string(),
    model: z.string(),
  }),
  z.object({ type: z.literal("prompt"), system: z.string(), prompt: z.string() }),
  z.object({
    type: z.literal("turn"),
    turn: z.int(),
    content: z.array(contentBlockSchema),
    stopReason: z.string(),
    cached: z.boolean(),
  }),
  z.object({ type: z.literal("usage"), turn: z.int(), usage: usageSchema }),
  z.object({
    type: z.literal("tool_call"),
    turn: z.int(),
    id: z.string(),
    name: z.string(),
    input: z.unknown(),
  }),
  z.object({
    type: z.literal("tool_result"),
    turn: z.int(),
    id: z.string(),
    name: z.string(),
    ok: z.boolean(),
    summary: z.string(),
    detail: z.string().optional(),
    errorKind: z.string().optional(),
  }),
  z.object({ type: z.literal("nudge"), turn: z.int(), text: z.string() }),
  z.object({ type: z.literal("end"), exit: z.string(), summary: z.string(), turns: z.int() }),
]);

export type TranscriptLine = z.infer<typeof transcriptLineSchema>;
