import { child, flag, numberAt, type SList, textAt } from "../sexp/node.js";
import { readEffects, type TextEffects } from "./effects.js";

/**
 * A field: `(property "Name" "Value" (at x y angle) (effects …))`. Used by library symbols,
 * placed symbols and sheets alike. `at` is in the owner's coordinate system (library: Y-up
 * relative to the symbol origin; sheet: absolute Y-down).
 */
export interface Property {
  readonly name: string;
  readonly value: string;
  readonly at: { x: number; y: number; angle: number };
  readonly effects: TextEffects;
  /** True when the field is hidden (in its effects, or KiCad 9's property-level `(hide yes)`). */
  readonly hidden: boolean;
  readonly showName: boolean;
}

export function readProperty(node: SList): Property {
  const at = child(node, "at");
  // Effects are read on first use: a sheet holds thousands of fields and most callers only
  // want names and values.
  let effects: TextEffects | undefined;
  const effectsOf = () => {
    effects ??= readEffects(node);
    return effects;
  };
  return {
    name: textAt(node, 1) ?? "",
    value: textAt(node, 2) ?? "",
    at: { x: numberAt(at, 1) ?? 0, y: numberAt(at, 2) ?? 0, angle: numberAt(at, 3) ?? 0 },
    get effects() {
      return effectsOf();
    },
    get hidden() {
      return effectsOf().hidden || (flag(node, "hide") ?? false);
    },
    get showName() {
      return flag(node, "show_name") ?? false;
    },
  };
}

/** The value of the first property called `name`, if any. */
export function propertyValue(properties: readonly Property[], name: string): string | undefined {
  for (const p of properties) if (p.name === name) return p.value;
  return undefined;
}
