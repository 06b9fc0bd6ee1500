import type { Rect } from "../geometry/rect.js";
import type { TextEffects as ViewEffects } from "../symbol/effects.js";
import { textBox } from "../text/text-box.js";
import type { LabelShape, TextEffects } from "../text/text-effects.js";

/**
 * The one place the legibility checker measures text: everything goes through engine/kicad/text
 * (stroke-font metrics calibrated from kicad-cli's own SVG). Inputs are as the file stores them;
 * `textBox` derives KiCad's effective angle and justification (fields follow their symbol).
 */
export type TextPlacement =
  | { kind: "text" }
  | { kind: "field"; symbol: { angle: number; mirror?: "x" | "y" | undefined } }
  | { kind: "label" }
  | { kind: "global_label" | "hierarchical_label"; shape: string | undefined };

const SHAPES: ReadonlySet<string> = new Set([
  "input",
  "output",
  "bidirectional",
  "tri_state",
  "passive",
]);

export function measureTextBox(
  text: string,
  at: { x: number; y: number },
  angle: number,
  effects: ViewEffects,
  placement: TextPlacement,
): Rect {
  const fx: TextEffects = {
    size: [effects.size.width, effects.size.height],
    bold: effects.bold,
    italic: effects.italic,
    ...(effects.thickness !== undefined ? { thickness: effects.thickness } : {}),
  };
  const justify = { h: effects.justifyH, v: effects.justifyV };
  switch (placement.kind) {
    case "field": {
      const symbol = {
        angle: placement.symbol.angle,
        ...(placement.symbol.mirror ? { mirror: placement.symbol.mirror } : {}),
      };
      return textBox(text, at, angle, justify, fx, { kind: "field", symbol });
    }
    case "global_label":
    case "hierarchical_label": {
      const shape = (SHAPES.has(placement.shape ?? "") ? placement.shape : "input") as LabelShape;
      return textBox(text, at, angle, justify, fx, { kind: placement.kind, shape });
    }
    default:
      return textBox(text, at, angle, justify, fx, { kind: placement.kind });
  }
}
