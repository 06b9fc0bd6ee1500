import { checkCrossGroupWire } from "./families/cross-group-wire.js";
import { checkCrowding } from "./families/crowding.js";
import { checkEmptyTitleBlock } from "./families/empty-title-block.js";
import { checkGroupOverlap } from "./families/group-overlap.js";
import { checkLabelOrientation } from "./families/label-orientation.js";
import { checkLowUtilization } from "./families/low-utilization.js";
import { checkOffGrid } from "./families/off-grid.js";
import { checkOutOfFrame } from "./families/out-of-frame.js";
import { checkSymbolOverlap } from "./families/symbol-overlap.js";
import { checkTextCollision } from "./families/text-collision.js";
import { checkUngroupedSymbol } from "./families/ungrouped-symbol.js";
import { checkUnlabeledGroup } from "./families/unlabeled-group.js";
import { checkWireThroughSymbol } from "./families/wire-through-symbol.js";
import type { FamilyKind } from "./families.js";
import type { FindingDraft } from "./finding-draft.js";
import type { SheetContext } from "./sheet-context.js";

/** The check behind each family. */
export const FAMILY_CHECKS: Record<FamilyKind, (ctx: SheetContext) => FindingDraft[]> = {
  "off-grid": checkOffGrid,
  "symbol-overlap": checkSymbolOverlap,
  "text-collision": checkTextCollision,
  "wire-through-symbol": checkWireThroughSymbol,
  "out-of-frame": checkOutOfFrame,
  "ungrouped-symbol": checkUngroupedSymbol,
  "unlabeled-group": checkUnlabeledGroup,
  "group-overlap": checkGroupOverlap,
  "empty-title-block": checkEmptyTitleBlock,
  "label-orientation": checkLabelOrientation,
  "low-utilization": checkLowUtilization,
  crowding: checkCrowding,
  "cross-group-wire": checkCrossGroupWire,
};

/** Families that need the page (paper, frame, title-block corner) and skip without it. */
export const PAGE_FAMILIES: ReadonlySet<FamilyKind> = new Set(["out-of-frame", "low-utilization"]);
