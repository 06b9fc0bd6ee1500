import type { SymbolCatalog } from "../engine/kicad/library/symbol-catalog.js";
import { type BreakoutOutcome, checkBreakout } from "./check-breakout.js";

export interface FuzzOptions {
  catalog: SymbolCatalog;
  seed?: number;
  drafterOnly?: boolean;
  keep?: string;
  /** Breakouts in flight at once: drafting runs while other breakouts wait for kicad-cli. */
  jobs?: number;
  onOutcome?: (outcome: BreakoutOutcome, done: number, total: number) => void;
}

/** Checks every symbol's breakout, a few at a time; outcomes in the order of `libIds`. */
export async function runFuzz(
  libIds: readonly string[],
  options: FuzzOptions,
): Promise<BreakoutOutcome[]> {
  const outcomes: BreakoutOutcome[] = new Array(libIds.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < libIds.length) {
      const i = next++;
      const outcome = await checkBreakout(libIds[i] as string, options);
      outcomes[i] = outcome;
      options.onOutcome?.(outcome, ++done, libIds.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.jobs ?? 4) }, worker));
  return outcomes;
}
