import type { z } from "zod";
import { CopperheadError, describeError } from "../../errors.js";
import { describeIssues } from "../../zod-issues.js";
import type { AgentTool, ToolContext, ToolResult } from "../tool.js";
import { ToolError } from "./tool-error.js";

interface ToolSpec<S extends z.ZodType> {
  name: string;
  description: string;
  schema: S;
  mutating: boolean;
  run(args: z.output<S>, context: ToolContext): Promise<ToolResult>;
}

/**
 * Builds an AgentTool whose `run` never throws: arguments are re-parsed with the schema (the
 * loop may hand over raw model JSON), a ToolError becomes a result of its kind, and anything
 * else becomes a `tool-failure` naming the message, so one broken tool cannot end the run.
 */
export function defineTool<S extends z.ZodType>(spec: ToolSpec<S>): AgentTool<z.input<S>> {
  return {
    name: spec.name,
    description: spec.description,
    // Typed by its input: the loop may hand over the model's raw JSON, which run() re-parses.
    schema: spec.schema as unknown as z.ZodType<z.input<S>>,
    mutating: spec.mutating,
    async run(args, context) {
      const parsed = spec.schema.safeParse(args);
      if (!parsed.success) {
        const issues = describeIssues(parsed.error, { top: "(arguments)" });
        return {
          ok: false,
          errorKind: "invalid-arguments",
          summary: `${spec.name}: invalid arguments`,
          detail: `invalid arguments for ${spec.name}: ${issues}. Fix them and call again.`,
        };
      }
      try {
        return await spec.run(parsed.data, context);
      } catch (error) {
        return failureResult(spec.name, error);
      }
    },
  };
}

/** A thrown error as a ToolResult (ToolError keeps its kind; everything else is tool-failure). */
export function failureResult(tool: string, error: unknown): ToolResult {
  const kind = error instanceof ToolError ? error.kind : "tool-failure";
  const summary = error instanceof CopperheadError ? firstLine(error.message) : `${tool} failed`;
  return {
    ok: false,
    errorKind: kind,
    summary: `${tool}: ${summary}`,
    detail: describeError(error),
  };
}

function firstLine(text: string): string {
  const line = text.split("\n", 1)[0] ?? "";
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
}
