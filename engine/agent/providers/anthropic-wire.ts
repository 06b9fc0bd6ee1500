import type Anthropic from "@anthropic-ai/sdk";
import { z } from "zod";
import { describeIssues } from "../../zod-issues.js";
import type { Message, Turn } from "./message.js";
import type { TurnRequest } from "./provider.js";
import { ProviderError } from "./provider-errors.js";

type Wire = Anthropic.Messages.MessageCreateParamsNonStreaming;
const EPHEMERAL = { type: "ephemeral" } as const;

function toWireMessage(message: Message): Anthropic.Messages.MessageParam {
  const content: Anthropic.Messages.ContentBlockParam[] = message.content.map((block) => {
    if (block.type === "text") return { type: "text", text: block.text };
    if (block.type === "tool_use") {
      return { type: "tool_use", id: block.id, name: block.name, input: block.input ?? {} };
    }
    return {
      type: "tool_result",
      tool_use_id: block.toolUseId,
      content: block.content,
      is_error: block.isError,
    };
  });
  return { role: message.role, content };
}

/**
 * The Messages API request for one turn. Three cache breakpoints: the system prompt, the last
 * tool definition (caches the whole catalog prefix) and the newest message (so each turn reads
 * the previous turn's prefix from the prompt cache instead of paying for it again).
 */
export function toWireRequest(request: TurnRequest, model: string, maxTokens: number): Wire {
  const tools: Anthropic.Messages.Tool[] = request.tools.map((tool, i) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputSchema as Anthropic.Messages.Tool.InputSchema,
    ...(i === request.tools.length - 1 ? { cache_control: EPHEMERAL } : {}),
  }));
  const messages = request.messages.map(toWireMessage);
  const last = messages.at(-1);
  if (last && Array.isArray(last.content) && last.content.length > 0) {
    const blocks = last.content;
    const tail = blocks[blocks.length - 1];
    if (tail && tail.type !== "thinking" && tail.type !== "redacted_thinking") {
      blocks[blocks.length - 1] = { ...tail, cache_control: EPHEMERAL } as typeof tail;
    }
  }
  return {
    model,
    max_tokens: maxTokens,
    system: [{ type: "text", text: request.system, cache_control: EPHEMERAL }],
    ...(tools.length > 0 ? { tools } : {}),
    messages,
  };
}

// The part of a Messages API response copperhead reads, checked before it is trusted: a proxy
// or a changed API answering something else must be a clear error, not "content is not iterable".
const wireResponseSchema = z.looseObject({
  content: z.array(
    z.union([
      z.looseObject({ type: z.literal("text"), text: z.string() }),
      z.looseObject({
        type: z.literal("tool_use"),
        id: z.string(),
        name: z.string(),
        input: z.unknown(),
      }),
      // Block kinds we do not use (thinking, server tools…) are dropped below.
      z.looseObject({ type: z.string() }),
    ]),
  ),
  stop_reason: z.string().nullish(),
  usage: z.looseObject({
    input_tokens: z.number(),
    output_tokens: z.number(),
    cache_read_input_tokens: z.number().nullish(),
    cache_creation_input_tokens: z.number().nullish(),
  }),
});

/**
 * The neutral turn from a Messages API response; block kinds we do not use are dropped. A
 * response of another shape is a ProviderError naming what is wrong.
 */
export function fromWireResponse(response: unknown): Turn {
  const parsed = wireResponseSchema.safeParse(response);
  if (!parsed.success) {
    const issues = describeIssues(parsed.error, { top: "(the response)", limit: 3 });
    throw new ProviderError(
      `the Anthropic API answered with something that is not a Messages API response (${issues})`,
      "check ANTHROPIC_BASE_URL (unset it for api.anthropic.com) or the proxy in between; if the API changed, update copperhead",
    );
  }
  const content: Turn["content"] = [];
  for (const block of parsed.data.content) {
    if (block.type === "text" && "text" in block)
      content.push({ type: "text", text: block.text as string });
    else if (block.type === "tool_use" && "id" in block) {
      const use = block as { id: string; name: string; input: unknown };
      content.push({ type: "tool_use", id: use.id, name: use.name, input: use.input });
    }
  }
  const usage = parsed.data.usage;
  return {
    content,
    stopReason: parsed.data.stop_reason ?? "unknown",
    usage: {
      input: usage.input_tokens,
      output: usage.output_tokens,
      cacheRead: usage.cache_read_input_tokens ?? 0,
      cacheWrite: usage.cache_creation_input_tokens ?? 0,
    },
    cached: false,
  };
}
