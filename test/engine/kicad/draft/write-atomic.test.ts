import { chmod, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeAtomic } from "../../../../engine/kicad/draft/write-atomic.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
});
afterAll(() => dir.remove());

describe("writeAtomic", () => {
  it("replaces the file", async () => {
    await writeFile(dir.path("a.kicad_sch"), "old");
    await writeAtomic(dir.path("a.kicad_sch"), "new");
    expect(await readFile(dir.path("a.kicad_sch"), "utf8")).toBe("new");
  });

  it("leaves the previous file byte-identical and no temp file when the write fails midway", async () => {
    await writeFile(dir.path("b.kicad_sch"), "previous bytes");
    async function* failing() {
      yield "(kicad_sch (version 20250114)";
      throw new Error("disk full");
    }
    await expect(writeAtomic(dir.path("b.kicad_sch"), failing())).rejects.toThrow("disk full");
    expect(await readFile(dir.path("b.kicad_sch"), "utf8")).toBe("previous bytes");
    expect((await readdir(dir.dir)).filter((f) => f.startsWith("b."))).toEqual(["b.kicad_sch"]);
  });

  it("keeps the mode of the file it replaces", async () => {
    await writeFile(dir.path("c.png"), "old");
    await chmod(dir.path("c.png"), 0o640);
    await writeAtomic(dir.path("c.png"), "new");
    expect((await stat(dir.path("c.png"))).mode & 0o777).toBe(0o640);
  });
});
