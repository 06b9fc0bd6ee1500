import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DiffReport, diffReportSchema } from "../../../../engine/diff/diff-report.js";
import { git } from "../../../../engine/repo/git.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";
import { copperhead } from "../../diff/helpers/copperhead.js";
import { AUTHOR, type DemoRepo, demoRepo } from "../../diff/helpers/demo-repo.js";
import { seeded } from "../../diff/helpers/design-files.js";
import {
  plantFootprintSwap,
  plantTrackDeletion,
  plantValueChange,
} from "../../diff/helpers/plant-edits.js";

const ROOT = "pic_programmer.kicad_sch";
const BOARD = "pic_programmer.kicad_pcb";

let repo: DemoRepo;
let clone: TempDir;
let valueCommit: string;
let base: string;

async function json(cwd: string, args: string[]): Promise<DiffReport> {
  const run = await copperhead(["diff", "--json", ...args], cwd);
  expect(run.stderr).toBe("");
  expect(run.exitCode).toBe(0);
  return diffReportSchema.parse(JSON.parse(run.stdout));
}

const kinds = (r: DiffReport) => [...r.schematic.changes, ...r.board.changes].map((c) => c.kind);

beforeAll(async () => {
  repo = await demoRepo("pic_programmer");
  base = (await repo.git(["rev-parse", "HEAD"])).trim();
  // A clone: origin/HEAD names the default branch, as after `git clone` or actions/checkout.
  clone = await makeTempDir("copperhead-diff-clone-");
  await git(clone.dir, ["clone", "-q", repo.dir, "."]);
  await git(clone.dir, ["checkout", "-q", "-b", "feature"]);
  const value = await plantValueChange(repo.files, ROOT, seeded(1));
  for (const [path, text] of value!.files)
    if (text !== repo.files.get(path)) await writeFile(join(clone.dir, path), text);
  await git(clone.dir, ["commit", "-qam", "value"], { env: AUTHOR });
  valueCommit = (await git(clone.dir, ["rev-parse", "HEAD"])).trim();
  // And in the working tree, uncommitted: a footprint swap.
  const swap = await plantFootprintSwap(value!.files, ROOT, seeded(2));
  for (const [path, text] of swap!.files)
    if (text !== value!.files.get(path)) await writeFile(join(clone.dir, path), text);
});
afterAll(async () => {
  await repo.remove();
  await clone.remove();
});

