import { createHash } from "node:crypto";
import type { TurnRequest } from "../providers/provider.js";

/**
 * The response-cache key: sha256 over provider, model, system prompt, the FULL tool schemas and
 * the whole message history. Tool schemas are in the key because a schema change must not replay
 * answers recorded against the old contract (prior-art §7.7).
 */
export function cacheKey(provider: string, model: string, request: TurnRequest): string {
  const canonical = JSON.stringify({
    provider,
    model,
    system: request.system,
    tools: request.tools.map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: t.inputSchema,
    })),
    messages: request.messages,
  });
  return createHash("sha256").update(canonical).digest("hex");
}
