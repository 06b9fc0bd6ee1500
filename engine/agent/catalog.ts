import { z } from "zod";
import type { Ledger } from "./ledger/ledger.js";
import type { ToolDefinition } from "./providers/provider.js";
import type { AgentTool } from "./tool.js";

/**
 * The tools the model is shown this turn. Mutating tools are structurally absent until the
 * ledger records a validated proposal — not listed-but-refusing (seed 001: that trade was
 * made once and reverted).
 */
export function visibleTools(tools: readonly AgentTool[], ledger: Ledger): AgentTool[] {
  return tools.filter((tool) => !tool.mutating || ledger.editsUnlocked);
}

/** A tool's definition for providers; the JSON Schema comes from the same zod schema `run` trusts. */
export function toolDefinition(tool: AgentTool): ToolDefinition {
  const { $schema: _ignored, ...inputSchema } = z.toJSONSchema(tool.schema, {
    io: "input",
    unrepresentable: "any",
  }) as Record<string, unknown>;
  return { name: tool.name, description: tool.description, inputSchema };
}

export function toolDefinitions(tools: readonly AgentTool[]): ToolDefinition[] {
  return tools.map(toolDefinition);
}
