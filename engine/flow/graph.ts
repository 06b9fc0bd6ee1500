import { pushAll } from "../array-ops.js";
import { CopperheadError } from "../errors.js";
import { type PathPattern, parsePattern, patternsOverlap } from "./path-pattern.js";
import type { StageDeclaration } from "./stage.js";

/** The brief every proof includes, whether or not a stage lists it. */
export const BRIEF_PATH = "brief.md";

/** The stage declarations contradict each other (cycle, shared ownership, bad names). */
export class FlowDeclarationError extends CopperheadError {}

export interface GraphStage {
  declaration: StageDeclaration;
  /** Declared inputs plus the brief. */
  inputs: readonly PathPattern[];
  outputs: readonly PathPattern[];
  /** Stages owning something this stage reads, in flow order. */
  providers: readonly string[];
}

export interface FlowGraph {
  /** Stage names in a dependency-respecting order (declaration order breaks ties). */
  order: readonly string[];
  stages: ReadonlyMap<string, GraphStage>;
  /** Every stage this one transitively depends on, in flow order. */
  upstream(stage: string): ReadonlySet<string>;
  /** Every stage that transitively depends on this one, in flow order. */
  downstream(stage: string): ReadonlySet<string>;
  /** Every distinct input/output pattern of the flow (what a status query fingerprints). */
  patterns: readonly PathPattern[];
}

function withBrief(inputs: readonly string[]): string[] {
  return inputs.includes(BRIEF_PATH) ? [...inputs] : [BRIEF_PATH, ...inputs];
}

function checkOwnership(decls: readonly StageDeclaration[], outs: Map<string, PathPattern[]>) {
  for (let i = 0; i < decls.length; i++) {
    for (let j = i + 1; j < decls.length; j++) {
      const a = decls[i]!;
      const b = decls[j]!;
      for (const pa of outs.get(a.name)!) {
        for (const pb of outs.get(b.name)!) {
          if (patternsOverlap(pa, pb)) {
            throw new FlowDeclarationError(
              `stages ${a.name} and ${b.name} both own '${pa.source}'/'${pb.source}'`,
              "give every path exactly one owning stage; a consumer reads a path, it never writes it",
            );
          }
        }
      }
    }
  }
}

function topologicalOrder(decls: readonly StageDeclaration[], providers: Map<string, string[]>) {
  const order: string[] = [];
  const done = new Set<string>();
  while (order.length < decls.length) {
    const ready = decls.find(
      (d) => !done.has(d.name) && providers.get(d.name)!.every((p) => done.has(p)),
    );
    if (!ready) {
      const rest = decls.filter((d) => !done.has(d.name)).map((d) => d.name);
      throw new FlowDeclarationError(
        `the stages ${rest.join(", ")} depend on each other in a cycle`,
        "change their inputs/outputs so that no stage (indirectly) reads what it produces",
      );
    }
    done.add(ready.name);
    order.push(ready.name);
  }
  return order;
}

function closure(start: string, edges: (s: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...edges(start)];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    pushAll(stack, edges(next));
  }
  return seen;
}

/** Builds and checks the dependency graph: a stage depends on the owners of what it reads. */
export function buildFlowGraph(decls: readonly StageDeclaration[]): FlowGraph {
  const names = new Set<string>();
  for (const d of decls) {
    if (!/^[a-z][a-z0-9-]*$/.test(d.name) || names.has(d.name)) {
      throw new FlowDeclarationError(
        `stage name '${d.name}' is invalid or declared twice`,
        "use unique lowercase names (letters, digits, '-')",
      );
    }
    names.add(d.name);
  }
  const ins = new Map(decls.map((d) => [d.name, withBrief(d.inputs).map(parsePattern)]));
  const outs = new Map(decls.map((d) => [d.name, d.outputs.map(parsePattern)]));
  checkOwnership(decls, outs);

  const providers = new Map<string, string[]>();
  for (const d of decls) {
    const reads = ins.get(d.name)!;
    const owners = decls.filter(
      (o) =>
        o.name !== d.name &&
        outs.get(o.name)!.some((out) => reads.some((input) => patternsOverlap(input, out))),
    );
    providers.set(
      d.name,
      owners.map((o) => o.name),
    );
  }
  const order = topologicalOrder(decls, providers);
  const rank = new Map(order.map((name, i) => [name, i]));
  const byRank = (a: string, b: string) => rank.get(a)! - rank.get(b)!;

  const consumers = new Map<string, string[]>(decls.map((d) => [d.name, []]));
  for (const [name, provs] of providers) for (const p of provs) consumers.get(p)!.push(name);

  const stages = new Map<string, GraphStage>();
  for (const d of decls) {
    stages.set(d.name, {
      declaration: d,
      inputs: ins.get(d.name)!,
      outputs: outs.get(d.name)!,
      providers: [...providers.get(d.name)!].sort(byRank),
    });
  }
  const up = new Map<string, Set<string>>();
  const down = new Map<string, Set<string>>();
  for (const name of order) {
    up.set(name, new Set([...closure(name, (s) => providers.get(s) ?? [])].sort(byRank)));
    down.set(name, new Set([...closure(name, (s) => consumers.get(s) ?? [])].sort(byRank)));
  }
  const seen = new Map<string, PathPattern>();
  for (const d of decls) {
    for (const p of [...ins.get(d.name)!, ...outs.get(d.name)!]) {
      if (!seen.has(p.source)) seen.set(p.source, p);
    }
  }
  const unknown = (stage: string): never => {
    throw new FlowDeclarationError(`unknown stage '${stage}'`, `use one of: ${order.join(", ")}`);
  };
  return {
    order,
    stages,
    upstream: (s) => up.get(s) ?? unknown(s),
    downstream: (s) => down.get(s) ?? unknown(s),
    patterns: [...seen.values()],
  };
}
