import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pathExists } from "../../../engine/repo/path-exists.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "copperhead-path-exists-"));
  await writeFile(join(dir, "a.txt"), "a\n");
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("pathExists", () => {
  it("is true for a file or a folder and false for nothing", async () => {
    expect(await pathExists(join(dir, "a.txt"))).toBe(true);
    expect(await pathExists(dir)).toBe(true);
    expect(await pathExists(join(dir, "missing.txt"))).toBe(false);
  });
});
