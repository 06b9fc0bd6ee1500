import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recordDispatch } from "../../../engine/flow/dispatch.js";
import { readFlow } from "../../../engine/flow/read-flow.js";
import { recordSignoff } from "../../../engine/flow/signoff.js";
import { stageGraph } from "../../../stages/registry.js";
import { designWith, runStage, useTempRepos } from "./flow-fixture.js";

useTempRepos();
const graph = stageGraph();

async function states(dir: string): Promise<Record<string, string>> {
  const flow = await readFlow(dir, graph);
  return Object.fromEntries([...flow.statuses].map(([name, s]) => [name, s.state]));
}

describe("derived stage state", () => {
  it("is missing everywhere in a repo with no log", async () => {
    const repo = await designWith(graph, []);
    const all = await states(repo.dir);
    expect(Object.values(all)).toEqual(graph.order.map(() => "missing"));
  });

  it("editing SPEC.md after the schematic passed makes the schematic and everything downstream stale", async () => {
    const repo = await designWith(graph, graph.order);
    await repo.commitAll("design");
    expect(new Set(Object.values(await states(repo.dir)))).toEqual(new Set(["valid"]));

    const spec = join(repo.dir, "docs/SPEC.md");
    const original = await readFile(spec, "utf8");
    await writeFile(spec, original.replace("20 mA", "35 mA"));
    const flow = await readFlow(repo.dir, graph);
    const stale = (name: string) => flow.statuses.get(name)!;
    for (const name of ["schematic", ...graph.downstream("schematic")]) {
      expect(stale(name).state, name).toBe("stale");
    }
    expect(stale("schematic").stale).toContainEqual({
      kind: "input",
      pattern: "docs/SPEC.md",
      change: "changed",
    });
    // outputs does not read SPEC.md: it is stale only through its providers.
    expect(stale("outputs").stale).toEqual([
      { kind: "upstream", stage: "parts", state: "stale" },
      { kind: "upstream", stage: "schematic", state: "stale" },
      { kind: "upstream", stage: "layout", state: "stale" },
    ]);
    // Upstream stages are never stale *because of* the schematic: only SPEC.md itself (which
    // the spec owns and architecture/parts read) or their own providers appear as reasons.
    const upstream = [...graph.upstream("schematic")];
    const reasons = upstream.flatMap((name) => stale(name).stale.map((r) => ({ name, r })));
    // architecture and parts read SPEC.md: there are reasons to judge, so the checks below run.
    expect(reasons.filter(({ r }) => r.kind === "input").map(({ name }) => name)).toEqual([
      "architecture",
      "parts",
    ]);
    expect(
      reasons.filter(({ name, r }) =>
        r.kind === "upstream" ? !graph.upstream(name).has(r.stage) : r.pattern !== "docs/SPEC.md",
      ),
    ).toEqual([]);
  });

  it("editing a schematic-owned file makes the schematic and downstream stale and nothing upstream", async () => {
    const repo = await designWith(graph, graph.order);
    const sheet = join(repo.dir, "hardware/led.kicad_sch");
    await writeFile(sheet, `${await readFile(sheet, "utf8")}\n`);
    const all = await states(repo.dir);
    const upstream = [...graph.upstream("schematic")];
    expect(upstream.length).toBeGreaterThan(0);
    for (const name of upstream) expect(all[name], name).toBe("valid");
    for (const name of ["schematic", ...graph.downstream("schematic")]) {
      expect(all[name], name).toBe("stale");
    }
  });

  it("reverting the edit makes them valid again without a rerun", async () => {
    const repo = await designWith(graph, graph.order);
    await repo.commitAll("design");
    const spec = join(repo.dir, "docs/SPEC.md");
    await writeFile(spec, "# Spec\n\n## Budgets\n\n- Supply: 300 V\n");
    expect((await states(repo.dir)).schematic).toBe("stale");
    await repo.git("checkout", "--", "docs/SPEC.md");
    expect(new Set(Object.values(await states(repo.dir)))).toEqual(new Set(["valid"]));
  });

  it("a pass followed by a fail reports failed", async () => {
    const repo = await designWith(graph, []);
    await runStage(repo, graph, "spec", "pass");
    expect((await states(repo.dir)).spec).toBe("valid");
    await runStage(repo, graph, "spec", "fail");
    const flow = await readFlow(repo.dir, graph);
    expect(flow.statuses.get("spec")).toMatchObject({ state: "failed", attempt: 2, failStreak: 1 });
  });

  it("a dispatch without outcome is in-flight", async () => {
    const repo = await designWith(graph, []);
    await runStage(repo, graph, "spec", "pass");
    await recordDispatch(repo.dir, graph, { stage: "spec" });
    const flow = await readFlow(repo.dir, graph);
    const spec = flow.statuses.get("spec")!;
    expect(spec.state).toBe("in-flight");
    expect(spec.inFlight?.attempt).toBe(2);
    // The in-flight run's earlier pass is still the latest result.
    expect(spec.latest).toMatchObject({ type: "outcome", verdict: "pass", attempt: 1 });
  });

  it("an unreadable result is blocked", async () => {
    const repo = await designWith(graph, []);
    await runStage(repo, graph, "spec", "pass");
    await runStage(repo, graph, "spec", "blocked");
    const spec = (await readFlow(repo.dir, graph)).statuses.get("spec")!;
    expect(spec.state).toBe("blocked");
    expect(spec.latest).toMatchObject({ type: "blocked" });
  });

  it("a deleted output makes its owner stale and names it", async () => {
    const repo = await designWith(graph, graph.order);
    await repo.remove("firmware");
    const flow = await readFlow(repo.dir, graph);
    expect(flow.statuses.get("firmware")).toMatchObject({
      state: "stale",
      stale: [{ kind: "output", pattern: "firmware/", change: "disappeared" }],
    });
    expect(flow.statuses.get("layout")!.state).toBe("valid");
  });

  it("a signoff lapses while its pass is stale, returns on restore, and does not carry to a new run", async () => {
    const repo = await designWith(graph, []);
    await runStage(repo, graph, "spec", "pass");
    await recordSignoff(repo.dir, graph, {
      stage: "spec",
      reason: "budgets reviewed",
      by: "Ada",
      via: "test",
    });
    const signoff = async () => (await readFlow(repo.dir, graph)).statuses.get("spec")!.signoff;
    expect(await signoff()).toMatchObject({ current: true, event: { reason: "budgets reviewed" } });
    const spec = join(repo.dir, "docs/SPEC.md");
    const text = await readFile(spec, "utf8");
    await writeFile(spec, `${text}more\n`);
    expect((await signoff())?.current).toBe(false);
    await writeFile(spec, text);
    expect((await signoff())?.current).toBe(true);
    await runStage(repo, graph, "spec", "pass");
    expect(await signoff()).toBeUndefined();
  });
});
