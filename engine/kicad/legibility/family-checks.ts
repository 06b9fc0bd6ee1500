import { checkCrossGroupWire } from "./families/cross-group-wire.js";
import { checkCrowding } from "./families/crowding.js";
import { checkEmptyTitleBlock } from "./families/empty-title-block.js";
import { checkGroupOverlap } from "./families/group-overlap.js";
import { checkLabelOrientation } from "./families/label-orientation.js";
import {
  checkAutoNamedLabel,
  checkDuplicateLabel,
  checkLabelLeadsNowhere,
} from "./families/label-use.js";
import { checkLowUtilization } from "./families/low-utilization.js";
import { checkOffGrid } from "./families/off-grid.js";
import { checkOutOfFrame } from "./families/out-of-frame.js";
import { checkPowerOrientation } from "./families/power-orientation.js";
import { checkSameNetCrossing } from "./families/same-net-crossing.js";
import { checkSymbolOverlap } from "./families/symbol-overlap.js";
import { checkTextCollision } from "./families/text-collision.js";
import { checkTextTouching } from "./families/text-touching.js";
import { checkUngroupedSymbol } from "./families/ungrouped-symbol.js";
import { checkUnlabeledGroup } from "./families/unlabeled-group.js";
import { checkWireHugging } from "./families/wire-hugging.js";
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
  "text-touching": checkTextTouching,
  "power-orientation": checkPowerOrientation,
  "same-net-crossing": checkSameNetCrossing,
  "wire-hugging": checkWireHugging,
  "label-leads-nowhere": checkLabelLeadsNowhere,
  "duplicate-label": checkDuplicateLabel,
  "auto-named-label": checkAutoNamedLabel,
  "label-orientation": checkLabelOrientation,
  "low-utilization": checkLowUtilization,
  crowding: checkCrowding,
  "cross-group-wire": checkCrossGroupWire,
};

/** Families that need the page (paper, frame, title-block corner) and skip without it. */
export const PAGE_FAMILIES: ReadonlySet<FamilyKind> = new Set(["out-of-frame", "low-utilization"]);
