import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { currentFingerprints } from "../../../engine/flow/current-fingerprints.js";
import { parsePattern } from "../../../engine/flow/path-pattern.js";
import { tempRepo, useTempRepos } from "./flow-fixture.js";

// The pattern cache of currentFingerprints: that warm answers really come from it (a poisoned
// entry is believed, so a test can see a hit), under the key its definition names, and that
// nothing is ever cached that a later state with the same blobs could answer wrongly.
useTempRepos();
const sha = (text: string) => createHash("sha256").update(text).digest("hex");
const folderPrint = (hashes: Record<string, string>) =>
  sha(
    Object.keys(hashes)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((path) => `${path}\0${hashes[path]}\n`)
      .join(""),
  );
const CACHE = ".git/copperhead/pattern-sha256";
const MARK = "f".repeat(64);

describe("the pattern cache", () => {
  it("a warm answer is the cached value, for plain files, folders and folders holding a submodule", async () => {
    const repo = await tempRepo();
    await repo.write("one.md", "one\n");
    await repo.write("hw/a.kicad_sch", "a\n");
    await repo.commitAll("files");
    // A submodule is a gitlink in the index; its folder exists (empty) as in a clone without
    // `submodule update`.
    const pinned = (await repo.git("rev-parse", "HEAD")).trim();
    await repo.git("update-index", "--add", "--cacheinfo", `160000,${pinned},hw/sub`);
    await mkdir(join(repo.dir, "hw/sub"));
    await repo.git("commit", "-qm", "submodule");
    const patterns = ["one.md", "hw/"].map(parsePattern);

    const cold = await currentFingerprints(repo.dir, patterns);
    expect(cold).toEqual({
      "one.md": sha("one\n"),
      "hw/": folderPrint({ "hw/a.kicad_sch": sha("a\n"), "hw/sub": sha(`gitlink ${pinned}`) }),
    });
    const lines = (await readFile(join(repo.dir, CACHE), "utf8")).trim().split("\n");
    expect(lines).toHaveLength(2);
    await writeFile(
      join(repo.dir, CACHE),
      lines.map((line) => `${line.split(" ")[0]} ${MARK}\n`).join(""),
    );
    expect(await currentFingerprints(repo.dir, patterns)).toEqual({ "one.md": MARK, "hw/": MARK });
  });

  it("the key is the digest of the pattern and its exact (path, blob id) list: the files it matches, no others", async () => {
    const repo = await tempRepo();
    await repo.write("one.md", "one\n");
    await repo.write("hw/a.kicad_sch", "a\n");
    await repo.write("hw/notes.txt", "n\n");
    await repo.commitAll("files");
    const blob = async (path: string) => (await repo.git("rev-parse", `HEAD:${path}`)).trim();
    await mkdir(join(repo.dir, ".git/copperhead"), { recursive: true });
    const glob = `v1\0hw/*.kicad_sch\nhw/a.kicad_sch\0${await blob("hw/a.kicad_sch")}\n`;
    await writeFile(
      join(repo.dir, CACHE),
      `${sha(`v1\0one.md\none.md\0${await blob("one.md")}\n`)} ${MARK}\n${sha(glob)} ${MARK}\n`,
    );
    // "hw/" is asked too, so hw/notes.txt is listed beside the glob's one match.
    const patterns = ["one.md", "hw/", "hw/*.kicad_sch"].map(parsePattern);
    expect(await currentFingerprints(repo.dir, patterns)).toEqual({
      "one.md": MARK,
      "hw/": folderPrint({ "hw/a.kicad_sch": sha("a\n"), "hw/notes.txt": sha("n\n") }),
      "hw/*.kicad_sch": MARK,
    });
  });

  it("a submodule's key names the commit it points at: moving the pointer is a miss, not a stale hit", async () => {
    const repo = await tempRepo();
    await repo.write("hw/a.kicad_sch", "a\n");
    await repo.commitAll("files");
    const first = (await repo.git("rev-parse", "HEAD")).trim();
    await repo.git("commit", "-q", "--allow-empty", "-m", "second");
    const second = (await repo.git("rev-parse", "HEAD")).trim();
    const pin = async (commit: string) => {
      await repo.git("update-index", "--add", "--cacheinfo", `160000,${commit},hw/sub`);
      await repo.git("commit", "-qm", `pin ${commit}`);
    };
    await mkdir(join(repo.dir, "hw/sub"));
    const patterns = [parsePattern("hw/")];
    const print = (commit: string) => ({
      "hw/": folderPrint({ "hw/a.kicad_sch": sha("a\n"), "hw/sub": sha(`gitlink ${commit}`) }),
    });
    await pin(first);
    expect(await currentFingerprints(repo.dir, patterns)).toEqual(print(first));
    await pin(second);
    expect(await currentFingerprints(repo.dir, patterns)).toEqual(print(second));
    const blob = (await repo.git("rev-parse", "HEAD:hw/a.kicad_sch")).trim();
    const key = sha(`v1\0hw/\nhw/a.kicad_sch\0${blob}\nhw/sub\0gitlink:${second}\n`);
    expect(await readFile(join(repo.dir, CACHE), "utf8")).toContain(
      `${key} ${print(second)["hw/"]}\n`,
    );
  });

  it("a pattern that matches nothing is null and leaves nothing in the cache", async () => {
    const repo = await tempRepo();
    await repo.write("one.md", "one\n");
    await repo.commitAll("files");
    const patterns = ["one.md", "absent/", "gone.md", "no/*.txt"].map(parsePattern);
    const expected = { "one.md": sha("one\n"), "absent/": null, "gone.md": null, "no/*.txt": null };
    expect(await currentFingerprints(repo.dir, patterns)).toEqual(expected);
    const blob = (await repo.git("rev-parse", "HEAD:one.md")).trim();
    const only = `${sha(`v1\0one.md\none.md\0${blob}\n`)} ${sha("one\n")}\n`;
    expect(await readFile(join(repo.dir, CACHE), "utf8")).toBe(only);
    expect(await currentFingerprints(repo.dir, patterns)).toEqual(expected);
    expect(await readFile(join(repo.dir, CACHE), "utf8")).toBe(only);
  });

  it("a folder whose files git sees clean but whose bytes differ from one blob is never cached", async () => {
    // eol=crlf from .git/info/attributes: git calls the CRLF file clean (its blob is LF), so
    // the key stays the same when the attribute goes and the file is LF again. A value cached
    // for the CRLF bytes would then be a stale hit.
    const repo = await tempRepo();
    await repo.write("a/x.txt", "x\n");
    await repo.write("a/y.txt", "y\n");
    await repo.commitAll("files");
    const checkout = async () => {
      await rm(join(repo.dir, "a/x.txt"));
      await repo.git("checkout", "-q", "--", "a/x.txt");
    };
    await writeFile(join(repo.dir, ".git/info/attributes"), "a/x.txt text eol=crlf\n");
    await checkout();
    expect(await readFile(join(repo.dir, "a/x.txt"), "utf8")).toBe("x\r\n");
    expect(await repo.git("status", "--porcelain")).toBe("");
    const patterns = [parsePattern("a/")];
    expect(await currentFingerprints(repo.dir, patterns)).toEqual({
      "a/": folderPrint({ "a/x.txt": sha("x\r\n"), "a/y.txt": sha("y\n") }),
    });

    await writeFile(join(repo.dir, ".git/info/attributes"), "");
    await checkout();
    expect(await readFile(join(repo.dir, "a/x.txt"), "utf8")).toBe("x\n");
    expect(await currentFingerprints(repo.dir, patterns)).toEqual({
      "a/": folderPrint({ "a/x.txt": sha("x\n"), "a/y.txt": sha("y\n") }),
    });
  });
});

describe("which files a pattern covers", () => {
  it("untracked files that sort before tracked ones are found; a glob whose star is its second character too", async () => {
    const repo = await tempRepo();
    await repo.write("hw/b.kicad_sch", "b\n");
    await repo.write("one.md", "one\n");
    await repo.write("zz.md", "z\n");
    await repo.commitAll("tracked");
    // git lists untracked files after the index, so the listing is out of order here.
    await repo.write("hw/a.kicad_sch", "a\n");
    await repo.write("a.md", "new\n");
    await repo.write("o2.md", "o2\n");
    const patterns = ["hw/", "a.md", "o*.md", "zz.md"].map(parsePattern);
    expect(await currentFingerprints(repo.dir, patterns)).toEqual({
      "hw/": folderPrint({ "hw/a.kicad_sch": sha("a\n"), "hw/b.kicad_sch": sha("b\n") }),
      "a.md": sha("new\n"),
      "o*.md": folderPrint({ "o2.md": sha("o2\n"), "one.md": sha("one\n") }),
      "zz.md": sha("z\n"),
    });
  });
});
