import { copyFile, readdir, readlink, symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { layoutConfigSchema } from "../../../../engine/kicad/layout/inputs/layout-config.js";
import { layoutProject } from "../../../../engine/kicad/layout/layout-project.js";
import { UnsafeDesignError } from "../../../../engine/kicad/paths/unsafe-design-error.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

// Issue 11 for the layout engine: the project beside the schematic is pre-flighted before a
// byte of it is read, so a `.kicad_pro` or a board that leads out of the project is refused
// unread, and nothing is written.

const LED = join(import.meta.dirname, "../../../../examples/led");
const temps: TempDir[] = [];
afterAll(() => Promise.all(temps.map((t) => t.remove())));

let config: ReturnType<typeof layoutConfigSchema.parse>;
beforeAll(() => {
  config = layoutConfigSchema.parse({});
});

async function ledProject(): Promise<TempDir> {
  const temp = await makeTempDir("copperhead-layout-untrusted-");
  temps.push(temp);
  for (const name of ["led.kicad_sch", "sym-lib-table", "fp-lib-table"])
    await copyFile(join(LED, name), temp.path(name));
  return temp;
}

describe("layoutProject on a project that names files outside it", () => {
  it.for([
    ["led.kicad_pro", "/etc/passwd", "root:"],
    ["led.kicad_pcb", "/proc/self/environ", "PATH="],
  ] as const)(
    "a %s symlinked to %s is refused unread, nothing written",
    async ([name, target, content]) => {
      const temp = await ledProject();
      await symlink(target, temp.path(name));
      const before = (await readdir(temp.dir)).sort();

      const run = layoutProject({ board: temp.path("led.kicad_pcb"), constraints: [], config });
      const error = await run.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(UnsafeDesignError);
      const refused = error as UnsafeDesignError;
      expect(refused.findings.map((f) => f.file)).toContain(name);
      expect(refused.message).toContain("path-symlink-outside");
      expect(refused.message).not.toContain(content);
      expect((await readdir(temp.dir)).sort()).toEqual(before);
      expect(await readlink(temp.path(name))).toBe(target);
    },
  );
});
