import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, it } from "vitest";
import { git } from "../../../../engine/repo/git.js";
import {
  ANTHROPIC,
  cli,
  commitEverything,
  design,
  expectNothingLeaked,
  FILE_OF,
  FINDING_KIND,
  GITHUB,
  KINDS,
  MARKER,
  plant,
  SECRET_A,
  type Target,
  useUntrustedDesign,
} from "../untrusted-fixture.js";

/**
 * Issue 11 through `copperhead stage`, the command each workflow job runs: the schematic stage
 * attempted on a design whose sheet, library table and board point outside. The model (a
 * scripted session that only finishes) changes nothing, so the attempt's gate judges the planted
 * design: it must fail naming each refused path, with nothing of the targets or the planted
 * secrets in what the command printed, in outcome.json, the transcript or any commit message.
 * A FIFO cannot be committed (the stage refuses a dirty tree), so the FIFO cases stay with
 * `next --adopt` in untrusted-design.test.ts; a committed symlink to a FIFO is covered here.
 */

useUntrustedDesign();

const STAGE_TARGETS: readonly Target[] = ["etc", "proc", "symlink", "symlink-fifo"];

/** Every file the attempt left under .copperhead/runs, and every commit message. */
async function recorded(dir: string): Promise<string> {
  const runs = join(dir, ".copperhead/runs");
  const files = (await readdir(runs, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  const texts = await Promise.all(files.map((file) => readFile(file, "utf8")));
  return [await git(dir, ["log", "--all", "--format=%B"]), ...texts].join("\n");
}

describe.concurrent("copperhead stage schematic on a design pointing outside", () => {
  it.for(STAGE_TARGETS)(
    "→ %s: the attempt fails its gate naming every path; nothing leaks anywhere",
    { timeout: 600_000 },
    async (target, { expect }) => {
      const repo = await design();
      for (const kind of KINDS) await plant(repo, kind, target);
      // The config names the planted sheet, so the stage's prepare scaffolds nothing beside it.
      await repo.write(
        ".copperhead/config.json",
        JSON.stringify({ paths: { schematic: FILE_OF.sheet, board: FILE_OF.model } }),
      );
      // The session sits in .git/, so it is neither part of the tree nor a file of another run.
      const script = join(repo.dir, ".git", "finish.json");
      await writeFile(
        script,
        JSON.stringify([{ tools: [{ name: "finish", input: { outcome: "done", summary: "x" } }] }]),
      );
      await commitEverything(repo.dir, "the planted design");
      // Upstream of the schematic (spec, architecture, parts) is adopted as it stands.
      const adopt = await cli(repo, "next", "--adopt");
      const run = await cli(
        repo,
        "stage",
        "schematic",
        "--force",
        "--json",
        "--provider",
        "scripted",
        "--script",
        script,
      );
      for (const r of [adopt, run]) expectNothingLeaked(r);
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(1);
      const written = await recorded(repo.dir);
      for (const forbidden of [MARKER, "root:x:0", SECRET_A, ANTHROPIC, GITHUB])
        expect(written).not.toContain(forbidden);
      const outcome = JSON.parse(
        await readFile(join(repo.dir, ".copperhead/runs/schematic/1/outcome.json"), "utf8"),
      ) as { verdict: string; evidence: Array<{ check: string; ok: boolean; detail: string }> };
      expect(outcome.verdict).not.toBe("pass");
      const failed = outcome.evidence.filter((e) => !e.ok).map((e) => e.detail);
      for (const kind of KINDS) {
        expect(
          failed.some((d) => d.includes(FILE_OF[kind]) && d.includes(FINDING_KIND[target])),
          `${kind}: ${failed.join(" | ")}`,
        ).toBe(true);
      }
    },
  );
});
