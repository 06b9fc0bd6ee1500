import type Anthropic from "@anthropic-ai/sdk";
import type { Message, Turn } from "./message.js";
import type { TurnRequest } from "./provider.js";

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

/** The neutral turn from a Messages API response; block kinds we do not use are dropped. */
export function fromWireResponse(response: Anthropic.Messages.Message): Turn {
  const content: Turn["content"] = [];
  for (const block of response.content) {
    if (block.type === "text") content.push({ type: "text", text: block.text });
    else if (block.type === "tool_use") {
      content.push({ type: "tool_use", id: block.id, name: block.name, input: block.input });
    }
  }
  const usage = response.usage;
  return {
    content,
    stopReason: response.stop_reason ?? "unknown",
    usage: {
      input: usage.input_tokens,
      output: usage.output_tokens,
      cacheRead: usage.cache_read_input_tokens ?? 0,
      cacheWrite: usage.cache_creation_input_tokens ?? 0,
    },
    cached: false,
  };
}
