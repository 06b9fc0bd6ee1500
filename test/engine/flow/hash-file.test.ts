import { createHash } from "node:crypto";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hashFile } from "../../../engine/flow/hash-file.js";
import { tempRepo, useTempRepos } from "./flow-fixture.js";

useTempRepos();
const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

describe("hashing one file", () => {
  it("gives the sha256 and the same blob id git computes", async () => {
    const repo = await tempRepo();
    await repo.write("a.txt", "hello\n");
    const hashed = await hashFile(join(repo.dir, "a.txt"), "sha1");
    expect(hashed?.sha256).toBe(sha256("hello\n"));
    expect(hashed?.blobId).toBe((await repo.git("hash-object", "a.txt")).trim());
  });

  it("streams large files to the same result", async () => {
    const repo = await tempRepo();
    const big = Buffer.alloc(9 * 1024 * 1024 + 123);
    for (let i = 0; i < big.length; i++) big[i] = (i * 31) & 0xff;
    await writeFile(join(repo.dir, "board.step"), big);
    const hashed = await hashFile(join(repo.dir, "board.step"), "sha1");
    expect(hashed?.sha256).toBe(sha256(big));
    expect(hashed?.blobId).toBe((await repo.git("hash-object", "board.step")).trim());
  });

  it("hashes a symlink's target text without following it, as git stores it", async () => {
    const repo = await tempRepo();
    await symlink("nowhere/at/all", join(repo.dir, "link"));
    const hashed = await hashFile(join(repo.dir, "link"), "sha1");
    expect(hashed?.sha256).toBe(sha256("nowhere/at/all"));
    await repo.git("add", "link");
    const staged = await repo.git("ls-files", "-s", "link");
    expect(staged).toContain(hashed!.blobId!);
  });

  it("returns undefined for what is not (or no longer) a file", async () => {
    const repo = await tempRepo();
    await mkdir(join(repo.dir, "folder"));
    expect(await hashFile(join(repo.dir, "folder"))).toBeUndefined();
    expect(await hashFile(join(repo.dir, "gone.txt"))).toBeUndefined();
  });
});
