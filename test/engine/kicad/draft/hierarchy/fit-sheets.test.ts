import { beforeAll, describe, expect, it } from "vitest";
import type { DraftResult } from "../../../../../engine/kicad/draft/draft-schematic.js";
import { fitSheets, SHEET_PAPERS } from "../../../../../engine/kicad/draft/hierarchy/fit-sheets.js";
import {
  planSheets,
  type SheetPlan,
} from "../../../../../engine/kicad/draft/hierarchy/plan-sheets.js";
import {
  PORT_PREFIX,
  type SubIntent,
} from "../../../../../engine/kicad/draft/hierarchy/sub-intent.js";
import type { Intent } from "../../../../../engine/kicad/draft/intent.js";
import type { ResolvedIntent } from "../../../../../engine/kicad/draft/resolved-intent.js";
import { validateIntent } from "../../../../../engine/kicad/draft/validate-intent.js";
import { SymbolCatalog } from "../../../../../engine/kicad/library/symbol-catalog.js";
import { oversizedIntent } from "./oversized-intent.js";

let catalog: SymbolCatalog;
beforeAll(() => {
  catalog = SymbolCatalog.fromEnv();
});

async function resolvedOf(intent: Intent): Promise<ResolvedIntent> {
  const validated = await validateIntent(intent, { resolve: (id) => catalog.resolve(id) });
  if (!validated.ok) throw new Error(JSON.stringify(validated.findings));
  return validated.resolved;
}

const classOf = (resolved: ResolvedIntent) => {
  const classes = new Map(resolved.nets.map((n) => [n.net.name, n.class.class]));
  return (net: string) => classes.get(net) ?? "signal";
};

/** A stand-in for the drafter: the paper grows with the parts drawn (ports aside). */
function fakeDraft(paperOf: (parts: number) => string, calls: string[]) {
  return async (sub: SubIntent): Promise<DraftResult> => {
    const parts = sub.intent.parts.filter((p) => !p.ref.startsWith(PORT_PREFIX));
    calls.push(parts.map((p) => p.ref).join(","));
    return { ok: true, report: { paper: paperOf(parts.length) }, files: {} } as DraftResult;
  };
}
const bySize = (parts: number) => (parts > 14 ? "A2" : parts > 7 ? "A3" : "A4");

async function fitted(intent: Intent, paperOf: (parts: number) => string, plan?: SheetPlan[]) {
  const resolved = await resolvedOf(intent);
  const planned = planSheets(intent, resolved.groups, classOf(resolved), "root.kicad_sch");
  if (!planned.ok) throw new Error(JSON.stringify(planned.findings));
  const calls: string[] = [];
  const result = await fitSheets(resolved, plan ?? planned.plan.sheets, {
    classOf: classOf(resolved),
    rootFile: "root.kicad_sch",
    draft: fakeDraft(paperOf, calls),
  });
  return { result, calls, planned: planned.plan.sheets };
}

describe("fitSheets", () => {
  it("cuts the sheet that needs more than A3 until every piece fits, naming the pieces for it", async () => {
    const intent = oversizedIntent(5);
    const chain = intent.parts.filter((p) => p.group === "Signal chain").map((p) => p.ref);
    const { result, calls } = await fitted(intent, bySize);
    if (!result.ok) throw new Error(JSON.stringify(result.findings));
    const pieces = result.sheets.filter((s) => s.piece);
    expect(pieces.length).toBeGreaterThanOrEqual(Math.ceil(chain.length / 14));
    const n = pieces.length;
    expect(pieces.map((s) => s.instances[0]?.name)).toEqual(
      pieces.map((_, i) => `Signal chain (${i + 1} of ${n})`),
    );
    expect(pieces.map((s) => s.file)).toEqual(
      pieces.map((_, i) => `signal-chain-${i + 1}-of-${n}.kicad_sch`),
    );
    expect(pieces.flatMap((s) => s.piece?.parts ?? []).sort()).toEqual([...chain].sort());
    for (const d of result.drafts) expect(SHEET_PAPERS).toContain(d.drafted.report.paper);
    expect(result.drafts.map((d) => d.sheet)).toEqual(result.sheets);
    // The input sheet never changed: drafted once, however often the chain was cut.
    expect(calls.filter((c) => c === "J1,C1")).toHaveLength(1);
    expect(result.notes).toEqual([
      `"Signal chain" needs A2 on one sheet: cut along its connectivity into ${n} sheets of A4/A3, ${pieces
        .map((s) => `${s.file} (${s.piece?.parts.join(", ")})`)
        .join("; ")}`,
    ]);
  });

  it("gives each cut signal a port on both pieces, and the pieces the rails by their names", async () => {
    const { result } = await fitted(oversizedIntent(9), bySize);
    if (!result.ok) throw new Error(JSON.stringify(result.findings));
    const ports = result.drafts.map((d) => new Set(d.sub.portNets.keys()));
    const count = new Map<string, number>();
    for (const set of ports) for (const p of set) count.set(p, (count.get(p) ?? 0) + 1);
    // Every port a sheet has is a net some other sheet has too; no rail is ever a port.
    for (const [port, on] of count) expect(on, port).toBeGreaterThanOrEqual(2);
    expect(count.has("GND")).toBe(false);
    expect(count.has("+5V")).toBe(false);
    for (const d of result.drafts.filter((x) => x.sheet.piece))
      expect(d.sub.continued.has("GND")).toBe(true);
  });

  it("cuts a sheet placed more than once into pieces placed once per copy, each copy's pieces named for it", async () => {
    const intent = oversizedIntent(2);
    const resolved = await resolvedOf(intent);
    const planned = planSheets(intent, resolved.groups, classOf(resolved), "root.kicad_sch");
    if (!planned.ok) throw new Error("unplanned");
    const shared = planned.plan.sheets.map((s) =>
      s.groups.includes("Signal chain")
        ? { ...s, instances: [...s.instances, { name: "Copy", refs: new Map() }] }
        : s,
    );
    const { result } = await fitted(intent, bySize, shared);
    if (!result.ok) throw new Error(JSON.stringify(result.findings));
    const pieces = result.sheets.filter((s) => s.piece);
    const n = pieces.length;
    expect(n).toBeGreaterThanOrEqual(2);
    pieces.forEach((s, i) => {
      expect(s.instances.map((x) => x.name)).toEqual([
        `Signal chain (${i + 1} of ${n})`,
        `Copy (${i + 1} of ${n})`,
      ]);
      // Each copy holds exactly this piece's parts.
      for (const x of s.instances) expect([...x.refs.keys()]).toEqual(s.piece?.parts);
    });
    for (const d of result.drafts) expect(SHEET_PAPERS).toContain(d.drafted.report.paper);
  });

  it("stops at a single part that needs more than A3", async () => {
    const { result } = await fitted(oversizedIntent(4), (parts) => (parts > 0 ? "A2" : "A4"));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.findings.map((f) => f.detail)).toEqual([
      expect.stringMatching(/its one part does not fit A3 — put its groups on more sheets/),
    ]);
  });
});
