import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import type { AgentTool, ToolResult } from "../../../../engine/agent/tool.js";

/**
 * Test doubles for the concrete tools (written elsewhere): each reports the facts a real tool
 * would emit, with the outcome (violation counts, findings) taken from its arguments so a
 * script can drive the ledger through any scenario.
 */
function tool<A>(
  name: string,
  schema: z.ZodType<A>,
  mutating: boolean,
  run: (args: A) => ToolResult,
): AgentTool<A> {
  return { name, description: `fake ${name}`, schema, mutating, run: async (args) => run(args) };
}

const finding = (i: number) => ({
  kind: "symbol-overlap",
  severity: "error" as const,
  sheet: "/",
  at: { x: i, y: 0 },
  refs: [`R${i}`, `R${i + 1}`],
  detail: "move apart by 2.54 mm",
});

export function fakeTools(): AgentTool[] {
  return [
    tool("read_file", z.object({ path: z.string() }), false, (a) => ({
      ok: true,
      summary: `read ${a.path}`,
      detail: `contents of ${a.path}`,
    })),
    tool("propose_change", z.object({ id: z.string() }), false, (a) => ({
      ok: true,
      summary: `proposed ${a.id}`,
    })),
    tool("validate_change", z.object({ id: z.string() }), false, (a) => ({
      ok: true,
      summary: `validated ${a.id}`,
      facts: { proposalValidated: a.id },
    })),
    tool(
      "edit_file",
      z.object({
        path: z.string(),
        kind: z.enum(["schematic", "board", "doc", "kicad-other", "other"]),
        engineAuthored: z.boolean().optional(),
      }),
      true,
      (a) => ({
        ok: true,
        summary: `edited ${a.path}`,
        facts: {
          mutated: {
            kind: a.kind,
            path: a.path,
            ...(a.engineAuthored === undefined ? {} : { engineAuthored: a.engineAuthored }),
          },
        },
      }),
    ),
    tool("draft_schematic", z.object({ errors: z.int() }), true, (a) => ({
      ok: true,
      summary: `drafted, ${a.errors} legibility error(s)`,
      facts: {
        mutated: { kind: "schematic", path: "hw/board.kicad_sch", engineAuthored: true },
        legibility: {
          errors: a.errors,
          findings: Array.from({ length: a.errors }, (_, i) => finding(i + 1)),
          engineAuthored: true,
        },
      },
    })),
    tool("run_erc", z.object({ violations: z.int() }), false, (a) => ({
      ok: true,
      summary: a.violations === 0 ? "ERC clean" : `ERC: ${a.violations} violation(s)`,
      facts: { erc: { violations: a.violations } },
    })),
    tool("run_drc", z.object({ violations: z.int() }), false, (a) => ({
      ok: true,
      summary: `DRC: ${a.violations}`,
      facts: { drc: { violations: a.violations } },
    })),
    tool("check_drift", z.object({ findings: z.int() }), false, (a) => ({
      ok: true,
      summary: `drift: ${a.findings}`,
      facts: { drift: { findings: a.findings } },
    })),
    tool(
      "check_legibility",
      z.object({ errors: z.int(), absent: z.boolean().optional() }),
      false,
      (a) =>
        a.absent
          ? {
              ok: true,
              summary: "no schematic is configured",
              facts: { legibility: { errors: 0, findings: [], sheetPresent: false } },
            }
          : {
              ok: true,
              summary: a.errors === 0 ? "no findings" : `${a.errors} finding(s)`,
              detail:
                Array.from(
                  { length: a.errors },
                  (_, i) => `${i + 1}. ${finding(i + 1).detail}`,
                ).join("\n") || "no findings",
              facts: {
                legibility: {
                  errors: a.errors,
                  findings: Array.from({ length: a.errors }, (_, i) => finding(i + 1)),
                },
              },
            },
    ),
    tool("write_changelog", z.object({}), true, () => ({
      ok: true,
      summary: "CHANGELOG entry written",
      facts: { changelog: true },
    })),
    tool("explode", z.object({}), false, () => {
      throw new Error("kaboom");
    }),
  ];
}

export async function tempRepo(): Promise<string> {
  return mkdtemp(join(tmpdir(), "copperhead-agent-"));
}
