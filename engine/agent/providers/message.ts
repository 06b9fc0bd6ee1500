import { z } from "zod";

/**
 * The provider-neutral conversation: what the loop keeps, what the cache keys on and what the
 * transcript records. Providers translate to and from their own wire shapes at the edge.
 */
export const textBlockSchema = z.object({ type: z.literal("text"), text: z.string() });

export const toolUseBlockSchema = z.object({
  type: z.literal("tool_use"),
  id: z.string().min(1),
  name: z.string().min(1),
  input: z.unknown(),
});

export const toolResultBlockSchema = z.object({
  type: z.literal("tool_result"),
  toolUseId: z.string().min(1),
  content: z.string(),
  isError: z.boolean().default(false),
});

export const contentBlockSchema = z.discriminatedUnion("type", [
  textBlockSchema,
  toolUseBlockSchema,
  toolResultBlockSchema,
]);

export const messageSchema = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.array(contentBlockSchema),
});

export const usageSchema = z.object({
  input: z.int().nonnegative(),
  output: z.int().nonnegative(),
  cacheRead: z.int().nonnegative(),
  cacheWrite: z.int().nonnegative(),
});

/** One assistant turn as the provider returned it. */
export const turnSchema = z.object({
  content: z.array(z.discriminatedUnion("type", [textBlockSchema, toolUseBlockSchema])),
  stopReason: z.string(),
  usage: usageSchema,
  /** True when the response cache replayed this turn instead of asking the provider. */
  cached: z.boolean().default(false),
});

export type TextBlock = z.infer<typeof textBlockSchema>;
export type ToolUseBlock = z.infer<typeof toolUseBlockSchema>;
export type ToolResultBlock = z.infer<typeof toolResultBlockSchema>;
export type ContentBlock = z.infer<typeof contentBlockSchema>;
export type Message = z.infer<typeof messageSchema>;
export type Usage = z.infer<typeof usageSchema>;
export type Turn = z.infer<typeof turnSchema>;

export const ZERO_USAGE: Usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };

/** The tool_use blocks of a turn, in order. */
export function toolUses(turn: Pick<Turn, "content">): ToolUseBlock[] {
  return turn.content.filter((b): b is ToolUseBlock => b.type === "tool_use");
}

/** The turn's text, blocks joined by blank lines. */
export function turnText(turn: Pick<Turn, "content">): string {
  return turn.content
    .filter((b): b is TextBlock => b.type === "text")
    .map((b) => b.text)
    .join("\n\n");
}
