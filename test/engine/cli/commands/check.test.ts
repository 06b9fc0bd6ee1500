import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { describe, it } from "vitest";
import { checkReportSchema } from "../../../../engine/check/check-report.js";
import { runCli } from "../../../../engine/cli/run-cli.js";
import { captureIo } from "../../../helpers/capture-io.js";
import {
  copyFixtureProject,
  REPO_ROOT,
  type TempProject,
} from "../../../helpers/fixture-project.js";
import { makeTempDir } from "../../../helpers/temp-dir.js";

async function checkJson(cwd: string, args: string[] = []) {
  const io = captureIo(cwd);
  const code = await runCli(["check", "--json", ...args], io);
  return { code, report: checkReportSchema.parse(JSON.parse(io.out())), err: io.err() };
}

/** The LED sheet with the PWR_FLAG value dragged onto J1's body: a real text collision. */
async function collide(project: TempProject, generator?: string): Promise<void> {
  const sheet = project.path("led.kicad_sch");
  let text = await readFile(sheet, "utf8");
  text = text.replace("(at 66.04 81.28 0)", "(at 52.07 77.47 0)");
  if (generator)
    text = text.replace('(generator "copperhead-example")', `(generator "${generator}")`);
  await writeFile(sheet, text);
}

async function withProject<T>(use: (p: TempProject) => Promise<T>): Promise<T> {
  const project = await copyFixtureProject();
  try {
    return await use(project);
  } finally {
    await project.remove();
  }
}

