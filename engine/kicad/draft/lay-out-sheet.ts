import type { Cell } from "./layout/cell-items.js";
import { flagColumn } from "./layout/flag-cell.js";
import {
  type GroupBlock,
  groupBlock,
  groupMembers,
  MAX_GROUP_WIDTH,
  WIRING,
} from "./layout/group-block.js";
import { fitOnPaper, type SheetPlacement } from "./layout/paper-fit.js";
import { itemsCell } from "./layout/place-cell.js";
import { planSatellites, type SatelliteStack } from "./layout/satellite-plan.js";
import { type Care, unitDrawing } from "./layout/unit-cell.js";
import type { PinRole } from "./pin-attachments.js";
import { PowerSymbols } from "./power-symbols.js";
import type { RailSymbols } from "./rail-symbols.js";
import { pinKey, type ResolvedIntent } from "./resolved-intent.js";
import { unitsOf } from "./unit-geometry.js";

export type { SheetPlacement };

const FLAGS_PER_COLUMN = 1;
const MAX_CARE_ROUNDS = 5;
/** How much wider a group's rows may get when no paper holds the groups as first laid out. */
const WIDER_ROWS = [1.5, 2, 3, 4, 6];

/**
 * Lays the resolved intent out: groups as captioned boxes in reading order, each a grid of unit
 * cells, with each group's two-pin parts hung from the pins they serve.
 */
export class SheetLayout {
  private readonly power: PowerSymbols;
  readonly roles = new Map<string, PinRole>();
  readonly flagNets: string[] = [];
  /** Pins neither in a net nor declared no-connect: they get markers too, and the report lists them. */
  readonly openPins: string[] = [];

  constructor(
    private readonly resolved: ResolvedIntent,
    private readonly rails: RailSymbols,
    flagNets: readonly string[],
  ) {
    this.power = new PowerSymbols(rails);
    for (const n of resolved.nets) {
      for (const e of n.endpoints) {
        this.roles.set(
          pinKey(e.ref, e.pin.number),
          n.class.class === "signal"
            ? { kind: "label", net: n.net.name }
            : { kind: "power", net: n.net.name, ground: n.class.class === "ground" },
        );
      }
    }
    for (const e of resolved.noConnect)
      this.roles.set(pinKey(e.ref, e.pin.number), { kind: "no-connect" });
    this.flagNets = [...flagNets];
  }

  private readonly roleOf = (key: string): PinRole => {
    const role = this.roles.get(key);
    if (role) return role;
    if (this.resolved.undrawn.has(key)) return { kind: "none" };
    if (!this.openPins.includes(key)) this.openPins.push(key);
    return { kind: "no-connect" };
  };

  /**
   * The drawing on the smallest paper that holds it (or `hints.paper`). When not even A0 holds
   * the groups, returns their size instead: an overflowing sheet is never drawn.
   */
  draw(): SheetPlacement {
    const paper = this.resolved.intent.hints?.paper;
    const first = fitOnPaper(
      this.resolved.groups.map((g) => this.groupLayout(g, MAX_GROUP_WIDTH)),
      paper,
    );
    if (first.fits) return first;
    // Groups too tall for any paper get wider rows, which makes them lower, before giving up.
    for (const widen of WIDER_ROWS) {
      const wider = fitOnPaper(
        this.resolved.groups.map((g) => this.groupLayout(g, MAX_GROUP_WIDTH * widen)),
        paper,
      );
      if (wider.fits) return wider;
    }
    return first;
  }

  /**
   * A group drawn under the estimate, then, while any unit's texts collide once the group is
   * wired, again with those units drawn more carefully (their fields moved, then the whole unit
   * measured exactly; a few rounds at most, each only raising care).
   */
  private groupLayout(group: string, rowWidth: number): GroupBlock {
    const care = new Map<string, Care>();
    const layout = () =>
      groupBlock(
        this.resolved,
        group,
        this.groupCells(group, care),
        rowWidth,
        care.get(WIRING) === "exact",
      );
    let block = layout();
    for (let round = 0; round < MAX_CARE_ROUNDS; round++) {
      const crowded = [...block.crowded(new PowerSymbols(this.rails))].filter(
        (id) => care.get(id) !== "exact",
      );
      if (crowded.length === 0) break;
      // Moving the fields first keeps the cell as it was; only if that is not enough does the
      // whole unit get measured exactly.
      for (const id of crowded) care.set(id, care.has(id) || id === WIRING ? "exact" : "fields");
      block = layout();
    }
    return block;
  }

  private groupCells(group: string, care: ReadonlyMap<string, Care>): Cell[] {
    const members = groupMembers(this.resolved, group);
    const plan = planSatellites(this.resolved, members);
    const stacksOf = (pin: string): readonly SatelliteStack[] => plan.stacks.get(pin) ?? [];
    const cells: Cell[] = [];
    const draw = (ref: string, unit: number, stacks: typeof stacksOf) => {
      const id = `${ref}/${unit}`;
      const drawing = unitDrawing({
        resolved: this.resolved,
        ref,
        unit,
        roleOf: this.roleOf,
        rails: this.rails,
        stacksOf: stacks,
        care: care.get(id) ?? "estimate",
      });
      cells.push(itemsCell(drawing, this.power, id));
      // Parts that found no room on their pin stand beside it, named by labels or power symbols.
      for (const stack of drawing.released)
        for (const sat of stack.parts) draw(sat.ref, 1, () => []);
    };
    for (const member of members) {
      if (plan.hung.has(member.part.ref)) continue;
      for (const unit of unitsOf(member.symbol.symbol)) draw(member.part.ref, unit, stacksOf);
    }
    const flags: { net: string; ground: boolean }[] = [];
    for (const net of this.flagNets) {
      const n = this.resolved.nets.find((x) => x.net.name === net);
      const first = n?.endpoints[0];
      if (first && this.resolved.parts.get(first.ref)?.part.group === group)
        flags.push({ net, ground: n?.class.class === "ground" });
    }
    // One flag to a column: stacking two made groups taller, which cost more paper than the
    // width it saved (the USB-C example went from A4 to A3).
    for (let i = 0; i < flags.length; i += FLAGS_PER_COLUMN)
      cells.push(flagColumn(flags.slice(i, i + FLAGS_PER_COLUMN), this.power));
    return cells;
  }
}
