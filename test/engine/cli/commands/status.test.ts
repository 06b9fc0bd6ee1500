import { appendFile, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EVENTS_PATH } from "../../../../engine/flow/run-paths.js";
import { statusReportSchema } from "../../../../engine/flow/status-report.js";
import { stageGraph } from "../../../../stages/registry.js";
import { designWith, runCopperhead, tempRepo, useTempRepos } from "../../flow/flow-fixture.js";

useTempRepos();
const graph = stageGraph();

describe("copperhead status", () => {
  it("prints the stage table with why a stage is stale, and the next action", async () => {
    const repo = await designWith(graph, graph.order);
    const spec = join(repo.dir, "docs/SPEC.md");
    await writeFile(spec, `${await readFile(spec, "utf8")}\n- Cost: 20 EUR\n`);
    const { code, stdout, stderr } = await runCopperhead(join(repo.dir, "docs"), "status");
    expect(code).toBe(0);
    expect(stderr).toBe("");
    const lines = stdout.split("\n");
    expect(lines[0]).toMatch(/^stage\s+state\s+attempt\s+why$/);
    expect(lines[1]).toMatch(/^spec\s+stale\s+1\s+output docs\/SPEC.md changed$/);
    expect(lines.find((l) => l.startsWith("schematic"))).toMatch(
      /^schematic\s+stale\s+1\s+input docs\/SPEC.md changed; upstream spec, architecture, parts stale$/,
    );
    expect(stdout).toContain("next: DISPATCH spec attempt 2\n");
  });

  it("--json is the published report shape", async () => {
    const repo = await designWith(graph, []);
    const { code, stdout } = await runCopperhead(repo.dir, "status", "--json");
    expect(code).toBe(0);
    const report = statusReportSchema.parse(JSON.parse(stdout));
    expect(report.stages.map((s) => [s.stage, s.state])).toEqual(
      graph.order.map((n) => [n, "missing"]),
    );
    expect(report.next).toMatchObject({ action: "DISPATCH", stage: "spec", fresh: true });
  });

  it("warns about skipped log lines on stderr and still answers", async () => {
    const repo = await designWith(graph, []);
    await repo.write(EVENTS_PATH, "");
    await appendFile(join(repo.dir, EVENTS_PATH), '{"type":"dispatch","id":\n');
    const { code, stdout, stderr } = await runCopperhead(repo.dir, "status", "--json");
    expect(code).toBe(0);
    expect(stderr).toBe(
      "warning: .copperhead/events.jsonl line 1: not valid JSON (truncated or garbled line) — skipped\n",
    );
    expect(statusReportSchema.parse(JSON.parse(stdout)).problems).toHaveLength(1);
  });

  it("warns about an event for a stage it does not know (a typo), instead of ignoring it", async () => {
    const repo = await designWith(graph, ["spec"]);
    const log = join(repo.dir, EVENTS_PATH);
    const lines = (await readFile(log, "utf8")).split("\n").filter(Boolean);
    const dispatch = lines.find((l) => JSON.parse(l).type === "dispatch")!;
    const typo = dispatch
      .replace('"stage":"spec"', '"stage":"sepc"')
      .replace(/"id":"[^"]+"/, '"id":"00000000-0000-4000-8000-00000000cafe"');
    await appendFile(log, `${typo}\n`);
    const { code, stdout, stderr } = await runCopperhead(repo.dir, "status");
    expect(code).toBe(0);
    expect(stderr).toBe(
      `warning: .copperhead/events.jsonl line ${lines.length + 1}: dispatch event for unknown stage "sepc" (the stages are ${graph.order.join(", ")}) — skipped\n`,
    );
    expect(stdout.split("\n")[1]).toMatch(/^spec\s+valid\s+1$/);
  });

  it("exits 2 outside a repository and on unknown flags", async () => {
    const outside = await runCopperhead("/proc/self", "status");
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(/not inside a git repository/);
    const repo = await tempRepo();
    expect((await runCopperhead(repo.dir, "status", "--frobnicate")).code).toBe(2);
  });

  it("reads another folder with --repo", async () => {
    const repo = await designWith(graph, []);
    const { code, stdout } = await runCopperhead("/", "status", "--repo", repo.dir);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^spec\s+missing\s+—/m);
  });

  it("answers for a log of 200k events (the attempt count used to overflow the stack)", async () => {
    const repo = await designWith(graph, ["spec"]);
    const log = join(repo.dir, EVENTS_PATH);
    const lines = (await readFile(log, "utf8")).split("\n").filter(Boolean);
    const dispatch = lines.find((l) => JSON.parse(l).type === "dispatch")!;
    const copies: string[] = [];
    for (let attempt = 2; attempt <= 200_001; attempt++) {
      const id = `00000000-0000-4000-8000-${String(attempt).padStart(12, "0")}`;
      copies.push(
        dispatch
          .replace(/"attempt":1\b/, `"attempt":${attempt}`)
          .replace(/"id":"[^"]+"/, `"id":"${id}"`),
      );
    }
    await appendFile(log, `${copies.join("\n")}\n`);
    const { code, stdout, stderr } = await runCopperhead(repo.dir, "status");
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout.split("\n")[1]).toMatch(/^spec\s+in-flight\s+200001\s/);
  });
});
