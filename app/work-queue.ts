/**
 * Webhook handlers only parse, decide and enqueue: GitHub drops a delivery that is not
 * answered within 10 s. The work runs here, one job at a time per key (a design branch), so
 * two deliveries for the same design never race each other (a label twice, a redelivery).
 * Different designs run side by side.
 */
export class WorkQueue {
  readonly #tails = new Map<string, Promise<void>>();
  readonly #waiting = new Set<string>();
  readonly #onError: (error: unknown, key: string) => void;

  constructor(onError: (error: unknown, key: string) => void) {
    this.#onError = onError;
  }

  /**
   * Runs `job` after the key's earlier jobs. With a `tag`, a job with the same key and tag
   * that has not started yet stands for this one too: a burst of job events for one design
   * becomes one refresh.
   */
  enqueue(key: string, job: () => Promise<void>, tag?: string): void {
    const slot = tag === undefined ? undefined : `${key}\n${tag}`;
    if (slot !== undefined) {
      if (this.#waiting.has(slot)) return;
      this.#waiting.add(slot);
    }
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const next = previous
      .then(() => {
        if (slot !== undefined) this.#waiting.delete(slot);
        return job();
      })
      .catch((error: unknown) => this.#onError(error, key))
      .finally(() => {
        if (this.#tails.get(key) === next) this.#tails.delete(key);
      });
    this.#tails.set(key, next);
  }

  /** Resolves once every job enqueued so far (and any they enqueue) has finished. */
  async idle(): Promise<void> {
    while (this.#tails.size > 0) await Promise.all([...this.#tails.values()]);
  }
}
