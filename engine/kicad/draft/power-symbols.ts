import type { Point } from "../symbol/geometry.js";
import type { Drawing, DrawnField, DrawnSymbol } from "./drawing.js";
import { step } from "./drawing.js";
import type { RailSymbols } from "./rail-symbols.js";

export function hiddenField(name: string, value: string, at: Point): DrawnField {
  return { name, value, at, hidden: true };
}

/** Power symbols and PWR_FLAGs, numbered #PWR01…, #FLG01… in the order they are drawn. */
export class PowerSymbols {
  private powerCount = 0;
  private flagCount = 0;

  constructor(readonly rails: RailSymbols) {}

  /** A power symbol whose value (the net name) stays horizontal however the symbol turns. */
  symbol(
    key: string,
    libId: string,
    net: string,
    at: Point,
    rotation: 0 | 90 | 180 | 270,
    valueAt: Point,
    justify?: "left" | "right",
  ): DrawnSymbol {
    this.powerCount++;
    const ref = `#PWR${String(this.powerCount).padStart(2, "0")}`;
    return {
      key,
      libId,
      ref,
      unit: 1,
      at,
      rotation,
      inBom: false,
      onBoard: true,
      pinNumbers: ["1"],
      fields: [
        hiddenField("Reference", ref, at),
        {
          name: "Value",
          value: net,
          at: valueAt,
          hidden: false,
          angle: rotation === 90 || rotation === 270 ? 90 : 0,
          ...(justify ? { justify } : {}),
        },
        hiddenField("Footprint", "", at),
        hiddenField("Datasheet", "~", at),
        hiddenField("Description", `Power symbol for ${net}`, at),
      ],
    };
  }

  /** A rail (or ground) symbol and a PWR_FLAG joined by a short wire at `origin`. */
  flagDrawing(net: string, ground: boolean, origin: Point): Partial<Drawing> {
    const top = origin;
    const bottom = step(origin, "down", 5.08);
    const out: Partial<Drawing> = { symbols: [], wires: [{ net, a: top, b: bottom }] };
    const railAt = ground ? bottom : top;
    const flagAt = ground ? top : bottom;
    const railId = ground ? this.rails.ground(net) : this.rails.rail(net);
    out.symbols?.push(
      this.symbol(
        `flag-rail/${net}`,
        railId,
        net,
        railAt,
        0, // rail graphic points up from the top, ground graphic down from the bottom
        ground ? step(railAt, "down", 5.08) : step(railAt, "up", 5.08),
      ),
    );
    this.flagCount++;
    const flagRef = `#FLG${String(this.flagCount).padStart(2, "0")}`;
    out.symbols?.push({
      key: `flag/${net}`,
      libId: this.rails.flag,
      ref: flagRef,
      unit: 1,
      at: flagAt,
      rotation: ground ? 0 : 180,
      inBom: false,
      onBoard: true,
      pinNumbers: ["1"],
      fields: [
        hiddenField("Reference", flagRef, flagAt),
        {
          name: "Value",
          value: "PWR_FLAG",
          at: ground ? step(flagAt, "up", 5.08) : step(flagAt, "down", 5.08),
          hidden: false,
        },
        hiddenField("Footprint", "", flagAt),
        hiddenField("Datasheet", "~", flagAt),
        hiddenField("Description", "Special symbol for telling ERC where power comes from", flagAt),
      ],
    });
    return out;
  }
}
