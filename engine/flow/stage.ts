import type { CopperheadConfig } from "../repo/config.js";
import type { Evidence } from "./evidence.js";
import type { GateFindings } from "./gate-findings.js";

/** What a gate or a prepare step is given: the repo it works in and its settings. */
export interface StageContext {
  /** Absolute path of the repository root. */
  repo: string;
  config: CopperheadConfig;
  /** Where a gate's KiCad checks leave their findings for outcome.json (gate-findings.ts). */
  findings?: GateFindings;
}

/**
 * One design stage. The engine derives the dependency graph from `outputs` (paths the stage
 * owns; nobody else writes them) and `inputs` (paths it reads). Patterns: see path-pattern.ts.
 */
export interface StageDeclaration {
  name: string;
  summary: string;
  inputs: readonly string[];
  outputs: readonly string[];
  /** Tool families the stage's agent may use (resolved by the agent's catalog). */
  tools: readonly string[];
  /** Model turns one attempt may take. */
  turnBudget: number;
  /** Repo-relative path of the stage prompt inside copperhead. */
  prompt: string;
  /** Deterministic work done before every attempt (e.g. a KiCad project scaffold). */
  prepare?: (context: StageContext) => Promise<void>;
  /**
   * Every check name the gate can report, in report order: the stage prompt lists exactly
   * these (a test compares the two), so the agent is told what it will be judged on. Every
   * registered stage declares them (stages/registry.ts's test); test doubles may leave it out.
   */
  checks?: readonly string[];
  /**
   * For a stage that needs no model: deterministic code that does the whole job in place of
   * the agent loop (the gate still judges the files). A CopperheadError thrown here is a failed
   * run (its work is stashed); `signal` aborts on SIGINT/SIGTERM.
   */
  run?: (context: StageContext & { signal?: AbortSignal }) => Promise<{ summary: string }>;
  /**
   * Evidence checks on the files, evaluated apart from anything the agent says. The stage
   * passes when every returned check is ok; an empty list never passes.
   */
  gate: (context: StageContext) => Promise<Evidence[]>;
}

/** A gate passes when it produced at least one check and every check is ok. */
export function gatePasses(evidence: readonly Evidence[]): boolean {
  return evidence.length > 0 && evidence.every((e) => e.ok);
}
