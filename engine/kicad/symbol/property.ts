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

/** A field read from the tree; its effects are parsed on first use (most callers never ask). */
class TreeProperty implements Property {
  readonly name: string;
  readonly value: string;
  readonly at: { x: number; y: number; angle: number };
  private readonly node: SList;
  private cachedEffects: TextEffects | undefined;

  constructor(node: SList) {
    const at = child(node, "at");
    this.node = node;
    this.name = textAt(node, 1) ?? "";
    this.value = textAt(node, 2) ?? "";
    this.at = { x: numberAt(at, 1) ?? 0, y: numberAt(at, 2) ?? 0, angle: numberAt(at, 3) ?? 0 };
  }

  get effects(): TextEffects {
    this.cachedEffects ??= readEffects(this.node);
    return this.cachedEffects;
  }

  get hidden(): boolean {
    return this.effects.hidden || (flag(this.node, "hide") ?? false);
  }

  get showName(): boolean {
    return flag(this.node, "show_name") ?? false;
  }
}

export function readProperty(node: SList): Property {
  return new TreeProperty(node);
}

/** The value of the first property called `name`, if any. */
export function propertyValue(properties: readonly Property[], name: string): string | undefined {
  for (const p of properties) if (p.name === name) return p.value;
  return undefined;
}
