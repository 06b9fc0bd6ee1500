import { z } from "zod";

/**
 * The eight design stages in flow order. Engine and App share these names (and the outcome
 * contract) and nothing else.
 */
export const stageNames = [
  "spec",
  "architecture",
  "parts",
  "schematic",
  "layout",
  "outputs",
  "firmware",
  "devplan",
] as const;

export const stageNameSchema = z.enum(stageNames);

export type StageName = z.infer<typeof stageNameSchema>;
