import { readFile } from "node:fs/promises";
import { z } from "zod";
import { parseJson } from "../../json-text.js";
import type { ToolContext } from "../tool.js";
import { atomicWrite } from "./atomic-write.js";
import { checkContent } from "./check-content.js";
import { confinePath } from "./confine.js";
import {
  CONSTRAINTS_PATH,
  type Constraint,
  constraintSchema,
  constraintsFileSchema,
  constraintsText,
} from "./constraints-file.js";
import { defineTool } from "./define-tool.js";
import { ToolError } from "./tool-error.js";
import { facts } from "./tool-facts.js";

// One constraint, or many at once: small models otherwise spend a turn per budget.
export const recordConstraintArgs = z.union([
  z.object({ constraints: z.array(constraintSchema).min(1) }),
  constraintSchema,
]);

/**
 * record_constraint: budgets as machine-readable constraints in .copperhead/constraints.json
 * (re-recording a key replaces it). Each affected item that already exists in the repo opens a
 * revisit obligation; items that do not exist yet are stored and wait for their artifact.
 */
export const recordConstraintTool = defineTool({
  name: "record_constraint",
  description:
    "Record one budget ({key, source, min/max/value/forbidden, unit, affects}) or many ({constraints: [...]}) in .copperhead/constraints.json. Re-recording a key replaces it.",
  schema: recordConstraintArgs,
  mutating: true,
  async run(args, context) {
    const incoming = "constraints" in args ? args.constraints : [args];
    checkContent(JSON.stringify(incoming), "constraints", context.env);
    const keys = incoming.map((c) => c.key);
    const twice = keys.find((k, i) => keys.indexOf(k) !== i);
    if (twice) {
      throw new ToolError(
        "invalid-arguments",
        `constraint ${twice} is given twice in one call`,
        "give each key once",
      );
    }
    const file = await confinePath(context.repo, CONSTRAINTS_PATH);
    const existing = await readExisting(file.absolute);
    const byKey = new Map(existing.map((c) => [c.key, c]));
    for (const c of incoming) byKey.set(c.key, c);
    await atomicWrite(file.absolute, constraintsText([...byKey.values()]));
    const open = await revisits(incoming, context);
    const replaced = incoming.filter((c) => existing.some((e) => e.key === c.key)).length;
    const lines = incoming.map((c) => `- ${c.key}: ${bounds(c)} (source: ${c.source})`);
    if (open.length > 0) {
      lines.push(`revisit: ${open.map((r) => `${r.key} affects ${r.item}`).join("; ")}`);
    }
    return {
      ok: true,
      summary: `recorded ${incoming.length} constraint(s)${replaced ? `, ${replaced} replaced` : ""}`,
      detail: `${CONSTRAINTS_PATH} now holds ${byKey.size} constraint(s):\n${lines.join("\n")}`,
      facts: {
        ...facts.mutated(file.relative),
        ...(open.length > 0 ? facts.constraintRevisit(open) : {}),
      },
    };
  },
});

async function readExisting(path: string): Promise<Constraint[]> {
  const text = await readFile(path, "utf8").catch(() => undefined);
  if (text === undefined) return [];
  let json: unknown;
  try {
    json = parseJson(text);
  } catch {
    json = undefined;
  }
  const parsed = constraintsFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new ToolError(
      "conflict",
      `${CONSTRAINTS_PATH} exists but is not a valid constraints file; nothing was recorded`,
      "fix or remove the file with edit_file, then record the constraints again",
    );
  }
  return parsed.data.constraints;
}

async function revisits(constraints: readonly Constraint[], context: ToolContext) {
  const open: { key: string; item: string }[] = [];
  for (const c of constraints) {
    for (const item of c.affects) {
      // Only paths inside the repo count; a design item ("U1") or an outside path never exists here.
      const exists = await confinePath(context.repo, item).then(
        (f) => f.exists,
        () => false,
      );
      if (exists) open.push({ key: c.key, item });
    }
  }
  return open;
}

function bounds(c: Constraint): string {
  const unit = c.unit ? ` ${c.unit}` : "";
  const parts: string[] = [];
  if (c.min !== undefined) parts.push(`min ${c.min}${unit}`);
  if (c.max !== undefined) parts.push(`max ${c.max}${unit}`);
  if (c.value !== undefined) parts.push(`= ${c.value}${unit}`);
  if (c.forbidden) parts.push(`not ${c.forbidden.join(", ")}`);
  return parts.join(", ");
}
