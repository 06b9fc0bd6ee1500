import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toolDefinition, toolDefinitions, visibleTools } from "../../../engine/agent/catalog.js";
import { Ledger } from "../../../engine/agent/ledger/ledger.js";
import type { AgentTool } from "../../../engine/agent/tool.js";
import { ALL_TOOLS } from "../../../engine/agent/tools/all-tools.js";

const EDIT_TOOLS = [
  "edit_file",
  "write_file",
  "record_decision",
  "record_constraint",
  "draft_schematic",
  "layout_board",
];
const names = (tools: readonly AgentTool[]) => tools.map((t) => t.name);
const fresh = () => new Ledger({ origin: "create", sheet: { present: false } });

describe("spec gating over the real tools", () => {
  it("before a proposal validates, every editing tool — draft_schematic included — is absent and every other tool is shown", () => {
    const shown = names(visibleTools(ALL_TOOLS, fresh()));
    for (const name of EDIT_TOOLS) expect(shown, name).not.toContain(name);
    expect(shown).toEqual(names(ALL_TOOLS).filter((n) => !EDIT_TOOLS.includes(n)));
    expect(shown.length).toBe(ALL_TOOLS.length - EDIT_TOOLS.length);
  });

  it("after validate_change reports a proposal, every tool is shown, in ALL_TOOLS order", () => {
    const ledger = fresh();
    ledger.apply("validate_change", { proposalValidated: "add-led" });
    expect(names(visibleTools(ALL_TOOLS, ledger))).toEqual(names(ALL_TOOLS));
  });

  it("a proposal that did not validate (propose_change alone) unlocks nothing", () => {
    const ledger = fresh();
    ledger.apply("propose_change", {});
    expect(names(visibleTools(ALL_TOOLS, ledger))).not.toContain("draft_schematic");
  });
});

describe("tool definitions for providers", () => {
  it("carry the name, the description and the input JSON Schema without the $schema key", () => {
    const tool: AgentTool<{ path: string; limit: number }> = {
      name: "probe",
      description: "a probe tool",
      schema: z.object({ path: z.string().describe("where"), limit: z.int().default(3) }),
      mutating: false,
      run: async () => ({ ok: true, summary: "" }),
    };
    const definition = toolDefinition(tool as AgentTool);
    expect(definition).toEqual({
      name: "probe",
      description: "a probe tool",
      inputSchema: {
        type: "object",
        properties: {
          path: { type: "string", description: "where" },
          limit: {
            type: "integer",
            default: 3,
            minimum: expect.any(Number),
            maximum: expect.any(Number),
          },
        },
        // io "input": a defaulted field is optional for the model.
        required: ["path"],
      },
    });
    expect(toolDefinitions([tool as AgentTool, tool as AgentTool])).toEqual([
      definition,
      definition,
    ]);
  });

  it("a schema zod cannot express in JSON Schema still converts (as 'any') instead of throwing", () => {
    const tool = {
      name: "odd",
      description: "odd",
      schema: z.object({ when: z.date() }),
      mutating: false,
      run: async () => ({ ok: true, summary: "" }),
    } as AgentTool;
    expect(toolDefinition(tool).inputSchema).toMatchObject({ type: "object", required: ["when"] });
  });
});
