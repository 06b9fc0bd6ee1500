import type { SheetInstance } from "../hierarchy.js";
import { type BusLeaf, busLeaves, busShape, matchBusMember } from "./bus-label.js";
import { PRIORITY } from "./drivers.js";
import type { JoinContext, PlacedSubgraph } from "./join-context.js";

/** The element for one member net of a subgraph's bus. */
export function memberElement(ctx: JoinContext, node: PlacedSubgraph, leaf: BusLeaf): number {
  return node.busGlobal
    ? ctx.globalName(leaf.fullName)
    : ctx.sheetName(node.instance, leaf.fullName);
}

/**
 * Gives every bus subgraph of a sheet instance its members. A member is the net of the same
 * name on that sheet (KiCad's "bus neighbours"); other bus labels on the same bus add their
 * members, matched to the driving label's by position (vectors) or member name (groups).
 */
export function joinBusMembers(
  ctx: JoinContext,
  instance: SheetInstance,
  list: readonly PlacedSubgraph[],
): void {
  for (const node of list) {
    const named = node.drivers.filter(
      (d) =>
        d.priority !== PRIORITY.pin &&
        d.priority !== PRIORITY.powerPin &&
        busShape(d.bare, ctx.aliases),
    );
    const driver = named[0];
    if (!driver) continue;
    const shape = busShape(driver.bare, ctx.aliases)!;
    node.bus = shape;
    node.busDriver = driver;
    node.busGlobal = driver.priority === PRIORITY.global;
    const prefix = node.busGlobal ? "" : instance.path;
    for (const leaf of busLeaves(shape)) {
      const element = memberElement(ctx, node, leaf);
      if (node.busGlobal) ctx.sets.union(element, ctx.sheetName(instance, leaf.fullName));
      ctx.addMemberName(element, {
        driver: {
          priority: driver.priority,
          bare: leaf.fullName,
          full: `${prefix}${leaf.fullName}`,
        },
        depth: node.depth,
      });
    }
    for (const other of named.slice(1)) {
      // Sheet pins take part through the hierarchy only, not as same-sheet bus labels.
      if (other.priority === PRIORITY.sheetPin) continue;
      const global = other.priority === PRIORITY.global;
      for (const leaf of busLeaves(busShape(other.bare, ctx.aliases)!)) {
        const match = matchBusMember(shape, leaf);
        if (!match) continue;
        const element = global
          ? ctx.globalName(leaf.fullName)
          : ctx.sheetName(instance, leaf.fullName);
        ctx.sets.union(element, memberElement(ctx, node, match));
      }
    }
  }
}
