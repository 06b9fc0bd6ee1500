import { writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { draftProject } from "../../../../../engine/kicad/draft/draft-project.js";
import { SymbolCatalog } from "../../../../../engine/kicad/library/symbol-catalog.js";
import { breakoutIntent } from "../../../../../fuzz/breakout-intent.js";
import { makeTempDir, type TempDir } from "../../../../helpers/temp-dir.js";

/**
 * Under the exact measure a unit is drawn with short lanes first (each pin's line kept free only
 * as far as its own port reaches) and with the long ones when the short lanes lay a power port on
 * its side and the long ones stand more of them up. The STM32F051's VBAT, a supply pin on its
 * side under pins with parts hung from them, is such a port: the suite's fuzz seed 12 draws it
 * from these breakouts. power-orientation is only advisory, so no other test fails on it.
 */
const PARTS = [
  "MCU_ST_STM32F0:STM32F051C4Ux",
  "MCU_ST_STM32F0:STM32F051C6Ux",
  "MCU_ST_STM32F0:STM32F051C8Ux",
];
const SEED = 12;

let dir: TempDir;
const catalog = SymbolCatalog.fromEnv();
beforeAll(async () => {
  dir = await makeTempDir("copperhead-unit-cell-");
});
afterAll(() => dir.remove());

describe("a unit drawn with short lanes, or long ones where those lay a port on its side", () => {
  it.each(PARTS)("%s's breakout draws every power port upright", async (libId) => {
    const found = await catalog.resolve(libId);
    if (!found.ok) throw new Error(found.message);
    const breakout = breakoutIntent(found.symbol, SEED);
    if (!breakout.ok) throw new Error(breakout.detail);
    const name = libId.replace(/[^A-Za-z0-9]/g, "_");
    await writeFile(dir.path(`${name}.intent.json`), JSON.stringify(breakout.intent));
    const drafted = await draftProject({
      intentPath: dir.path(`${name}.intent.json`),
      sheetPath: dir.path(name, "breakout.kicad_sch"),
      docsDir: dir.path("no-docs"),
      catalog,
    });
    if (!drafted.ok) throw new Error(JSON.stringify(drafted.findings));
    expect(drafted.report.paper).toMatch(/^A[345]$/);
    const lying = drafted.legibility.findings.filter((f) => f.kind === "power-orientation");
    expect(lying.map((f) => f.detail)).toEqual([]);
  });
});
