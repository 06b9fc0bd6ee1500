import type { Bench } from "./bench.js";

/** Every benchmark `npm run bench` runs, in order. */
export const benches: readonly Bench[] = [];
