import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { exportDesign } from "../../../../engine/kicad/export/export-design.js";
import type { OrderPart } from "../../../../engine/kicad/export/ordering-bom.js";
import { UnsafeDesignError } from "../../../../engine/kicad/paths/unsafe-design-error.js";
import { git } from "../../../../engine/repo/git.js";

// A whole KiCad export: minutes on a loaded two-core machine, not a timing target.
vi.setConfig({ testTimeout: 600_000 });

const LED = resolve(import.meta.dirname, "../../../../examples/led");
const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A git repository holding the LED example at `at`, its board's first 3-D model re-pointed. */
async function ledRepo(at: string, model: string): Promise<{ repo: string; project: string }> {
  const repo = await mkdtemp(join(tmpdir(), "copperhead-export-"));
  made.push(repo);
  await git(repo, ["init", "-q"]);
  const project = join(repo, at);
  await mkdir(project, { recursive: true });
  await cp(LED, project, { recursive: true });
  const board = join(project, "led.kicad_pcb");
  const text = await readFile(board, "utf8");
  expect(text).toMatch(/\(model "[^"]*"/);
  await writeFile(board, text.replace(/\(model "[^"]*"/, `(model ${JSON.stringify(model)}`));
  return { repo, project };
}

const parts: OrderPart[] = [
  {
    ref: "D1",
    value: "LED",
    footprint: "LED_SMD:LED_0805_2012Metric",
    mpn: "",
    manufacturer: "",
    lcsc: "",
    digikey: "",
    mouser: "",
    dnp: false,
  },
];

describe("exportDesign: the design is pre-flighted before anything is loaded or exported", () => {
  it("refuses a board whose 3-D model is /proc/self/environ: nothing exported", async () => {
    const { repo, project } = await ledRepo("hardware", "/proc/self/environ");
    const dest = join(repo, "out");
    await mkdir(dest);
    const exporting = exportDesign(
      {
        board: join(project, "led.kicad_pcb"),
        schematic: join(project, "led.kicad_sch"),
        parts: [],
      },
      dest,
    );
    await expect(exporting).rejects.toBeInstanceOf(UnsafeDesignError);
    await expect(exporting).rejects.toMatchObject({
      findings: [
        expect.objectContaining({
          kind: "path-outside-repo",
          file: "hardware/led.kicad_pcb",
          path: "/proc/self/environ",
        }),
      ],
    });
    expect(await readdir(dest)).toEqual([]);
  });

  it("exports a deep project whose model climbs to the repository root: the copy climbs as far", async () => {
    // Inside the repository from the original's folder; from a copy at the scratch folder's top
    // it would leave the scratch folder, and the copy's own pre-flight would refuse it.
    const { repo, project } = await ledRepo(
      "boards/led/hardware",
      `\${KIPRJMOD}/../../../models/led.step`,
    );
    const dest = join(repo, "out");
    await mkdir(dest);
    const files = await exportDesign(
      {
        board: join(project, "led.kicad_pcb"),
        schematic: join(project, "led.kicad_sch"),
        parts,
      },
      dest,
    );
    expect(files.map((f) => f.kind)).toContain("step");
  });
});
