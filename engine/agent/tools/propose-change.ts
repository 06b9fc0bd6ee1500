import { rm } from "node:fs/promises";
import { z } from "zod";
import type { ToolContext } from "../tool.js";
import { atomicWrite } from "./atomic-write.js";
import { checkContent } from "./check-content.js";
import { confinePath } from "./confine.js";
import { defineTool } from "./define-tool.js";

const kebab = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "use lower-case kebab-case, e.g. add-power-led");

const scenarioSchema = z.object({
  name: z.string().min(1),
  when: z.string().min(1).describe("the situation"),
  outcome: z.string().min(1).describe("what then happens (written as the THEN line)"),
});

const requirementSchema = z.object({
  capability: kebab.describe("the capability the requirement belongs to, e.g. power-indicator"),
  operation: z.enum(["ADDED", "MODIFIED"]).default("ADDED"),
  name: z.string().min(1).describe("short requirement title"),
  text: z
    .string()
    .min(1)
    .refine(
      (t) => /\b(SHALL|MUST)\b/.test(t),
      "a requirement must say SHALL or MUST (OpenSpec strict mode)",
    )
    .describe("the requirement statement, with SHALL or MUST"),
  scenarios: z.array(scenarioSchema).min(1).describe("at least one WHEN/THEN scenario"),
});

export const proposeChangeArgs = z
  .object({
    id: kebab.describe("change id (kebab-case); proposing the same id again rewrites it"),
    why: z
      .string()
      .min(50, "why must be at least 50 characters (OpenSpec strict mode)")
      .max(1000, "why must be at most 1000 characters (OpenSpec)")
      .describe("why the change is needed (50-1000 characters)"),
    what_changes: z.array(z.string().min(1)).min(1).describe("one bullet per change"),
    tasks: z.array(z.string().min(1)).min(1).describe("the implementation steps, in order"),
    requirements: z
      .array(requirementSchema)
      .default([])
      .describe("spec deltas; required unless no_spec_changes is true"),
    no_spec_changes: z
      .boolean()
      .default(false)
      .describe("true for changes with no behaviour to specify (docs-only, tooling)"),
  })
  .refine((a) => a.no_spec_changes || a.requirements.length > 0, {
    message: "give at least one requirement, or set no_spec_changes: true",
    path: ["requirements"],
  });

export type ProposeChangeArgs = z.output<typeof proposeChangeArgs>;

/**
 * propose_change: writes an OpenSpec change from structured arguments, every file OpenSpec's
 * strict validation needs (proposal.md, tasks.md, and the spec deltas or the skip_specs marker),
 * so a well-formed call CAN validate — the prior tool could not write deltas and deadlocked.
 */
export const proposeChangeTool = defineTool({
  name: "propose_change",
  description:
    "Write an OpenSpec change proposal under openspec/changes/<id>/ (proposal.md, tasks.md, specs/<capability>/spec.md). Give why, what_changes, tasks and requirements (each with SHALL/MUST and scenarios of when/outcome), or no_spec_changes: true for changes with no behaviour to specify. Then call validate_change.",
  schema: proposeChangeArgs,
  mutating: false,
  async run(args, context) {
    for (const [field, text] of Object.entries(proposalTexts(args)))
      checkContent(text, field, context.env);
    const written = await writeProposal(args, context);
    return {
      ok: true,
      summary: `proposed ${args.id} (${written.length} files)`,
      detail: `wrote ${written.join(", ")}. Call validate_change with id "${args.id}" next.`,
    };
  },
});

async function writeProposal(args: ProposeChangeArgs, context: ToolContext): Promise<string[]> {
  const base = `openspec/changes/${args.id}`;
  const dir = await confinePath(context.repo, base);
  // A re-proposal replaces the change as a whole: stale deltas from the last try must not linger.
  await rm(dir.absolute, { recursive: true, force: true });
  const files = new Map<string, string>();
  files.set(`${base}/proposal.md`, proposalMarkdown(args));
  files.set(`${base}/tasks.md`, tasksMarkdown(args.tasks));
  if (args.no_spec_changes)
    files.set(`${base}/.openspec.yaml`, "schema: spec-driven\nskip_specs: true\n");
  for (const [capability, markdown] of specDeltas(args)) {
    files.set(`${base}/specs/${capability}/spec.md`, markdown);
  }
  for (const [path, text] of files) {
    const target = await confinePath(context.repo, path);
    await atomicWrite(target.absolute, text);
  }
  return [...files.keys()];
}

function proposalMarkdown(args: ProposeChangeArgs): string {
  const bullets = args.what_changes.map((c) => `- ${oneLine(c)}`).join("\n");
  return `# Proposal: ${args.id}\n\n## Why\n${args.why.trim()}\n\n## What Changes\n${bullets}\n`;
}

function tasksMarkdown(tasks: readonly string[]): string {
  return `## 1. Implementation\n${tasks.map((t, i) => `- [ ] 1.${i + 1} ${oneLine(t)}`).join("\n")}\n`;
}

function specDeltas(args: ProposeChangeArgs): Map<string, string> {
  const byCapability = new Map<string, ProposeChangeArgs["requirements"]>();
  for (const r of args.requirements) {
    byCapability.set(r.capability, [...(byCapability.get(r.capability) ?? []), r]);
  }
  const out = new Map<string, string>();
  for (const [capability, requirements] of byCapability) {
    const sections: string[] = [];
    for (const operation of ["ADDED", "MODIFIED"] as const) {
      const chosen = requirements.filter((r) => r.operation === operation);
      if (chosen.length === 0) continue;
      const body = chosen.map((r) => {
        const scenarios = r.scenarios
          .map(
            (s) =>
              `#### Scenario: ${oneLine(s.name)}\n- **WHEN** ${oneLine(s.when)}\n- **THEN** ${oneLine(s.outcome)}`,
          )
          .join("\n\n");
        return `### Requirement: ${oneLine(r.name)}\n${r.text.trim()}\n\n${scenarios}`;
      });
      sections.push(`## ${operation} Requirements\n\n${body.join("\n\n")}`);
    }
    out.set(capability, `${sections.join("\n\n")}\n`);
  }
  return out;
}

// Headings and bullets are line-based in OpenSpec's parser: a newline inside one would split it.
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").trim();
}

function proposalTexts(args: ProposeChangeArgs): Record<string, string> {
  return {
    why: args.why,
    what_changes: args.what_changes.join("\n"),
    tasks: args.tasks.join("\n"),
    requirements: JSON.stringify(args.requirements),
  };
}