describe.concurrent("copperhead check", () => {
  it("passes the bundled LED example with every check run, and prints a section per check", async ({
    expect,
  }) => {
    const io = captureIo(REPO_ROOT);
    expect(await runCli(["check", "examples/led"], io)).toBe(0);
    const text = io.out();
    expect(text).toContain("schematic: led.kicad_sch · board: led.kicad_pcb · docs: docs");
    expect(text).toContain("ERC: clean (0 error(s), 0 warning(s)) over 1 sheet(s)");
    expect(text).toContain("DRC: clean (0 error(s), 0 warning(s)) · schematic parity checked");
    expect(text).toContain("legibility: 0 error, 1 advisory finding(s) across 1 sheet(s):");
    expect(text).toContain("drift: clean");
    expect(text).toMatch(/^score: \d+(\.\d+)?\/100$/m);
    expect(text.trimEnd().endsWith("check: ok")).toBe(true);

    const { code, report } = await checkJson(REPO_ROOT, ["examples/led"]);
    expect(code).toBe(0);
    expect(report).toMatchObject({
      ok: true,
      failures: [],
      erc: { status: "ran", counts: { errors: 0, warnings: 0 } },
      drc: {
        status: "ran",
        counts: { errors: 0, warnings: 0 },
        schematicParity: { status: "ran" },
      },
      legibility: { status: "ran", gated: false, engineSheets: [] },
      score: { status: "ran", report: { cap: null } },
      drift: { status: "ran", documents: ["docs/BOM.md", "docs/PINOUT.md"], findings: [] },
    });
  });

  it("reports legibility errors on a hand-drawn sheet as advisory: exit 0", async ({ expect }) => {
    await withProject(async (project) => {
      await collide(project);
      const { code, report } = await checkJson(project.dir);
      expect(code).toBe(0);
      if (report.legibility.status !== "ran") throw new Error("legibility did not run");
      expect(report.legibility.gated).toBe(false);
      expect(report.legibility.report.counts.error).toBeGreaterThan(0);
      expect(report.legibility.text).toContain("text-collision");
      // A text collision is an error finding but not one that caps the score (only
      // symbol-overlap and wire-through-symbol do: docs/score.md); the text-clarity metric
      // counts it instead, and the check still passes.
      expect(report.score).toMatchObject({ status: "ran", report: { cap: null } });
      if (report.score.status !== "ran") throw new Error("score did not run");
      const clarity = report.score.report.metrics.find((m) => m.name === "text-clarity");
      expect(clarity?.raw).toBeGreaterThan(0);
    });
  });

  it("gates legibility errors on a copperhead-stamped sheet of a create-origin repo: exit 1", async ({
    expect,
  }) => {
    await withProject(async (project) => {
      await collide(project, "copperhead");
      await mkdir(project.path(".copperhead"));
      await writeFile(
        project.path(".copperhead/config.json"),
        JSON.stringify({ origin: "create" }),
      );
      const gated = await checkJson(project.dir);
      expect(gated.code).toBe(1);
      expect(gated.report.legibility).toMatchObject({ gated: true, engineSheets: ["/"] });
      expect(gated.report.failures).toEqual([
        expect.stringMatching(
          /^legibility: \d+ error-severity finding\(s\) on copperhead-drafted sheets$/,
        ),
      ]);

      // The same stamped sheet in a repo copperhead did not create: findings stay advisory.
      await writeFile(project.path(".copperhead/config.json"), JSON.stringify({ origin: "init" }));
      const advisory = await checkJson(project.dir);
      expect(advisory.code).toBe(0);
      expect(advisory.report.legibility).toMatchObject({ gated: false });
    });
  });

  it("fails on drift between BOM.md and the schematic, naming row, claim and actual", async ({
    expect,
  }) => {
    await withProject(async (project) => {
      const bom = project.path("docs/BOM.md");
      await writeFile(bom, (await readFile(bom, "utf8")).replace("330 Ω", "470 Ω"));
      const { code, report } = await checkJson(project.dir);
      expect(code).toBe(1);
      if (report.drift.status !== "ran") throw new Error("drift did not run");
      expect(report.drift.findings).toEqual([
        expect.objectContaining({ document: "docs/BOM.md", row: 6, claim: "470 Ω", actual: "330" }),
      ]);
      expect(report.failures).toEqual(["drift: 1 mismatch(es) between the docs and the schematic"]);
    });
  });

  it("fails on ERC violations of a schematic given as a file", async ({ expect }) => {
    const { code, report } = await checkJson(REPO_ROOT, [
      "test/fixtures/kicad/led-variants/led_open.kicad_sch",
    ]);
    expect(code).toBe(1);
    expect(report.erc).toMatchObject({ status: "ran", counts: { errors: 2 } });
    expect(report.drc).toMatchObject({ status: "skipped" });
    expect(report.failures).toEqual(["ERC: 2 error(s), 0 warning(s)"]);
  });

  it("says no schematic is configured and still runs what it can", async ({ expect }) => {
    const dir = await makeTempDir();
    try {
      const { code, report } = await checkJson(dir.dir);
      expect(code).toBe(0);
      for (const section of [report.erc, report.legibility, report.drift]) {
        expect(section).toMatchObject({
          status: "skipped",
          reason: expect.stringContaining("no schematic configured"),
        });
      }
      const io = captureIo(dir.dir);
      expect(await runCli(["check"], io)).toBe(0);
      expect(io.out()).toContain("legibility: skipped — no schematic configured");
    } finally {
      await dir.remove();
    }
  });

  it("exits 2 with a fix for bad input", async ({ expect }) => {
    const missing = captureIo(REPO_ROOT);
    expect(await runCli(["check", "no/such/folder"], missing)).toBe(2);
    expect(missing.err()).toContain("no/such/folder does not exist");

    const several = captureIo(REPO_ROOT);
    expect(await runCli(["check", "test/fixtures/kicad/led-variants"], several)).toBe(2);
    expect(several.err()).toContain("holds several KiCad projects");

    await withProject(async (project) => {
      await mkdir(project.path(".copperhead"));
      await writeFile(
        project.path(".copperhead/config.json"),
        JSON.stringify({ paths: { schematic: "hardware/gone.kicad_sch" } }),
      );
      const io = captureIo(project.dir);
      expect(await runCli(["check"], io)).toBe(2);
      expect(io.err()).toContain(
        "names the schematic hardware/gone.kicad_sch, which does not exist",
      );

      await writeFile(project.path(".copperhead/config.json"), "{ not json");
      const broken = captureIo(project.dir);
      expect(await runCli(["check"], broken)).toBe(2);
      expect(broken.err()).toContain("fix the JSON syntax in .copperhead/config.json");
    });
  });

  it("compares the board with its schematic (parity), as docs/check.md says", async ({
    expect,
  }) => {
    const { code, report } = await checkJson(REPO_ROOT, [
      "test/fixtures/kicad/led-variants/led_parity.kicad_sch",
    ]);
    expect(code).toBe(1);
    expect(report.drc).toMatchObject({ status: "ran", schematicParity: { status: "ran" } });
    const drc = report.drc.status === "ran" ? report.drc : undefined;
    expect(drc?.parity.length).toBeGreaterThan(0);
    expect(drc?.violations).toEqual([]);
    expect(report.failures).toEqual([expect.stringMatching(/^DRC: /)]);
  });

  it("still checks the board when parity cannot run, and says why", async ({ expect }) => {
    await withProject(async (project) => {
      // The configured board sits beside a same-named sheet kicad-cli cannot load (rc 255).
      await mkdir(project.path("board"));
      await copyFile(project.path("led.kicad_pcb"), project.path("board/led.kicad_pcb"));
      await writeFile(project.path("board/led.kicad_sch"), "garbage\n");
      await mkdir(project.path(".copperhead"));
      await writeFile(
        project.path(".copperhead/config.json"),
        JSON.stringify({ paths: { schematic: "led.kicad_sch", board: "board/led.kicad_pcb" } }),
      );
      const { code, report } = await checkJson(project.dir);
      // The board was still checked (away from its fp-lib-table it warns about footprints).
      expect(report.drc).toMatchObject({
        status: "ran",
        schematicParity: {
          status: "skipped",
          reason: expect.stringMatching(
            /could not compare the board with led\.kicad_sch: make led\.kicad_sch load/,
          ),
        },
      });
      expect(report.erc).toMatchObject({ status: "ran", counts: { errors: 0, warnings: 0 } });
      expect(code).toBe(1);
    });
  });
});
