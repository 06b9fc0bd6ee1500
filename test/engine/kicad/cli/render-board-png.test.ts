import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderBoardPng } from "../../../../engine/kicad/cli/render-board-png.js";
import { LED_EXAMPLE } from "../../../helpers/fixture-project.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

let temp: TempDir;
beforeAll(async () => {
  temp = await makeTempDir();
});
afterAll(() => temp.remove());

describe("renderBoardPng", () => {
  it("writes kicad-cli's 3D render of a board as a PNG about the asked size", async () => {
    const out = await renderBoardPng(`${LED_EXAMPLE}/led.kicad_pcb`, temp.path("renders/led.png"), {
      width: 640,
      height: 400,
    });
    const png = await readFile(out);
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    // kicad-cli 9.0.8 trims a few dozen pixels off the asked size (616 x 368 for 640 x 400).
    const [w, h] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    expect(w).toBeGreaterThan(560);
    expect(w).toBeLessThanOrEqual(640);
    expect(h).toBeGreaterThan(340);
    expect(h).toBeLessThanOrEqual(400);
  });

  it("refuses a file that is not a board, before running kicad-cli", async () => {
    await expect(
      renderBoardPng(`${LED_EXAMPLE}/led.kicad_sch`, temp.path("x.png")),
    ).rejects.toThrow(/not a \.kicad_pcb file/);
  });
});
