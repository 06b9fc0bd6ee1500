import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { copyFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type DiffReport, diffReportSchema } from "../../../engine/diff/diff-report.js";
import { DEMO_DIR } from "../../helpers/demo-corpus.js";
import { KICAD_FIXTURES } from "../../helpers/fixture-project.js";
import { churnUuids, churnWhitespace, resaveBoardWithPcbnew } from "./helpers/churn.js";
import { copperhead } from "./helpers/copperhead.js";
import { type DemoRepo, demoRepo } from "./helpers/demo-repo.js";
import { seeded } from "./helpers/design-files.js";

const RESAVED = join(KICAD_FIXTURES, "../diff/resaved");

async function diffLastCommit(repo: DemoRepo, checks: boolean): Promise<DiffReport> {
  const run = await copperhead(
    ["diff", "HEAD~1", "HEAD", "--json", ...(checks ? [] : ["--no-checks"])],
    repo.dir,
  );
  expect(run.stderr).toBe("");
  expect(run.exitCode).toBe(0);
  return diffReportSchema.parse(JSON.parse(run.stdout));
}

/** What "reports nothing" means: no change anywhere, and every check the same on both sides. */
function expectNothing(report: DiffReport): void {
  expect(report.schematic.changes).toEqual([]);
  expect(report.board.changes).toEqual([]);
  expect(report.identical).toBe(true);
  const checks = report.checks;
  if (!checks) return;
  for (const rule of [checks.erc, checks.drc, checks.legibility]) {
    for (const k of rule?.byKind ?? []) expect(k.after, k.kind).toBe(k.before);
  }
  expect(checks.score?.after).toBe(checks.score?.before);
  expect(checks.routed?.after).toBe(checks.routed?.before);
}

async function changedFiles(repo: DemoRepo): Promise<string[]> {
  return (await repo.git(["diff", "--name-only", "HEAD~1", "HEAD"])).split("\n").filter(Boolean);
}

describe("noise that is no change", () => {
  it.each([
    ["simulation/subsheets", "subsheets", false],
    ["simulation/power_supplies/boost", "boost", false],
    ["simulation/laser_driver", "laser_driver", true],
  ] as const)("a pure eeschema re-save of %s reports nothing", async (demo, fixture, checks) => {
    const sources = JSON.parse(readFileSync(join(RESAVED, "sources.json"), "utf8")) as Record<
      string,
      string
    >;
    const repo = await demoRepo(demo);
    try {
      for (const name of await readdir(join(RESAVED, fixture))) {
        const original = readFileSync(join(DEMO_DIR, demo, name));
        const recorded = sources[`${demo}/${name}`];
        expect(
          createHash("sha256").update(original).digest("hex"),
          `${demo}/${name} is not the demo the re-save was made from`,
        ).toBe(recorded);
        await copyFile(join(RESAVED, fixture, name), join(repo.dir, name));
      }
      await repo.commit("re-saved in eeschema 9.0.8");
      // Not vacuous: KiCad's save rewrote the files.
      expect(
        (await changedFiles(repo)).filter((f) => f.endsWith(".kicad_sch")).length,
      ).toBeGreaterThan(0);
      const report = await diffLastCommit(repo, checks);
      expect(report.schematic.status).toBe("compared");
      expectNothing(report);
      if (checks) expect(report.checks?.erc?.byKind.length).toBeGreaterThan(0);
    } finally {
      await repo.remove();
    }
  });

  it.each([
    ["pic_programmer", "pic_programmer.kicad_pcb", true],
    ["complex_hierarchy", "complex_hierarchy.kicad_pcb", false],
    ["interf_u", "interf_u.kicad_pcb", false],
  ] as const)("a pure pcbnew re-save of %s reports nothing", async (demo, board, checks) => {
    const repo = await demoRepo(demo);
    try {
      await resaveBoardWithPcbnew(join(repo.dir, board));
      await repo.commit("re-saved by pcbnew");
      expect(await changedFiles(repo)).toContain(board);
      const report = await diffLastCommit(repo, checks);
      expect(report.board.status).toBe("compared");
      expectNothing(report);
      if (checks) expect(report.checks?.routed?.before).toBeGreaterThan(0);
    } finally {
      await repo.remove();
    }
  });

  it("whitespace churn in every sheet and the board reports nothing, and KiCad loads it the same", async () => {
    const repo = await demoRepo("pic_programmer");
    try {
      const random = seeded(2024);
      const churned = new Map(
        [...repo.files].map(([path, text]) => [path, churnWhitespace(text, random)]),
      );
      await repo.write(churned);
      await repo.commit("whitespace only");
      expect((await changedFiles(repo)).length).toBe(repo.files.size);
      const report = await diffLastCommit(repo, true);
      expect(report.schematic.status).toBe("compared");
      expect(report.board.status).toBe("compared");
      expectNothing(report);
    } finally {
      await repo.remove();
    }
  });

  it.each([
    ["pic_programmer", true],
    ["video", false],
  ] as const)("uuid churn across %s's sheets and board reports nothing", async (demo, checks) => {
    const repo = await demoRepo(demo);
    try {
      await repo.write(churnUuids(repo.files, seeded(7)));
      await repo.commit("every uuid regenerated");
      expect((await changedFiles(repo)).length).toBe(repo.files.size);
      const report = await diffLastCommit(repo, checks);
      expect(report.schematic.status).toBe("compared");
      expectNothing(report);
    } finally {
      await repo.remove();
    }
  });
});
