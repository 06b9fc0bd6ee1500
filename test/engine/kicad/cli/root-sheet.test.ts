import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findRootSheet } from "../../../../engine/kicad/cli/root-sheet.js";
import { DEMO_DIR } from "../../../helpers/demo-corpus.js";
import { LED_EXAMPLE } from "../../../helpers/fixture-project.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

const demo = (path: string) => join(DEMO_DIR, path);
let scratch: TempDir;
beforeAll(async () => {
  scratch = await makeTempDir();
});
afterAll(() => scratch.remove());

const sheetPlacing = (file: string) =>
  `(kicad_sch (version 20250114) (generator "test")\n  (sheet (at 10 10) (size 20 20)\n    (property "Sheetname" "s" (at 10 9 0))\n    (property "Sheetfile" "${file}" (at 10 31 0))))\n`;

describe("findRootSheet", () => {
  it("keeps a sheet that has its own .kicad_pro", async () => {
    expect(await findRootSheet(join(LED_EXAMPLE, "led.kicad_sch"))).toBe(
      join(LED_EXAMPLE, "led.kicad_sch"),
    );
  });

  it("climbs from a sub-sheet to the sheet that places it", async () => {
    expect(await findRootSheet(demo("pic_programmer/pic_sockets.kicad_sch"))).toBe(
      demo("pic_programmer/pic_programmer.kicad_sch"),
    );
    expect(await findRootSheet(demo("flat_hierarchy/pic_programmer.kicad_sch"))).toBe(
      demo("flat_hierarchy/flat_hierarchy.kicad_sch"),
    );
  });

  it("climbs several levels and out of a sub-folder", async () => {
    expect(await findRootSheet(demo("vme-wren/io_driver.kicad_sch"))).toBe(
      demo("vme-wren/vme-wren.kicad_sch"),
    );
    expect(await findRootSheet(demo("royalblue54L_feather/sch/Connectors.kicad_sch"))).toBe(
      demo("royalblue54L_feather/RoyalBlue54L-Feather.kicad_sch"),
    );
  });

  it("treats a sheet nobody places as its own root", async () => {
    const stray = demo("vme-wren/front-panel-io.kicad_sch");
    expect(await findRootSheet(stray)).toBe(stray);
  });

  it("stops on a cycle of sheets placing each other", async () => {
    await writeFile(scratch.path("a.kicad_sch"), sheetPlacing("b.kicad_sch"));
    await writeFile(scratch.path("b.kicad_sch"), sheetPlacing("a.kicad_sch"));
    const root = await findRootSheet(scratch.path("a.kicad_sch"));
    expect([scratch.path("a.kicad_sch"), scratch.path("b.kicad_sch")]).toContain(root);
  });
});
