import type { Point } from "../../symbol/geometry.js";
import type { Direction } from "../drawing.js";
import { step } from "../drawing.js";
import { type Attachment, attachPin, type PinRole, STUB, type Turn } from "../pin-attachments.js";
import type { RailSymbols } from "../rail-symbols.js";
import { boxAround } from "./cell-items.js";
import type { Occupancy, Shape } from "./occupancy.js";

const PITCH = 2.54;

export type PlacedAttachment =
  | { ok: true; attachment: Attachment; base: Point }
  | { ok: false; blockers: string[] };

/**
 * The turns worth trying on a pin facing `outward`, preferred first: a power symbol along an up
 * or down stub stands upright with its value centred; in a row of pins 2.54 mm apart that text
 * has no room, so it turns to read right (or left). A label on an up or down stub reads right,
 * else left. Side pins keep their symbol along the stub, or stand it upright.
 */
function turnsFor(outward: Direction, role: PinRole): Turn[] {
  if (role.kind !== "power" && role.kind !== "label") return ["along"];
  if (outward === "up" || outward === "down")
    return role.kind === "label"
      ? ["along", "left"]
      : ["along", "right", "left", "sideways-right", "sideways-left"];
  return role.kind === "label" ? ["along"] : ["along", "sideways-right", "sideways-left"];
}

/**
 * The pin's label, power symbol or no-connect at the first place that is clear, nearest first:
 * - `stub` mode lengthens the pin's own stub a grid step at a time;
 * - `line` mode (past a pin's hung stacks) moves the stub's start out along the pin's line from
 *   `from` mm, the wire to it running over the stacks' near pins.
 * At each step every turn is tried. A no-connect marker sits on the pin and is never moved.
 */
export function placeAttachment(options: {
  key: string;
  pin: Point;
  outward: Direction;
  role: PinRole;
  rails: RailSymbols;
  occ: Occupancy;
  mode: "stub" | "line";
  from?: number;
  steps: number;
}): PlacedAttachment {
  const { key, pin, outward, role, rails, occ } = options;
  if (role.kind === "none" || role.kind === "no-connect")
    return { ok: true, attachment: attachPin(pin, outward, role, rails, key), base: pin };
  // The estimate draws every symbol its usual way; turning is for when that found no room.
  const all = occ.measure === "exact" ? turnsFor(outward, role) : (["along"] as Turn[]);
  // A port laid sideways is the last resort: every stub length is tried upright first.
  const upright = all.filter((t) => !t.startsWith("sideways"));
  const sideways = all.filter((t) => t.startsWith("sideways"));
  let first: Shape[] | undefined;
  for (const turns of [upright, sideways])
    for (let i = 0; i < options.steps; i++) {
      for (const turn of turns) {
        const candidate = (() => {
          if (options.mode === "stub") {
            const attachment = attachPin(pin, outward, role, rails, key, {
              stub: STUB + i * PITCH,
              turn,
            });
            return { attachment, base: pin, shapes: attachment.shapes };
          }
          const base = step(pin, outward, (options.from ?? 0) + i * PITCH);
          const attachment = attachPin(base, outward, role, rails, key, { turn });
          const lead: Shape[] =
            base.x === pin.x && base.y === pin.y
              ? []
              : [
                  {
                    kind: "wire",
                    measure: "exact",
                    box: boxAround([pin, base]),
                    owner: key,
                    passes: key,
                  },
                ];
          return { attachment, base, shapes: [...attachment.shapes, ...lead] };
        })();
        first ??= candidate.shapes;
        if (occ.clear(candidate.shapes))
          return { ok: true, attachment: candidate.attachment, base: candidate.base };
      }
    }
  return { ok: false, blockers: occ.blockers(first ?? []) };
}
