import { CopperheadError } from "../../errors.js";
import type { AgentTool } from "../tool.js";
import { ALL_TOOLS } from "./all-tools.js";

/**
 * What a stage declaration's `tools` may name: families of tools, resolved by tool NAME so a
 * family can be declared before its tool lands (a test fails while any named tool is missing
 * from ALL_TOOLS). `finish` is not here: the loop binds it to the ledger for every run.
 */
export const TOOL_FAMILIES = {
  /** Reading, the proposal pair (edit tools unlock when it validates), writing, the decision log. */
  files: [
    "read_file",
    "search",
    "propose_change",
    "validate_change",
    "edit_file",
    "write_file",
    "record_decision",
  ],
  /** KiCad's symbol and footprint libraries: find parts and check the ones chosen. */
  library: [
    "search_symbols",
    "symbol_pins",
    "verify_symbols",
    "search_footprints",
    "verify_footprints",
  ],
  /** The design's parts and connections as drawn: what the intent became. */
  intent: ["list_symbols", "list_nets"],
  draft: ["draft_schematic"],
  erc: ["run_erc"],
  drc: ["run_drc"],
  legibility: ["check_legibility", "score_schematic"],
  drift: ["check_drift"],
  /** Place the board (opens the DRC obligation), then check it (clears it). */
  layout: ["layout_board", "run_drc"],
  export: ["export_svg"],
  constraints: ["record_constraint"],
} as const satisfies Record<string, readonly string[]>;

export type ToolFamily = keyof typeof TOOL_FAMILIES;

export const toolFamilyNames: readonly ToolFamily[] = Object.freeze(
  Object.keys(TOOL_FAMILIES) as ToolFamily[],
);

/** A stage names a tool family that does not exist, or a family names a missing tool. */
export class ToolFamilyError extends CopperheadError {}

export function isToolFamily(name: string): name is ToolFamily {
  return Object.hasOwn(TOOL_FAMILIES, name);
}

/**
 * The tools of `families`, each once, in ALL_TOOLS order (the order the model sees them).
 * An unknown family, or a family naming a tool that is not registered, is an error: a stage
 * must never run with less than it was declared to have.
 */
export function resolveToolFamilies(
  families: readonly string[],
  registry: readonly AgentTool[] = ALL_TOOLS,
): AgentTool[] {
  const wanted = new Set<string>();
  for (const family of families) {
    if (!isToolFamily(family)) {
      throw new ToolFamilyError(
        `unknown tool family '${family}'`,
        `name families from: ${toolFamilyNames.join(", ")}`,
      );
    }
    for (const tool of TOOL_FAMILIES[family]) wanted.add(tool);
  }
  const byName = new Map(registry.map((t) => [t.name, t]));
  const missing = [...wanted].filter((name) => !byName.has(name));
  if (missing.length > 0) {
    throw new ToolFamilyError(
      `tool family member(s) not registered: ${missing.join(", ")}`,
      "register the tool in engine/agent/tools/all-tools.ts or drop it from engine/agent/tools/families.ts",
    );
  }
  return registry.filter((t) => wanted.has(t.name));
}
