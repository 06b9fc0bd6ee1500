import { z } from "zod";
import type { AgentTool, ToolResult } from "../tool.js";
import { describeUnmet } from "./describe-unmet.js";
import type { Ledger } from "./ledger.js";

export const finishArgsSchema = z.object({
  outcome: z
    .enum(["done", "refuse"])
    .describe("done: the request is complete; refuse: it cannot or should not be done"),
  summary: z
    .string()
    .min(1)
    .describe("What was done (or why it was refused), for the commit and the report"),
});

/**
 * `finish`: ends the run. `refuse` is always accepted. `done` is accepted only when the ledger
 * has no blocking obligation; otherwise the unmet list comes back as an ordinary tool result and
 * the loop continues, so the model reads it and goes back to work.
 */
export function createFinishTool(ledger: Ledger): AgentTool<z.infer<typeof finishArgsSchema>> {
  return {
    name: "finish",
    description:
      "End the run. outcome done succeeds only when every verification obligation is met (ERC/DRC/drift/legibility after edits); otherwise it lists what is left.",
    schema: finishArgsSchema,
    mutating: false,
    async run(args): Promise<ToolResult> {
      if (args.outcome === "refuse") {
        return {
          ok: true,
          summary: "refused",
          detail: "run ends as refused",
          facts: { finish: args },
        };
      }
      const unmet = ledger.blocking;
      if (unmet.length > 0) {
        return {
          ok: false,
          errorKind: "check-failed",
          summary: `cannot finish yet: ${unmet.length} obligation(s) open`,
          detail: describeUnmet(unmet),
        };
      }
      return {
        ok: true,
        summary: "all gates satisfied",
        detail: "all gates satisfied; run will commit",
        facts: { finish: args },
      };
    },
  };
}
