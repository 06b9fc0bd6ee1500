import { uuidV5 } from "../../draft/uuid-v5.js";

/** copperhead's namespace for board items; fixed forever, or every re-layout would churn uuids. */
export const BOARD_NAMESPACE = "3b0c6f1e-9a44-5d2e-8f17-c0bbe4ead014";

/** A board item's uuid, derived from what identifies it (a footprint's reference, an index …). */
export function boardUuid(name: string): string {
  return uuidV5(name, BOARD_NAMESPACE);
}
