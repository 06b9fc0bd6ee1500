import { CopperheadError } from "../../errors.js";
import type { ToolErrorKind } from "../tool.js";

/**
 * A refusal or failure a tool's helpers raise on purpose; `defineTool` turns it into a
 * ToolResult of the same kind, so helpers can stay straight-line code.
 */
export class ToolError extends CopperheadError {
  readonly kind: ToolErrorKind;

  constructor(kind: ToolErrorKind, message: string, fix: string) {
    super(message, fix);
    this.kind = kind;
  }
}
