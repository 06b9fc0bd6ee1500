import { readdir, writeFile } from "node:fs/promises";
import { describe, expect, inject, it } from "vitest";
import { cachedKicad } from "./kicad-cache.js";
import { makeTempDir } from "./temp-dir.js";

describe("run-scoped kicad-cli cache", () => {
  it("computes once per command and input bytes, and stores the result in the run's folder", async () => {
    const scratch = await makeTempDir();
    try {
      const input = scratch.path("a.kicad_sch");
      await writeFile(input, "(kicad_sch (version 20250114))\n");
      let calls = 0;
      const compute = async () => ({ calls: ++calls });
      const first = await cachedKicad("test command", input, compute);
      const again = await cachedKicad("test command", input, compute);
      expect(first).toEqual({ calls: 1 });
      expect(again).toEqual({ calls: 1 });
      // Another command on the same file, and the same command on changed bytes, are new keys.
      expect(await cachedKicad("other command", input, compute)).toEqual({ calls: 2 });
      await writeFile(input, '(kicad_sch (version 20250114) (paper "A3"))\n');
      expect(await cachedKicad("test command", input, compute)).toEqual({ calls: 3 });
      const stored = await readdir(inject("kicadCacheDir"));
      expect(stored.filter((name) => name.endsWith(".json")).length).toBeGreaterThanOrEqual(3);
    } finally {
      await scratch.remove();
    }
  });
});
