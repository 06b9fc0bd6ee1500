import type { LibSymbol } from "../symbol/lib-symbol.js";
import type { LibPin } from "../symbol/pin.js";
import { pinStacks } from "./pin-stacks.js";

export type PinLookup =
  | { ok: true; pin: LibPin }
  | { ok: false; kind: "unknown-pin" | "ambiguous-pin"; detail: string };

/** The pins a placed part has: normal body style only (De Morgan duplicates the same numbers). */
export function partPins(symbol: LibSymbol): LibPin[] {
  const byNumber = new Map<string, LibPin>();
  for (const pin of symbol.pins) {
    if (pin.bodyStyle > 1) continue;
    if (!byNumber.has(pin.number)) byNumber.set(pin.number, pin);
  }
  return [...byNumber.values()];
}

/** `1 (VBUS), 2 (GND), …`: what a person needs to pick the right pin. */
export function describePins(pins: readonly LibPin[], limit = 40): string {
  const sorted = [...pins].sort((a, b) =>
    a.number.localeCompare(b.number, "en", { numeric: true }),
  );
  const shown = sorted
    .slice(0, limit)
    .map((p) => (p.name && p.name !== "~" ? `${p.number} (${p.name})` : p.number));
  return sorted.length > limit
    ? `${shown.join(", ")}, … (${sorted.length} pins)`
    : shown.join(", ");
}

/**
 * A pin by number, else by name when exactly one pin number carries that name (or every pin of
 * that name is one stack, which KiCad joins).
 */
export function lookupPin(ref: string, symbol: LibSymbol, text: string): PinLookup {
  const pins = partPins(symbol);
  const byNumber = pins.find((p) => p.number === text);
  if (byNumber) return { ok: true, pin: byNumber };
  const named = pins.filter((p) => p.name === text);
  if (named.length === 1) return { ok: true, pin: named[0] as LibPin };
  // Pins KiCad joins anyway (a regulator's two IN pins at one point) are one pin to the intent.
  const stack = pinStacks(symbol).find((s) =>
    named.every((p) => s.pins.some((q) => q.number === p.number)),
  );
  if (named.length > 1 && stack) return { ok: true, pin: named[0] as LibPin };
  if (named.length > 1) {
    return {
      ok: false,
      kind: "ambiguous-pin",
      detail: `${ref} has ${named.length} pins named "${text}" (${named
        .map((p) => p.number)
        .join(", ")}); name the pin by number, e.g. ${ref}.${named[0]?.number}`,
    };
  }
  return {
    ok: false,
    kind: "unknown-pin",
    detail: `${ref} has no pin "${text}"; its pins are ${describePins(pins)}`,
  };
}
