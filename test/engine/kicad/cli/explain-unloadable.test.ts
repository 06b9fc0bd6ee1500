import { readFile, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc } from "../../../../engine/kicad/cli/erc.js";
import { KicadCliError } from "../../../../engine/kicad/cli/errors.js";
import { LED_EXAMPLE } from "../../../helpers/fixture-project.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir("copperhead-unloadable-");
});
afterAll(() => dir.remove());

async function ercError(name: string, text: string): Promise<KicadCliError> {
  await writeFile(dir.path(name), text);
  const error = await erc(dir.path(name)).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(KicadCliError);
  return error as KicadCliError;
}

describe("erc on a sheet kicad-cli cannot load (rc 3)", () => {
  it("names the line and column where a truncated sheet breaks", async () => {
    const led = await readFile(`${LED_EXAMPLE}/led.kicad_sch`, "utf8");
    const error = await ercError("cut.kicad_sch", led.slice(0, 3000));
    expect(error.rc).toBe(3);
    expect(error.message).toMatch(
      /^kicad-cli could not load cut\.kicad_sch \(rc 3\): .*cut\.kicad_sch:\d+:\d+: found end of file/,
    );
    expect(error.fix).toMatch(/^fix the file at that position/);
    expect(error.category).toBe("usage");
  });

  it("says a .kicad_sch with KiCad 5 content is a KiCad 5 file", async () => {
    const error = await ercError(
      "v5.kicad_sch",
      "EESchema Schematic File Version 4\nEELAYER 30 0\n",
    );
    expect(error.message).toContain("is a KiCad 5 (or older) schematic");
    expect(error.fix).toMatch(/^open it in KiCad 9 and save it/);
  });

  it("falls back to KiCad's own words when our reader finds nothing wrong", async () => {
    const error = await ercError(
      "odd.kicad_sch",
      "(kicad_sch (version 20250114) (frobnicate 1))\n",
    );
    expect(error.message).toMatch(/^kicad-cli could not load odd\.kicad_sch \(rc 3\)/);
    expect(error.fix).toMatch(/open odd\.kicad_sch in KiCad 9 to see why/);
  });
});
