import type { SheetInstance } from "../hierarchy.js";
import { busLeaves, matchBusMember } from "./bus-label.js";
import { memberElement } from "./join-buses.js";
import type { JoinContext, PlacedSubgraph } from "./join-context.js";
import { escapeNetName } from "./pin-net-name.js";

/**
 * Joins a parent sheet instance to one child instance: each sheet pin of the child's sheet
 * symbol meets the child's hierarchical labels of the same name. Nets join as a whole; buses
 * join member by member (vectors by position, groups by member name).
 */
export function joinHierarchy(
  ctx: JoinContext,
  parent: SheetInstance,
  parentList: readonly PlacedSubgraph[],
  child: SheetInstance,
  childList: readonly PlacedSubgraph[],
): void {
  const sheetIndex = child.sheet ? parent.schematic.sheets.indexOf(child.sheet) : -1;
  if (sheetIndex < 0) return;
  const ports = new Map<string, PlacedSubgraph[]>();
  for (const node of childList) {
    for (const label of node.graph.labels) {
      if (label.kind !== "hierarchical") continue;
      const name = escapeNetName(label.text);
      const list = ports.get(name);
      if (list) list.push(node);
      else ports.set(name, [node]);
    }
  }
  for (const node of parentList) {
    for (const { sheet, pin } of node.graph.sheetPins) {
      if (sheet !== sheetIndex) continue;
      for (const port of ports.get(escapeNetName(pin.name)) ?? []) {
        if (!node.bus && !port.bus) {
          ctx.sets.union(node.element, port.element);
          continue;
        }
        if (!node.bus || !port.bus) continue;
        for (const leaf of busLeaves(port.bus)) {
          const match = matchBusMember(node.bus, leaf);
          if (match)
            ctx.sets.union(memberElement(ctx, port, leaf), memberElement(ctx, node, match));
        }
      }
    }
  }
}
