import { truncate, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkKicadFileSize,
  LegacyKicadFormatError,
  legacyExtensionError,
  NotTextError,
  readKicadFile,
} from "../../../engine/kicad/kicad-file.js";
import { LIMITS, TooLargeError } from "../../../engine/limits.js";
import { makeTempDir, type TempDir } from "../../helpers/temp-dir.js";

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir("copperhead-kicad-file-");
});
afterAll(() => dir.remove());

describe("readKicadFile", () => {
  it("refuses a sheet over the limit before reading it, naming size and limit", async () => {
    const path = dir.path("huge.kicad_sch");
    await writeFile(path, "");
    await truncate(path, LIMITS.schematicBytes + 1); // sparse: costs no disk
    const error = await readKicadFile(path, "schematic").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooLargeError);
    expect((error as TooLargeError).message).toBe(
      `${path} is 50.0 MB; copperhead reads a KiCad schematic of up to 50.0 MB`,
    );
    // The same size is a fine board: boards get more room (KiCad's own demo is 70 MB).
    await expect(checkKicadFileSize(path, "board")).resolves.toBeUndefined();
    await truncate(path, LIMITS.boardBytes + 1);
    await expect(checkKicadFileSize(path, "board")).rejects.toThrow(/up to 200\.0 MB/);
  });

  it("names binary data and KiCad 5 files instead of failing to parse them", async () => {
    await writeFile(dir.path("zip.kicad_sch"), Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1]));
    await expect(readKicadFile(dir.path("zip.kicad_sch"), "schematic")).rejects.toThrow(
      NotTextError,
    );
    await writeFile(
      dir.path("v5.kicad_sch"),
      "\uFEFFEESchema Schematic File Version 4\nEELAYER 30 0\n",
    );
    const legacy = await readKicadFile(dir.path("v5.kicad_sch"), "schematic").catch((e) => e);
    expect(legacy).toBeInstanceOf(LegacyKicadFormatError);
    expect(legacy.message).toContain('its first line is "EESchema Schematic File Version 4"');
    await writeFile(dir.path("old.kicad_pcb"), "PCBNEW-BOARD Version 1 date 2010\n");
    await expect(readKicadFile(dir.path("old.kicad_pcb"), "board")).rejects.toThrow(
      /a KiCad 3 \(or older\) board/,
    );
    await writeFile(dir.path("ok.kicad_sch"), "(kicad_sch (version 20250114))\n");
    expect(await readKicadFile(dir.path("ok.kicad_sch"), "schematic")).toContain("kicad_sch");
  });

  it("says which KiCad 5 extension it saw and what to save it as", () => {
    expect(legacyExtensionError("hw/board.sch")?.fix).toBe(
      "open it in KiCad 9 and save it: KiCad converts it to board.kicad_sch",
    );
    expect(legacyExtensionError("hw/board.brd")?.message).toMatch(/legacy KiCad board/);
    expect(legacyExtensionError("hw/board.kicad_sch")).toBeUndefined();
  });
});
