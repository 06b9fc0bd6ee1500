import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SymbolCatalog } from "../../engine/kicad/library/symbol-catalog.js";
import { runFuzz } from "../../fuzz/run-fuzz.js";
import { makeTempDir, type TempDir } from "../helpers/temp-dir.js";

/**
 * Breakouts in one run share a process (the symbol catalog, the font measures): none may leave
 * anything behind that changes the next one's drawing. Pull-ups, stacks and a wide IC, drafted
 * in a run, in the reverse order one at a time, and each in a run of its own.
 */
const IDS = [
  "Regulator_Linear:LT1175-ADJ_SO8_DIP8",
  "Battery_Management:LTC4060EDHC",
  "Interface_UART:SC16IS760xPW",
  "Timer:NE555D",
];
const SEED = 12;
const folder = (id: string) => id.replace(/[^A-Za-z0-9_.-]/g, "_");

let tmp: TempDir;
beforeAll(async () => {
  tmp = await makeTempDir("run-fuzz-");
});
afterAll(() => tmp.remove());

describe("a breakout drafts the same whatever else its run drafts", () => {
  it("byte for byte in a run, in the reverse order, and alone", async () => {
    const catalog = SymbolCatalog.fromEnv();
    const sheets = async (keep: string) =>
      Promise.all(IDS.map((id) => readFile(join(keep, folder(id), "breakout.kicad_sch"), "utf8")));
    const run = tmp.path("run");
    const outcomes = await runFuzz(IDS, {
      catalog,
      seed: SEED,
      drafterOnly: true,
      keep: run,
      jobs: 2,
    });
    expect(outcomes.map((o) => o.verdict)).toEqual(IDS.map(() => "pass"));
    const reversed = tmp.path("reversed");
    await runFuzz([...IDS].reverse(), {
      catalog,
      seed: SEED,
      drafterOnly: true,
      keep: reversed,
      jobs: 1,
    });
    const alone = tmp.path("alone");
    for (const id of IDS)
      await runFuzz([id], {
        catalog: SymbolCatalog.fromEnv(),
        seed: SEED,
        drafterOnly: true,
        keep: alone,
      });
    const drawn = await sheets(run);
    expect(await sheets(reversed)).toEqual(drawn);
    expect(await sheets(alone)).toEqual(drawn);
  }, 300_000);
});
