import { sheetConnectivity } from "../schematic/netlist/sheet-connectivity.js";
import type { Schematic } from "../schematic/read-schematic.js";
import type { SymbolRole } from "./symbol-role.js";

/** How the two-pin parts of one sheet are wired. */
export interface AttachmentCounts {
  /** Non-power parts whose placed unit has exactly two pins (resistors, capacitors, LEDs…). */
  twoPinParts: number;
  /** Two-pin parts with at least one pin wired to another part's pin. */
  attached: number;
  /** Two-pin parts with no pin wired to a part or a power port: held only by labels, or open. */
  islands: number;
}

/**
 * Classifies each two-pin part's pins by what their wiring reaches ON THIS SHEET: another part,
 * else a power port, else only labels/sheet pins or nothing. The wiring is KiCad's own per-sheet
 * connectivity (items join at shared points, a junction joins the wire it sits on, a label
 * joins the wire under it; a wire end touching another wire's middle without a junction does
 * NOT join, as in kicad-cli), reused from the netlister so the two can never disagree.
 * Names (labels, power ports) are deliberately not followed: a part reached only through a
 * label pair is exactly what the metric counts as not drawn attached.
 */
export function attachmentCounts(
  schematic: Schematic,
  roles: readonly SymbolRole[],
  unitOf: (symbolIndex: number) => number,
): AttachmentCounts {
  const { subgraphs } = sheetConnectivity(schematic, unitOf);
  // Per two-pin part: one entry per pin, the subgraph the pin sits in.
  const pinGroups = new Map<number, number[]>();
  const partsIn: Array<Set<number>> = [];
  const powerIn: boolean[] = [];
  subgraphs.forEach((group, g) => {
    const parts = new Set<number>();
    let power = false;
    for (const { symbol } of group.pins) {
      const role = roles[symbol];
      if (role === "part") parts.add(symbol);
      else if (role === "power") power = true;
    }
    partsIn.push(parts);
    powerIn.push(power);
    for (const { symbol } of group.pins) {
      if (roles[symbol] !== "part") continue;
      const list = pinGroups.get(symbol);
      if (list) list.push(g);
      else pinGroups.set(symbol, [g]);
    }
  });

  const counts: AttachmentCounts = { twoPinParts: 0, attached: 0, islands: 0 };
  for (const [symbol, groups] of pinGroups) {
    if (groups.length !== 2) continue;
    counts.twoPinParts++;
    const toPart = groups.some((g) => [...partsIn[g]!].some((other) => other !== symbol));
    const toPower = groups.some((g) => powerIn[g]);
    if (toPart) counts.attached++;
    else if (!toPower) counts.islands++;
  }
  return counts;
}
