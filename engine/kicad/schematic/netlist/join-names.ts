import type { SheetInstance } from "../hierarchy.js";
import { PRIORITY, STRONG } from "./drivers.js";
import type { JoinContext, PlacedSubgraph } from "./join-context.js";

/**
 * Joins the subgraphs of one sheet instance by name, as KiCad merges them: any two sharing a
 * strong name (label of any kind, power symbol) on the same sheet are one net, and global
 * labels and power symbols are one net with their namesakes everywhere.
 */
export function joinByName(
  ctx: JoinContext,
  instance: SheetInstance,
  list: readonly PlacedSubgraph[],
): void {
  // A subgraph driven only by a sheet pin whose name no other subgraph on the sheet is driven
  // by becomes strong too (KiCad "promotes" it), so it meets labels of that name.
  const driverNames = new Map<string, number>();
  for (const node of list) {
    const best = node.drivers[0];
    if (best) driverNames.set(best.full, (driverNames.get(best.full) ?? 0) + 1);
  }
  for (const node of list) {
    for (const driver of node.drivers) {
      if (driver.priority < STRONG) continue;
      ctx.sets.union(node.element, ctx.sheetName(instance, driver.bare));
      if (driver.priority >= PRIORITY.powerPin)
        ctx.sets.union(node.element, ctx.globalName(driver.bare));
    }
    const best = node.drivers[0];
    if (
      best?.priority === PRIORITY.sheetPin &&
      driverNames.get(best.full) === 1 &&
      !driverNames.has(best.bare)
    ) {
      ctx.sets.union(node.element, ctx.sheetName(instance, best.bare));
    }
  }
}
