import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DiffReport, diffReportSchema } from "../../../engine/diff/diff-report.js";
import { resaveBoardWithPcbnew } from "./helpers/churn.js";
import { copperhead } from "./helpers/copperhead.js";
import { type DemoRepo, demoRepo } from "./helpers/demo-repo.js";
import { seeded } from "./helpers/design-files.js";
import { plantFootprintMove, plantValueChange } from "./helpers/plant-edits.js";

const ROOT = "pic_programmer.kicad_sch";
const BOARD = "pic_programmer.kicad_pcb";

let repo: DemoRepo;
beforeAll(async () => {
  repo = await demoRepo("pic_programmer");
});
afterAll(() => repo.remove());

async function withImages(dir: string, args: string[] = []): Promise<DiffReport> {
  const run = await copperhead(
    ["diff", "--json", "--no-checks", "--images", dir, ...args],
    repo.dir,
  );
  expect(run.stderr).toBe("");
  expect(run.exitCode).toBe(0);
  return diffReportSchema.parse(JSON.parse(run.stdout));
}

/** Width and height from a PNG's IHDR, after checking the signature. */
async function pngSize(path: string): Promise<{ width: number; height: number; sha: string }> {
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 8)).toEqual(
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  );
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return {
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    sha: createHash("sha256").update(bytes).digest("hex"),
  };
}

describe("overlay pictures (built CLI, real kicad-cli renders)", () => {
  it("draws only the page that changed, overview and crop, and the same bytes on a rerun", async () => {
    const edit = (await plantValueChange(repo.files, ROOT, seeded(11)))!;
    await repo.write(edit.files);
    try {
      const report = await withImages("out");
      expect(report.schematic.changes).toEqual([expect.objectContaining(edit.expected)]);
      const pictures = report.pictures!;
      const page = edit.file === ROOT ? "/" : "/pic_sockets/";
      expect(pictures.map((p) => [p.kind, p.name])).toEqual([["sheet", page]]);
      const [picture] = pictures;
      expect(picture!.removed + picture!.added).toBeGreaterThan(0);
      expect(picture!.overview).toBe(`out/sheet-${page === "/" ? "root" : "pic_sockets"}.png`);
      expect(picture!.crops.length).toBeGreaterThanOrEqual(1);
      const overview = await pngSize(join(repo.dir, picture!.overview));
      expect(overview.width).toBe(1600);
      const crop = await pngSize(join(repo.dir, picture!.crops[0]!));
      expect(Math.max(crop.width, crop.height)).toBeLessThanOrEqual(1600);
      // Rerun: same report, same pixels.
      const again = await withImages("out");
      expect(again).toEqual(report);
      expect((await pngSize(join(repo.dir, again.pictures![0]!.overview))).sha).toBe(overview.sha);
      expect((await pngSize(join(repo.dir, again.pictures![0]!.crops[0]!))).sha).toBe(crop.sha);
    } finally {
      await repo.write(repo.files, [edit.file]);
    }
  });

  it("draws the board layers a moved footprint is on, and no sheet", async () => {
    const edit = plantFootprintMove(repo.files, BOARD, seeded(5))!;
    await repo.write(edit.files);
    try {
      const report = await withImages("moved");
      expect(report.board.changes).toEqual([expect.objectContaining(edit.expected)]);
      const pictures = report.pictures!;
      expect(pictures.every((p) => p.kind === "layer")).toBe(true);
      expect(pictures.length).toBeGreaterThan(0);
      const layers = pictures.map((p) => p.name);
      expect(layers.some((l) => l.endsWith(".Cu") || l.endsWith(".SilkS"))).toBe(true);
      expect(layers).not.toContain("Edge.Cuts");
      for (const p of pictures) {
        expect(p.removed).toBeGreaterThan(0);
        expect(p.added).toBeGreaterThan(0);
        for (const file of [p.overview, ...p.crops])
          expect((await pngSize(join(repo.dir, file))).width).toBeGreaterThan(100);
      }
    } finally {
      await repo.write(repo.files, [BOARD]);
    }
  });

  it("draws nothing for a pcbnew re-save, although the board file changed", async () => {
    await resaveBoardWithPcbnew(join(repo.dir, BOARD));
    try {
      const report = await withImages("resave");
      expect(report.board.status).toBe("compared");
      expect(report.identical).toBe(true);
      expect(report.pictures).toEqual([]);
    } finally {
      await repo.git(["checkout", "--", "."]);
    }
  });
});
