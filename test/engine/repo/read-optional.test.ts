import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOptional } from "../../../engine/repo/read-optional.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "copperhead-read-optional-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("readOptional", () => {
  it("reads a file's text, and a missing file as undefined", async () => {
    await writeFile(join(dir, "a.md"), "# A\n");
    expect(await readOptional(join(dir, "a.md"))).toBe("# A\n");
    expect(await readOptional(join(dir, "missing.md"))).toBeUndefined();
  });

  it("still throws when something other than absence is wrong (a folder in the file's place)", async () => {
    await mkdir(join(dir, "folder.md"));
    await expect(readOptional(join(dir, "folder.md"))).rejects.toMatchObject({ code: "EISDIR" });
  });
});
