import type { Obligation } from "../../flow/outcome.js";

/** The "cannot finish yet" text: one line per unmet obligation, the fix named in each. */
export function describeUnmet(obligations: readonly Obligation[]): string {
  const lines = obligations.map((o) => `- [${o.kind}] ${o.detail} (opened by ${o.openedBy})`);
  return ["cannot finish yet:", ...lines].join("\n");
}
