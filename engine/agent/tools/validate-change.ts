import { stat } from "node:fs/promises";
import { z } from "zod";
import { confinePath } from "./confine.js";
import { defineTool } from "./define-tool.js";
import { validateChange } from "./openspec-cli.js";
import { ToolError } from "./tool-error.js";
import { facts } from "./tool-facts.js";

export const validateChangeArgs = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "a change id is kebab-case")
    .describe("the change id given to propose_change"),
});

/**
 * validate_change: OpenSpec's strict validation of openspec/changes/<id>/. On success it emits
 * the `proposalValidated` fact (what unlocks the editing tools); otherwise it returns OpenSpec's
 * issues, numbered, for the model to fix with another propose_change.
 */
export const validateChangeTool = defineTool({
  name: "validate_change",
  description:
    "Validate the change proposal openspec/changes/<id>/ with OpenSpec (strict). Success unlocks the editing tools; failure lists the issues to fix (re-run propose_change with the same id).",
  schema: validateChangeArgs,
  mutating: false,
  async run(args, context) {
    const dir = await confinePath(context.repo, `openspec/changes/${args.id}`);
    if (!(await stat(dir.absolute).catch(() => undefined))?.isDirectory()) {
      throw new ToolError(
        "not-found",
        `there is no change ${args.id} (openspec/changes/${args.id}/ does not exist)`,
        "write it with propose_change first",
      );
    }
    const result = await validateChange(context.repo, args.id);
    const shown = result.issues.map(
      (i, n) => `  ${n + 1}. [${i.level}]${i.path ? ` ${i.path}:` : ""} ${i.message}`,
    );
    if (result.valid) {
      return {
        ok: true,
        summary: `change ${args.id} validated`,
        detail: [
          `OpenSpec validated change ${args.id} (strict); the editing tools are now available.`,
          ...shown,
        ].join("\n"),
        facts: facts.proposalValidated(args.id),
      };
    }
    return {
      ok: false,
      errorKind: "check-failed",
      summary: `change ${args.id}: validation FAILED (${result.issues.length} issue(s))`,
      detail: [
        `OpenSpec strict validation of ${args.id} failed:`,
        ...shown,
        "Fix them and call propose_change again with the same id, then validate_change.",
      ].join("\n"),
    };
  },
});
