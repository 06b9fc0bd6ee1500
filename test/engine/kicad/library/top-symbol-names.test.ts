import { readdir, readFile, utimes, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seeded } from "../../../../engine/kicad/layout/place/seeded-random.js";
import { topSymbolNames } from "../../../../engine/kicad/library/top-symbol-names.js";
import { headOf, textAt } from "../../../../engine/kicad/sexp/node.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

const SYSTEM = "/usr/share/kicad/symbols";
let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir("copperhead-top-names-");
});
afterAll(() => dir.remove());

/** What a parse of the whole file says its top-level symbols are. */
async function parsedNames(file: string): Promise<string[]> {
  const tree = parseSexp(await readFile(file, "utf8"), { file, quote: false });
  return tree.items.flatMap((item) =>
    item.kind === "list" && headOf(item) === "symbol" ? [textAt(item, 1) ?? ""] : [],
  );
}

const library = (names: string[]) =>
  `(kicad_symbol_lib\n\t(version 20241209)\n${names
    .map((n) => `\t(symbol "${n}"\n\t\t(symbol "${n}_0_1")\n\t)\n`)
    .join("")})\n`;

describe("topSymbolNames", () => {
  it("names exactly the top-level symbols a parse finds, over a seeded sample of KiCad's libraries", async () => {
    const files = (await readdir(SYSTEM)).filter((f) => f.endsWith(".kicad_sym")).sort();
    expect(files.length).toBeGreaterThan(100);
    const next = seeded(21);
    const sample = Array.from({ length: 8 }, () => files[Math.floor(next() * files.length)] ?? "");
    for (const f of new Set(sample)) {
      const file = `${SYSTEM}/${f}`;
      const names = await topSymbolNames(file);
      expect(names.length, f).toBeGreaterThan(0);
      expect(names, f).toEqual(await parsedNames(file));
    }
  });

  it("answers a file it scanned from memory, and scans it again once it changed", async () => {
    const file = dir.path("Mine.kicad_sym");
    await writeFile(file, library(["R_Mine", "C_Mine"]));
    const first = await topSymbolNames(file);
    expect(first).toEqual(["R_Mine", "C_Mine"]);
    expect(await topSymbolNames(file)).toBe(first);
    // Same size, new name: the mtime alone tells it apart.
    await writeFile(file, library(["R_Mine", "L_Mine"]));
    const later = new Date(Date.now() + 5_000);
    await utimes(file, later, later);
    expect(await topSymbolNames(file)).toEqual(["R_Mine", "L_Mine"]);
    await writeFile(file, library(["R_Mine", "L_Mine", "D_Mine"]));
    expect(await topSymbolNames(file)).toEqual(["R_Mine", "L_Mine", "D_Mine"]);
  });

  it("a file that cannot be read is an error every time, never a remembered empty answer", async () => {
    const missing = dir.path("Gone.kicad_sym");
    await expect(topSymbolNames(missing)).rejects.toThrow(/ENOENT/);
    await writeFile(missing, library(["X"]));
    expect(await topSymbolNames(missing)).toEqual(["X"]);
  });
});
