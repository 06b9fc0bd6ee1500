import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ALL_TOOLS } from "../../engine/agent/tools/all-tools.js";
import { markdownSections } from "../../engine/flow/gates/markdown.js";
import { parsePattern } from "../../engine/flow/path-pattern.js";
import { gatePasses } from "../../engine/flow/stage.js";
import { stageNames } from "../../engine/flow/stage-names.js";
import { configSchema } from "../../engine/repo/config.js";
import { stageGraph, stages } from "../../stages/registry.js";

const ROOT = join(import.meta.dirname, "../..");
/** Every tool the agent can be given, and the ledger's own `finish`. */
const TOOL_NAMES = new Set([...ALL_TOOLS.map((t) => t.name), "finish"]);

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe("stage registry", () => {
  it("registers exactly the eight shared stage names, in flow order", () => {
    expect(stages.map((s) => s.name)).toEqual([...stageNames]);
    expect(stageGraph().order).toEqual([...stageNames]);
  });

  for (const stage of stages) {
    describe(stage.name, () => {
      it("has a complete declaration with valid patterns", () => {
        expect(stage.summary.length).toBeGreaterThan(10);
        expect(stage.outputs.length).toBeGreaterThan(0);
        expect(stage.tools.length).toBeGreaterThan(0);
        expect(Number.isInteger(stage.turnBudget) && stage.turnBudget > 0).toBe(true);
        expect(stage.prompt).toBe(`stages/${stage.name}/prompt.md`);
        for (const p of [...stage.inputs, ...stage.outputs])
          expect(() => parsePattern(p)).not.toThrow();
        // A stage never reads what it owns (that would make it its own provider).
        expect(stage.inputs.filter((i) => stage.outputs.includes(i))).toEqual([]);
      });

      it("has a prompt that names what the stage owns, only real tools, and finish", async () => {
        const prompt = await readFile(join(ROOT, stage.prompt), "utf8");
        for (const owned of stage.outputs) expect(prompt, owned).toContain(owned);
        const named = [...prompt.matchAll(/`([a-z]+(?:_[a-z]+)+|finish)`/g)].map((m) => m[1]);
        for (const tool of named) expect(TOOL_NAMES.has(tool as string), tool).toBe(true);
        // A deterministic stage (run, no model) is told nothing about the agent's tools.
        if (stage.run) return;
        expect(named).toContain("finish");
        expect(named).toContain("propose_change");
      });

      it("has a prompt whose Done-when list is exactly the gate's checks, in order", async () => {
        const prompt = await readFile(join(ROOT, stage.prompt), "utf8");
        const done = markdownSections(prompt).find((s) => s.title === "Done when");
        expect(done, "a ## Done when section").toBeDefined();
        const listed = done!.blocks.filter((b) => b.kind === "item").map((b) => b.codes[0]);
        expect(stage.checks?.length).toBeGreaterThan(0);
        expect(listed).toEqual([...(stage.checks ?? [])]);
      });

      it("has a gate that fails, with named evidence, on an empty repo", async () => {
        const repo = await mkdtemp(join(tmpdir(), "copperhead-stage-"));
        dirs.push(repo);
        const evidence = await stage.gate({ repo, config: configSchema.parse({}) });
        expect(evidence.length).toBeGreaterThan(0);
        for (const e of evidence) expect(stage.checks ?? [], e.check).toContain(e.check);
        expect(gatePasses(evidence)).toBe(false);
      });
    });
  }
});
