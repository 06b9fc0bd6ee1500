import { stat } from "node:fs/promises";
import { findRootSheet } from "../../kicad/cli/root-sheet.js";
import {
  loadSchematicHierarchy,
  type SchematicHierarchy,
} from "../../kicad/schematic/hierarchy.js";
import { type CopperheadConfig, readConfig } from "../../repo/config.js";
import type { ToolContext, ToolResult } from "../tool.js";
import { type ConfinedPath, confinePath } from "./confine.js";
import { ToolError } from "./tool-error.js";

export type DesignKind = "schematic" | "board";

/**
 * The repo's configured schematic or board (`.copperhead/config.json` paths), confined to the
 * repo; undefined when the config names none. A configured file that is missing is a
 * not-found ToolError: the config promises it.
 */
export async function configuredFile(
  context: ToolContext,
  kind: DesignKind,
  config?: CopperheadConfig,
): Promise<ConfinedPath | undefined> {
  const settings = config ?? (await readConfig(context.repo));
  const path = settings.paths[kind];
  if (!path) return undefined;
  const file = await confinePath(context.repo, path);
  if (!(await stat(file.absolute).catch(() => undefined))?.isFile()) {
    throw new ToolError(
      "not-found",
      `the configured ${kind} ${file.relative} does not exist`,
      `create it, or correct paths.${kind} in .copperhead/config.json`,
    );
  }
  return file;
}

/** The configured schematic's whole hierarchy (from its root sheet), or undefined when none is configured. */
export async function configuredHierarchy(
  context: ToolContext,
  config?: CopperheadConfig,
): Promise<{ file: ConfinedPath; hierarchy: SchematicHierarchy } | undefined> {
  const file = await configuredFile(context, "schematic", config);
  if (!file) return undefined;
  const root = await findRootSheet(file.absolute);
  return { file, hierarchy: await loadSchematicHierarchy(root) };
}

/** The answer of a schematic tool in a repo without a schematic: not an error, the run goes on. */
export function noDesignResult(tool: string, kind: DesignKind): ToolResult {
  return {
    ok: true,
    summary: `${tool}: no ${kind} configured`,
    detail: `no ${kind} is configured (paths.${kind} in .copperhead/config.json is empty), so ${tool} has nothing to check yet.`,
  };
}
