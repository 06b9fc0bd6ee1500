import type { ToolFacts } from "../ledger/facts.js";

/**
 * Counts repair cycles per check, progress-aware (prior-art §7.8): a failing result below the
 * best count seen since the last clean run is progress and resets that check's counter; any
 * other failing result is a wasted cycle. A converging series 10, 5, 7, 6, 5 therefore spends
 * three cycles, not five, while a stuck 5, 5, 5, … runs out.
 */
export class RepairTracker {
  readonly #max: number;
  readonly #best = new Map<string, number>();
  readonly #cycles = new Map<string, number>();

  constructor(maxCycles: number) {
    this.#max = maxCycles;
  }

  record(facts: ToolFacts): void {
    if (facts.erc) this.#observe("erc", facts.erc.violations);
    if (facts.drc) this.#observe("drc", facts.drc.violations);
    if (facts.legibility?.sheetPresent) this.#observe("legibility", facts.legibility.errors);
  }

  /** The check that ran out of repair cycles, if any. */
  exhausted(): string | undefined {
    for (const [check, cycles] of this.#cycles) if (cycles > this.#max) return check;
    return undefined;
  }

  cycles(check: string): number {
    return this.#cycles.get(check) ?? 0;
  }

  #observe(check: string, count: number): void {
    if (count === 0) {
      this.#best.delete(check);
      this.#cycles.set(check, 0);
      return;
    }
    const best = this.#best.get(check);
    if (best === undefined || count < best) {
      this.#best.set(check, count);
      this.#cycles.set(check, 0);
      return;
    }
    this.#cycles.set(check, (this.#cycles.get(check) ?? 0) + 1);
  }
}
