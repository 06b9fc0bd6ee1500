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

/** A validated intent with every symbol loaded and every endpoint bound to a library pin. */
export interface ResolvedIntent {
  intent: Intent;
  parts: Map<string, ResolvedPart>;
  nets: ResolvedNet[];
  noConnect: ResolvedEndpoint[];
  /** Group names in reading order. */
  groups: string[];
}
