import { chmod, mkdir, open, readFile, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileAccessError, fileErrorOf } from "../../engine/file-error.js";
import { readOptional } from "../../engine/repo/read-optional.js";
import { readText } from "../../engine/repo/read-text.js";
import { makeTempDir, type TempDir } from "../helpers/temp-dir.js";

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir("copperhead-file-error-");
  await writeFile(dir.path("file"), "x");
  await mkdir(dir.path("folder"));
  await writeFile(dir.path("locked"), "x");
  await chmod(dir.path("locked"), 0o000);
});
afterAll(async () => {
  await chmod(dir.path("locked"), 0o600);
  await dir.remove();
});

/** The real error Node throws for `attempt`, mapped. */
async function mapped(attempt: () => Promise<unknown>): Promise<FileAccessError> {
  try {
    await attempt();
  } catch (error) {
    const made = fileErrorOf(error, dir.dir);
    if (!made) throw new Error(`not mapped: ${String(error)}`);
    return made;
  }
  throw new Error("did not fail");
}

describe("fileErrorOf", () => {
  it("names the path (relative to cwd) and a fix for the errors people run into", async () => {
    const missing = await mapped(() => readFile(dir.path("nope.json")));
    expect([missing.message, missing.category, missing.code]).toEqual([
      "nope.json does not exist",
      "usage",
      "ENOENT",
    ]);
    expect(missing.path).toBe(dir.path("nope.json"));

    // Reading a folder fails in read(2), with no path on the error: readText adds it.
    expect(fileErrorOf(await readFile(dir.path("folder")).catch((e) => e))).toBeUndefined();
    const folder = await mapped(() => readText(dir.path("folder")));
    expect(folder.message).toBe("folder is a folder where a file is expected");
    expect(folder.fix).toMatch(/name a file/);

    const notDir = await mapped(() => writeFile(dir.path("file/inside.txt"), "x"));
    expect(notDir.message).toBe("a part of file/inside.txt is a file where a folder is expected");
    expect(notDir.code).toBe("ENOTDIR");

    const exists = await mapped(() => mkdir(dir.path("folder")));
    expect(exists.message).toBe("folder already exists");
  });

  it("maps permission errors to the environment with the chmod advice", async () => {
    // root reads anything: only a non-root run can see EACCES from a 000 file.
    if (process.getuid?.() === 0) {
      const error = Object.assign(new Error("EACCES: permission denied, open 'x'"), {
        code: "EACCES",
        path: dir.path("locked"),
        syscall: "open",
      });
      const made = fileErrorOf(error, dir.dir)!;
      expect(made.message).toBe("permission denied opening locked");
      expect(made.category).toBe("environment");
      expect(made.fix).toMatch(/chmod/);
      return;
    }
    const made = await mapped(() => open(dir.path("locked"), "r"));
    expect(made.message).toBe("permission denied opening locked");
  });

  it("names a full disk, a read-only file system and an unknown code too", () => {
    const errno = (code: string, syscall = "write") =>
      Object.assign(new Error(code), { code, path: "/data/board.kicad_sch", syscall });
    expect(fileErrorOf(errno("ENOSPC"))?.message).toBe(
      "no space left on the device while writing /data/board.kicad_sch",
    );
    expect(fileErrorOf(errno("EROFS"))?.fix).toMatch(/writable copy/);
    const odd = fileErrorOf(errno("EWEIRD", "fsync"));
    expect(odd?.message).toBe("fsync failed on /data/board.kicad_sch (EWEIRD)");
    expect(odd?.category).toBe("environment");
  });

  it("looks through a cause chain, and ignores errors that are not about a path", () => {
    const inner = Object.assign(new Error("EISDIR"), {
      code: "EISDIR",
      path: "/x",
      syscall: "read",
    });
    expect(fileErrorOf(new Error("wrapped", { cause: inner }))?.message).toBe(
      "/x is a folder where a file is expected",
    );
    expect(fileErrorOf(new Error("plain"))).toBeUndefined();
    expect(fileErrorOf(Object.assign(new Error("no path"), { code: "ENOENT" }))).toBeUndefined();
    expect(fileErrorOf("text")).toBeUndefined();
  });

  it("readText throws it already mapped; readOptional still answers undefined for a missing file", async () => {
    const error = await readText(dir.path("folder")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileAccessError);
    expect((error as FileAccessError).message).toBe(
      `${dir.path("folder")} is a folder where a file is expected`,
    );
    expect(await readOptional(dir.path("nope"))).toBeUndefined();
    await expect(readOptional(dir.path("folder"))).rejects.toThrow(FileAccessError);
  });

  it("keeps an absolute path when the file is outside cwd", () => {
    const error = Object.assign(new Error("x"), {
      code: "ENOENT",
      path: "/etc/x",
      syscall: "open",
    });
    expect(fileErrorOf(error, dir.dir)?.message).toBe("/etc/x does not exist");
  });
});
