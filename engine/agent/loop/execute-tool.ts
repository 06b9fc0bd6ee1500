import { describeError } from "../../errors.js";
import type { AgentTool, ToolContext, ToolResult } from "../tool.js";

/**
 * Runs one tool call. Arguments are zod-validated first; invalid arguments and thrown errors
 * become ordinary results so the model can correct itself and the loop never crashes.
 */
export async function executeTool(
  tool: AgentTool,
  input: unknown,
  context: ToolContext,
): Promise<ToolResult> {
  const parsed = tool.schema.safeParse(input ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (i) => `- ${i.path.join(".") || "(arguments)"}: ${i.message}`,
    );
    return {
      ok: false,
      errorKind: "invalid-arguments",
      summary: `invalid arguments for ${tool.name}`,
      detail: [`invalid arguments for ${tool.name}:`, ...issues].join("\n"),
    };
  }
  try {
    return await tool.run(parsed.data, context);
  } catch (error) {
    const message = describeError(error);
    return {
      ok: false,
      errorKind: "tool-failure",
      summary: `${tool.name} failed: ${message.split("\n")[0]}`,
      detail: `${tool.name} failed unexpectedly: ${message}`,
    };
  }
}

/** What the model reads for a result: the detail, else the summary. */
export function resultText(result: ToolResult): string {
  return result.detail ?? result.summary;
}
