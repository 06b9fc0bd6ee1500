import type { Obligation } from "../../flow/outcome.js";
import type { MutatedFact, ToolFacts } from "./facts.js";
import type { LedgerState } from "./ledger-state.js";
import { legibilityGated } from "./legibility-scope.js";

export type ObligationKind =
  | "erc"
  | "drc"
  | "drift"
  | "legibility"
  | "changelog"
  | "constraint-revisit";

const DETAIL = {
  erc: "ERC has not passed since the last KiCad edit (run run_erc)",
  drc: "DRC has not passed since the last board edit (run run_drc)",
  drift: "check_drift must run clean after doc or KiCad edits",
  legibility: "check_legibility must run clean after schematic edits",
  changelog: "CHANGELOG.md entry for this run",
} as const;

/** Obligation kinds the commit path settles itself; `finish` does not wait on them. */
export const SETTLED_BY_COMMIT: readonly string[] = ["changelog"];

/**
 * The sync-obligations ledger. A post-tool hook (`apply`) opens obligations when a tool reports
 * a mutation and clears them when a check reports clean; a new mutation re-opens them. Entries
 * are unique per (kind, detail-key); the newest detail wins.
 */
export class Ledger {
  #state: LedgerState;

  constructor(init: { origin?: string | undefined; sheet: LedgerState["sheet"] } | LedgerState) {
    this.#state =
      "obligations" in init
        ? structuredClone(init)
        : { origin: init.origin, sheet: { ...init.sheet }, obligations: [], advisories: [] };
  }

  get editsUnlocked(): boolean {
    return this.#state.validatedProposal !== undefined;
  }

  /** Open obligations, oldest first. */
  get open(): readonly Obligation[] {
    return this.#state.obligations;
  }

  /** Open obligations `finish` with outcome done must see cleared. */
  get blocking(): Obligation[] {
    return this.#state.obligations.filter((o) => !SETTLED_BY_COMMIT.includes(o.kind));
  }

  state(): LedgerState {
    return structuredClone(this.#state);
  }

  /** The post-tool hook: fold one tool result's facts into the ledger. */
  apply(tool: string, facts: ToolFacts): void {
    if (facts.proposalValidated) this.#state.validatedProposal = facts.proposalValidated;
    const mutations = facts.mutated === undefined ? [] : [facts.mutated].flat();
    for (const m of mutations) this.#onMutation(m);
    if (facts.erc) this.#onCheck("erc", facts.erc.violations, tool, "ERC", "run_erc");
    if (facts.drc) this.#onCheck("drc", facts.drc.violations, tool, "DRC", "run_drc");
    if (facts.drift)
      this.#onCheck("drift", facts.drift.findings, tool, "drift check", "check_drift");
    if (facts.legibility) this.#onLegibility(tool, facts.legibility);
    if (facts.changelog) this.clear("changelog");
    for (const r of facts.constraintRevisit?.open ?? []) {
      this.#openKeyed(
        "constraint-revisit",
        `${r.key} affects ${r.item}`,
        tool,
        `revisit ${r.item} for constraint ${r.key}`,
      );
    }
    for (const r of facts.constraintRevisit?.resolved ?? []) {
      this.#remove(
        (o) =>
          o.kind === "constraint-revisit" && o.detail.startsWith(`${r.key} affects ${r.item}:`),
      );
    }
  }

  /** Clears every obligation of a kind (the commit path uses this for `changelog`). */
  clear(kind: string): void {
    this.#remove((o) => o.kind === kind);
  }

  #onMutation(m: MutatedFact): void {
    const by = m.path;
    // ERC and drift read the sheet side (the sheet, its symbols, the project); a board edit
    // changes neither, and the layout stage has no run_erc or check_drift to clear them with.
    const sheetSide = m.kind === "schematic" || m.kind === "kicad-other";
    if (sheetSide) this.#open("erc", DETAIL.erc, by);
    if (m.kind === "board") this.#open("drc", DETAIL.drc, by);
    if (sheetSide || m.kind === "doc") this.#open("drift", DETAIL.drift, by);
    if (m.kind === "schematic") {
      this.#state.sheet = {
        present: true,
        // A tool that does not report the stamp leaves it as it was; a sheet that did not
        // exist before is the scaffold or a draft, copperhead's by construction.
        engineAuthored:
          m.engineAuthored ?? (this.#state.sheet.present ? this.#state.sheet.engineAuthored : true),
      };
      if (legibilityGated(this.#state.origin, this.#state.sheet)) {
        this.#open("legibility", DETAIL.legibility, by);
      } else {
        this.clear("legibility");
      }
    }
    this.#open("changelog", DETAIL.changelog, by);
  }

  #onCheck(
    kind: "erc" | "drc" | "drift",
    count: number,
    tool: string,
    label: string,
    rerun: string,
  ): void {
    if (count === 0) {
      this.clear(kind);
      return;
    }
    // A failing check keeps the obligation open with the current count, whether or not an edit
    // opened it: an unclean check is never a reason to finish.
    this.clear(kind);
    this.#open(
      kind,
      `${label} reports ${count} unresolved issue(s) (fix them and ${rerun} again)`,
      tool,
    );
  }

  #onLegibility(tool: string, fact: NonNullable<ToolFacts["legibility"]>): void {
    this.#state.sheet = fact.sheetPresent
      ? { present: true, engineAuthored: fact.engineAuthored ?? this.#state.sheet.engineAuthored }
      : { present: false };
    this.clear("legibility");
    this.#state.advisories = [];
    if (fact.errors === 0 || !fact.sheetPresent) return;
    const errors = fact.findings.filter((f) => f.severity === "error");
    const list = errors.map((f) => `${f.kind} [${f.refs.join(", ")}] on ${f.sheet}: ${f.detail}`);
    if (legibilityGated(this.#state.origin, this.#state.sheet)) {
      const head = `${fact.errors} error-severity legibility finding(s) unreconciled (fix and run check_legibility again)`;
      this.#open("legibility", [head, ...list.map((l) => `    ${l}`)].join("\n"), tool);
    } else {
      this.#state.advisories =
        list.length > 0 ? list : [`${fact.errors} error-severity legibility finding(s)`];
    }
  }

  #open(kind: ObligationKind, detail: string, openedBy: string): void {
    const existing = this.#state.obligations.find((o) => o.kind === kind);
    if (existing) {
      existing.detail = detail;
      existing.openedBy = openedBy;
      return;
    }
    this.#state.obligations.push({ kind, detail, openedBy });
  }

  #openKeyed(kind: ObligationKind, key: string, openedBy: string, what: string): void {
    const detail = `${key}: ${what}`;
    if (this.#state.obligations.some((o) => o.kind === kind && o.detail.startsWith(`${key}:`)))
      return;
    this.#state.obligations.push({ kind, detail, openedBy });
  }

  #remove(match: (o: Obligation) => boolean): void {
    this.#state.obligations = this.#state.obligations.filter((o) => !match(o));
  }
}
