import { appendFile, mkdir, readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";
import { readConfig } from "../../repo/config.js";
import { checkContent } from "./check-content.js";
import { confinePath } from "./confine.js";
import { defineTool } from "./define-tool.js";
import { facts } from "./tool-facts.js";

export const recordDecisionArgs = z.object({
  decision: z.string().min(1).describe("what was decided, in one line"),
  rationale: z.string().min(1).describe("why"),
  affects: z.array(z.string().min(1)).default([]).describe("files, parts or subsystems it affects"),
});

const HEADER = "# Decisions\n\nAppend-only log of design decisions (newest last).\n\n";

/**
 * record_decision: appends one line to docs/DECISIONS.md, tagged with the stage and attempt
 * (no date: files copperhead writes stay byte-stable for the same run; git has the time).
 */
export const recordDecisionTool = defineTool({
  name: "record_decision",
  description:
    "Append a design decision with its rationale (and what it affects) to docs/DECISIONS.md, the append-only decision log.",
  schema: recordDecisionArgs,
  mutating: true,
  async run(args, context) {
    for (const [field, text] of Object.entries({
      decision: args.decision,
      rationale: args.rationale,
      affects: args.affects.join(" "),
    })) {
      checkContent(text, field, context.env);
    }
    const config = await readConfig(context.repo);
    const file = await confinePath(context.repo, `${config.paths.docs}/DECISIONS.md`);
    const existing = await readFile(file.absolute, "utf8").catch(() => undefined);
    const affects =
      args.affects.length > 0 ? ` | affects: ${args.affects.map(flat).join(", ")}` : "";
    const entry = `${flat(args.decision)} | why: ${flat(args.rationale)}${affects}`;
    const line = `- [${context.stage} #${context.attempt}] ${entry}\n`;
    const prefix =
      existing === undefined ? HEADER : existing === "" || existing.endsWith("\n") ? "" : "\n";
    await mkdir(dirname(file.absolute), { recursive: true });
    // Appending (not rewrite + rename) is what an append-only log wants: earlier lines are never rewritten.
    await appendFile(file.absolute, prefix + line, "utf8");
    return {
      ok: true,
      summary: `decision recorded in ${file.relative}`,
      // The model sees the entry without its attempt tag: a resumed run replays earlier turns
      // from the response cache, and a result that names the attempt would miss it.
      detail: `appended to ${file.relative}: ${entry}`,
      facts: facts.mutated(file.relative),
    };
  },
});

function flat(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").trim();
}
