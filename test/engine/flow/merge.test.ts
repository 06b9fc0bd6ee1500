import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recordDispatch } from "../../../engine/flow/dispatch.js";
import { readEventLog } from "../../../engine/flow/event-log.js";
import { readFlow } from "../../../engine/flow/read-flow.js";
import { EVENTS_PATH } from "../../../engine/flow/run-paths.js";
import { GitError } from "../../../engine/repo/git.js";
import { stageGraph } from "../../../stages/registry.js";
import { fromTemplate, runStage, useTempRepos, writeDesign } from "./flow-fixture.js";

useTempRepos();
const graph = stageGraph();

/** A repo at main with spec → schematic passed and committed, and two branches off it. */
function forkedRepo() {
  return fromTemplate("forked", async (repo) => {
    await writeDesign(repo);
    for (const stage of ["spec", "architecture", "parts", "schematic"]) {
      await runStage(repo, graph, stage, "pass");
    }
    await repo.commitAll("design through the schematic");
    await repo.git("branch", "firmware-job");
    await repo.git("switch", "-q", "-c", "layout-job");
    await runStage(repo, graph, "layout", "pass");
    await repo.commitAll("copperhead(layout)");
    await repo.git("switch", "-q", "firmware-job");
    await runStage(repo, graph, "firmware", "fail");
    await recordDispatch(repo.dir, graph, { stage: "firmware" });
    await repo.commitAll("copperhead(firmware)");
  });
}

describe("event log under git merges", () => {
  it("two branches appending to the log merge into a valid log", async () => {
    const repo = await forkedRepo();
    await repo.git("switch", "-q", "layout-job");
    await repo.git("merge", "-q", "--no-edit", "firmware-job");
    const log = await readEventLog(repo.dir);
    expect(log.problems).toEqual([]);
    // 4 stages × (dispatch + outcome) on main, 2 on the layout branch, 3 on the firmware one.
    expect(log.events).toHaveLength(13);
    expect(new Set(log.events.map((e) => e.id)).size).toBe(13);
    const flow = await readFlow(repo.dir, graph);
    expect(flow.statuses.get("layout")!.state).toBe("valid");
    expect(flow.statuses.get("firmware")).toMatchObject({ state: "in-flight", attempt: 2 });
    expect(flow.statuses.get("schematic")!.state).toBe("valid");
  });

  it("merging the other way round yields the same events in the same order", async () => {
    const repo = await forkedRepo();
    const mergedLog = async (ours: string, theirs: string) => {
      await repo.git("switch", "-q", "-c", `merge-into-${ours}`, ours);
      await repo.git("merge", "-q", "--no-edit", theirs);
      const text = await readFile(join(repo.dir, EVENTS_PATH), "utf8");
      return { text, ids: (await readEventLog(repo.dir)).events.map((e) => e.id) };
    };
    const one = await mergedLog("firmware-job", "layout-job");
    const two = await mergedLog("layout-job", "firmware-job");
    // git puts "our" side's new lines first, so the files differ; the derived order does not.
    expect(two.text).not.toBe(one.text);
    expect(two.ids).toEqual(one.ids);
  });

  it("without the union driver the same merge conflicts (the attribute is what makes it work)", async () => {
    const repo = await forkedRepo();
    await repo.git("switch", "-q", "layout-job");
    await repo.write(".git/info/attributes", ".copperhead/events.jsonl merge=text\n");
    await expect(repo.git("merge", "-q", "--no-edit", "firmware-job")).rejects.toBeInstanceOf(
      GitError,
    );
  });
});
