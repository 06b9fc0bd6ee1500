import { compareDrivers, type Driver, PRIORITY, STRONG } from "./drivers.js";
import type { MemberName, PlacedSubgraph } from "./join-context.js";

interface Candidate {
  driver: Driver;
  depth: number;
}

/**
 * KiCad's choice between the drivers of joined subgraphs: a strong driver over a weak one,
 * then the higher priority, then the one nearer the root sheet, then the smaller full name.
 */
function better(a: Candidate, b: Candidate): boolean {
  const strongA = a.driver.priority >= STRONG;
  const strongB = b.driver.priority >= STRONG;
  if (strongA !== strongB) return strongA;
  if (a.driver.priority !== b.driver.priority) return a.driver.priority > b.driver.priority;
  if (a.depth !== b.depth) return a.depth < b.depth;
  if (a.driver.full !== b.driver.full) return a.driver.full < b.driver.full;
  return compareDrivers(a.driver, b.driver) < 0;
}

function bestOf(candidates: Iterable<Candidate>): Candidate | undefined {
  let best: Candidate | undefined;
  for (const c of candidates) if (!best || better(c, best)) best = c;
  return best;
}

/**
 * The name of a group of joined subgraphs. Global and power names win outright; otherwise a
 * bus member's name wins (KiCad renames nets on a bus after the bus, from the top sheet
 * down); otherwise the best driver of any subgraph. A net driven by a single symbol pin and
 * nothing else is `unconnected-(…)`.
 */
export function netName(
  group: readonly PlacedSubgraph[],
  memberNames: readonly MemberName[],
): { name: string; autoNamed: boolean } {
  const best = bestOf(
    group.flatMap((node) =>
      node.drivers[0] ? [{ driver: node.drivers[0], depth: node.depth }] : [],
    ),
  );
  if (!best) return { name: "", autoNamed: true };
  if (best.driver.priority < PRIORITY.powerPin) {
    const member = bestOf(memberNames);
    if (member) return { name: member.driver.full, autoNamed: false };
  }
  if (best.driver.priority === PRIORITY.pin && group.length === 1) {
    const only = group[0]!;
    const pinDrivers = only.drivers.filter((d) => d.priority === PRIORITY.pin);
    if (pinDrivers.length === 1 && only.graph.sheetPins.length === 0) {
      return { name: best.driver.alone?.() ?? best.driver.full, autoNamed: true };
    }
  }
  return { name: best.driver.full, autoNamed: best.driver.priority === PRIORITY.pin };
}
