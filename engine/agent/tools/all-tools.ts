import type { AgentTool } from "../tool.js";
import { checkDriftTool } from "./check-drift.js";
import { checkLegibilityTool } from "./check-legibility.js";
import { draftSchematicTool } from "./draft-schematic.js";
import { editFileTool } from "./edit-file.js";
import { exportSvgTool } from "./export-svg.js";
import { layoutBoardTool } from "./layout-board.js";
import { listNetsTool } from "./list-nets.js";
import { listSymbolsTool } from "./list-symbols.js";
import { proposeChangeTool } from "./propose-change.js";
import { readFileTool } from "./read-file.js";
import { recordConstraintTool } from "./record-constraint.js";
import { recordDecisionTool } from "./record-decision.js";
import { runDrcTool } from "./run-drc.js";
import { runErcTool } from "./run-erc.js";
import { scoreSchematicTool } from "./score-schematic.js";
import { searchTool } from "./search.js";
import { searchFootprintsTool } from "./search-footprints.js";
import { searchSymbolsTool } from "./search-symbols.js";
import { symbolPinsTool } from "./symbol-pins.js";
import { validateChangeTool } from "./validate-change.js";
import { verifyFootprintsTool } from "./verify-footprints.js";
import { verifySymbolsTool } from "./verify-symbols.js";
import { writeFileTool } from "./write-file.js";

/**
 * Every tool this folder provides, in the order the model sees them: reading and inspection
 * first, then the proposal pair, the checks, and the mutating tools (which the catalog leaves
 * out until a proposal validates). finish is bound to the ledger by the loop.
 */
export const ALL_TOOLS: readonly AgentTool[] = [
  readFileTool,
  searchTool,
  listSymbolsTool,
  listNetsTool,
  searchSymbolsTool,
  symbolPinsTool,
  verifySymbolsTool,
  searchFootprintsTool,
  verifyFootprintsTool,
  proposeChangeTool,
  validateChangeTool,
  runErcTool,
  runDrcTool,
  checkDriftTool,
  checkLegibilityTool,
  scoreSchematicTool,
  exportSvgTool,
  editFileTool,
  writeFileTool,
  recordDecisionTool,
  recordConstraintTool,
  draftSchematicTool,
  layoutBoardTool,
] as AgentTool[];
