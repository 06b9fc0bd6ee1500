import type { BoardModel } from "../../board/write/board-model.js";
import { groundPourZone } from "../layout-board.js";
import { DEFAULT_RULES, type DesignRules } from "../project/design-rules.js";
import type { LayoutReport } from "../report/layout-report.js";

/**
 * The routed board with the ground pour placement deferred (no ground pad reached B.Cu) now
 * that the router has put ground copper there: a via or a bottom track of the ground net. Left
 * out while the net still has none, since a pour nothing touches is one isolated island.
 */
export function withGroundPour(
  model: BoardModel,
  report: LayoutReport,
  rules: DesignRules = DEFAULT_RULES,
): BoardModel {
  const pour = report.groundPour;
  if (!pour?.deferred || model.zones.some((z) => z.net === pour.net)) return model;
  const reaches =
    model.vias.some((v) => v.net === pour.net) ||
    model.tracks.some((t) => t.net === pour.net && t.layer === pour.layer);
  if (!reaches) return model;
  return { ...model, zones: [...model.zones, groundPourZone(pour.net, model.outline, rules)] };
}
