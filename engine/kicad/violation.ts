import { z } from "zod";

/**
 * One ERC or DRC violation as copperhead reports it, after correcting kicad-cli's quirks
 * (ERC positions ×100) and adding our own annotation findings. Positions are sheet/board mm.
 */
export const violationItemSchema = z.object({
  description: z.string(),
  pos: z.object({ x: z.number(), y: z.number() }).optional(),
  uuid: z.string().optional(),
});

export const violationSchema = z.object({
  /** kicad-cli's rule key (`pin_not_connected`, `shorting_items`, …) or ours (`unannotated`). */
  type: z.string(),
  severity: z.enum(["error", "warning", "exclusion", "info"]),
  description: z.string(),
  /** Schematic: the sheet path (`/`, `/power/`); board: absent. */
  sheet: z.string().optional(),
  items: z.array(violationItemSchema),
  excluded: z.boolean().optional(),
  /** Who found it: kicad-cli, or copperhead's own check where kicad-cli is blind. */
  source: z.enum(["kicad-cli", "copperhead"]).default("kicad-cli"),
});

export type ViolationItem = z.infer<typeof violationItemSchema>;
export type Violation = z.infer<typeof violationSchema>;