describe("copperhead diff (built CLI)", () => {
  it("by default compares the merge base with the default branch against the working tree", async () => {
    const report = await json(clone.dir, ["--no-checks"]);
    expect(report.before).toEqual({ label: "merge base with origin/main", commit: base });
    expect(report.after).toEqual({ label: "working tree", commit: null });
    expect(report.design).toEqual({ schematic: ROOT, board: BOARD });
    expect(kinds(report).sort()).toEqual(["footprint-changed", "value-changed"]);
  });

  it("reads one revision against the working tree, and two revisions (also as A..B and A...B)", async () => {
    expect(kinds(await json(clone.dir, ["HEAD", "--no-checks"]))).toEqual(["footprint-changed"]);
    const pair = await json(clone.dir, ["origin/main", "HEAD", "--no-checks"]);
    expect(pair.before.commit).toBe(base);
    expect(pair.after).toEqual({ label: "HEAD", commit: valueCommit });
    expect(kinds(pair)).toEqual(["value-changed"]);
    expect(await json(clone.dir, ["origin/main..HEAD", "--no-checks"])).toEqual(pair);
    const triple = await json(clone.dir, ["origin/main...HEAD", "--no-checks"]);
    expect(triple.before).toEqual({ label: "merge base of origin/main and HEAD", commit: base });
    expect(kinds(triple)).toEqual(["value-changed"]);
    // Nothing between a commit and itself.
    const same = await json(clone.dir, ["HEAD", "HEAD", "--no-checks"]);
    expect(same.identical).toBe(true);
    expect(same.schematic.status).toBe("unchanged");
    expect(same.board.status).toBe("unchanged");
  });

  it("prints the same bytes for the same pair of revisions", async () => {
    const a = await copperhead(["diff", "origin/main", "HEAD", "--json", "--no-checks"], clone.dir);
    const b = await copperhead(["diff", "origin/main", "HEAD", "--json", "--no-checks"], clone.dir);
    expect(a.exitCode).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    const text = await copperhead(["diff", "origin/main", "HEAD", "--no-checks"], clone.dir);
    expect(text.stdout).toMatch(
      /^copperhead diff: origin\/main \([0-9a-f]{10}\) → HEAD \([0-9a-f]{10}\)\n/,
    );
    expect(text.stdout).toContain("\n  ~ value ");
    expect(text.stdout).toContain("\nboard: unchanged\n");
  });

  it("with --exit-code exits 1 when something changed and 0 when nothing did", async () => {
    expect(
      (await copperhead(["diff", "origin/main", "HEAD", "--no-checks", "--exit-code"], clone.dir))
        .exitCode,
    ).toBe(1);
    expect(
      (await copperhead(["diff", "HEAD", "HEAD", "--no-checks", "--exit-code"], clone.dir))
        .exitCode,
    ).toBe(0);
  });

  it("runs ERC, DRC, legibility and score on both sides and counts them by kind", async () => {
    const track = plantTrackDeletion(repo.files, BOARD, seeded(3))!;
    await repo.write(track.files);
    try {
      const report = await json(repo.dir, ["HEAD"]);
      expect(report.board.changes).toEqual([expect.objectContaining(track.expected)]);
      const drc = report.checks!.drc!;
      const unconnected = drc.byKind.find((k) => k.kind === "unconnected_items");
      // kicad-cli's DRC sees the gap the deleted segment left.
      expect(unconnected!.after).toBeGreaterThan(unconnected?.before ?? 0);
      expect(report.checks!.routed!.after!).toBeLessThan(report.checks!.routed!.before!);
      // The schematic did not change: its checks ran once for both sides and agree.
      expect(report.checks!.erc!.byKind.every((k) => k.before === k.after)).toBe(true);
      expect(report.checks!.score!.after).toBe(report.checks!.score!.before);
    } finally {
      await repo.write(repo.files, [BOARD]);
    }
  });

  it("exits 2 with what to fix on bad input", async () => {
    const outside = await makeTempDir("copperhead-diff-norepo-");
    try {
      const cases: [string, string[], RegExp][] = [
        [clone.dir, ["no-such-branch"], /unknown revision "no-such-branch" — name a commit/],
        [clone.dir, ["a", "b", "c"], /too many revisions/],
        [
          clone.dir,
          ["--project", "nowhere.kicad_sch"],
          /nowhere\.kicad_sch exists in neither revision/,
        ],
        [clone.dir, ["--bogus"], /Unknown option '--bogus'/],
        [outside.dir, [], /is not inside a git repository/],
      ];
      for (const [cwd, args, message] of cases) {
        const run = await copperhead(["diff", "--no-checks", ...args], cwd);
        expect(run.exitCode, args.join(" ")).toBe(2);
        expect(run.stderr).toMatch(/^copperhead diff: /);
        expect(run.stderr).toMatch(message);
        expect(run.stdout).toBe("");
      }
      // A repository that never heard of a default branch: say how to name the base.
      await git(outside.dir, ["init", "-q", "-b", "trunk"]);
      await git(outside.dir, ["commit", "-q", "--allow-empty", "-m", "x"], { env: AUTHOR });
      const run = await copperhead(["diff", "--no-checks"], outside.dir);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toMatch(/cannot tell which branch .* name the base revision/);
      const design = await copperhead(["diff", "HEAD", "--no-checks"], outside.dir);
      expect(design.stderr).toMatch(/no KiCad design in either revision/);
    } finally {
      await outside.remove();
    }
  });
});
