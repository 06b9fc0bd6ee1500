import { describe, expect, it } from "vitest";
import { stageGraph } from "../../../../stages/registry.js";
import { treeBytes } from "../../../helpers/tree-bytes.js";
import { runCopperhead, tempRepo, useTempRepos } from "../../flow/flow-fixture.js";

useTempRepos();

// `job push` checks the stage against the stage names instead of loading the registry (so a
// push spawn does not import every stage's gate); the refusal must still read as the stage
// commands' does, in the registry's order.
describe("copperhead job: usage refusals", () => {
  it("job push with an unknown stage exits 2, names every stage in flow order and writes nothing", async () => {
    const repo = await tempRepo();
    await repo.write("brief.md", "# a brief\n");
    await repo.commitAll("brief");
    const before = await treeBytes(repo.dir);
    const head = await repo.git("rev-parse", "HEAD");
    const { code, stderr } = await runCopperhead(repo.dir, "job", "push", "pcb");
    expect(code).toBe(2);
    expect(stderr).toContain(`unknown stage 'pcb' — use one of: ${stageGraph().order.join(", ")}`);
    expect(await treeBytes(repo.dir)).toEqual(before);
    expect(await repo.git("rev-parse", "HEAD")).toBe(head);
  });

  it("an unknown step, or push without a stage, exits 2 with the usage", async () => {
    const repo = await tempRepo();
    const unknown = await runCopperhead(repo.dir, "job", "pull");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown job step 'pull'");
    expect(unknown.stderr).toContain("copperhead job push <stage>");
    const bare = await runCopperhead(repo.dir, "job", "push");
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain("job push takes one stage name");
  });
});
