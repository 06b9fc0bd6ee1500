import type { CatalogSymbol } from "../library/symbol-catalog.js";
import type { LibPin } from "../symbol/pin.js";
import type { Intent, IntentNet, IntentPart } from "./intent.js";
import type { NetClassDecision } from "./net-class.js";

/** A pin of a part, by its real pin (a name in the intent is resolved to the number here). */
export interface ResolvedEndpoint {
  ref: string;
  pin: LibPin;
}

export interface ResolvedPart {
  part: IntentPart;
  symbol: CatalogSymbol;
}

export interface ResolvedNet {
  net: IntentNet;
  endpoints: ResolvedEndpoint[];
  class: NetClassDecision;
}

/**
 * A pin the intent left out that KiCad connects anyway, added to the net it ends up on: a pin
 * stacked on a pin of that net, or a hidden power input, which KiCad joins to the net of its name.
 */
export interface JoinedPin {
  pin: string;
  net: string;
  why: "stacked" | "hidden-power";
}

/**
 * A validated intent with every symbol loaded and every endpoint bound to a library pin. The
 * nets' endpoints include the joined pins.
 */
export interface ResolvedIntent {
  intent: Intent;
  parts: Map<string, ResolvedPart>;
  nets: ResolvedNet[];
  noConnect: ResolvedEndpoint[];
  /** Group names in reading order. */
  groups: string[];
  /** Pins added to nets because KiCad connects them (the draft report lists them). */
  joined: JoinedPin[];
  /**
   * Pins nothing is drawn at (`REF.PIN`): hidden power inputs (KiCad connects them by name) and
   * pins of type no_connect the intent leaves out (KiCad needs nothing on them).
   */
  undrawn: Set<string>;
}

/** `REF.PIN` with the pin's number: the key every drafting table uses. */
export function pinKey(ref: string, number: string): string {
  return `${ref}.${number}`;
}
