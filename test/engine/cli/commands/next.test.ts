import { describe, expect, it, vi } from "vitest";
import { readEventLog } from "../../../../engine/flow/event-log.js";
import { stageGraph } from "../../../../stages/registry.js";
import { designWith, runCopperhead, useTempRepos } from "../../flow/flow-fixture.js";

// Whole KiCad exports and gate runs: minutes on a loaded two-core machine, not a timing target.
vi.setConfig({ testTimeout: 600_000 });

useTempRepos();

describe("copperhead next", () => {
  it("prints the scheduler's action without writing anything", async () => {
    const repo = await designWith(stageGraph(), []);
    const { code, stdout } = await runCopperhead(repo.dir, "next");
    expect(code).toBe(0);
    expect(stdout).toBe(
      "DISPATCH spec attempt 1 (first run; may be adopted if its gate already passes)\n",
    );
    expect((await readEventLog(repo.dir)).events).toEqual([]);
  });

  it("--adopt records adopted passes first, then reports DONE", async () => {
    const repo = await designWith(stageGraph(), [], { realOutputs: true });
    const { code, stdout } = await runCopperhead(repo.dir, "next", "--adopt");
    expect(code).toBe(0);
    expect(stdout).toContain("adopted spec (its gate passes on the files as they are)\n");
    expect(stdout.endsWith("DONE every stage has a valid pass\n")).toBe(true);
    expect((await readEventLog(repo.dir)).events).toHaveLength(8);
  });

  it("--json gives the action as data", async () => {
    const repo = await designWith(stageGraph(), stageGraph().order);
    const { stdout } = await runCopperhead(repo.dir, "next", "--json");
    expect(JSON.parse(stdout)).toEqual({ schema: 1, next: { action: "DONE" }, adoptions: [] });
  });
});
