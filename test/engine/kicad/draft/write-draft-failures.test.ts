import { mkdir, readdir, readFile, stat, symlink, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileAccessError } from "../../../../engine/file-error.js";
import { writeDraft } from "../../../../engine/kicad/draft/write-draft.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";
import { treeBytes } from "../../../helpers/tree-bytes.js";
import { draftFiles, LIBRARY, SHEET } from "./draft-files-fixture.js";

// Part-way failures of a draft's write, each made with real files (no file system mock): a path
// too long for the staging name, a folder the draft itself makes where its own file goes. After
// each, the folder is as it was: the person's files untouched, nothing new, no staging folder.
const THEIR_TABLE = `(sym_lib_table\n  (version 7)\n  (lib (name "Device")(type "KiCad")(uri "\${KICAD9_SYMBOL_DIR}/Device.kicad_sym")(options "")(descr ""))\n)\n`;
const STAGE = ".copperhead-draft-";

let dir: TempDir;
beforeEach(async () => {
  dir = await makeTempDir("copperhead-write-fail-");
});
afterEach(() => dir.remove());

/** A folder holding an older draft's library and the person's table: both to be replaced. */
async function olderDraft(at: string): Promise<void> {
  await mkdir(at, { recursive: true });
  await writeFile(join(at, "board.kicad_sym"), LIBRARY.replace("20241209", "20241208"));
  await writeFile(join(at, "sym-lib-table"), THEIR_TABLE);
}

async function stagingLeft(at: string): Promise<string[]> {
  return (await readdir(at)).filter((n) => n.startsWith(STAGE));
}

describe("writeDraft failing part-way", () => {
  it("a rename failing after others were renamed puts the replaced files back and removes the new ones", async () => {
    await olderDraft(dir.dir);
    const inode = (await stat(dir.path("board.kicad_sym"))).ino;
    const before = await treeBytes(dir.dir);
    // The sub-sheet's folder is the intent's file name: the draft makes that folder, so the
    // intent's rename (after the library, the table and the new project file) meets a folder.
    const output = {
      files: draftFiles(dir.dir),
      intent: { path: dir.path("hierarchy"), text: "{}\n" },
      subSheets: [{ path: dir.path("hierarchy/power.kicad_sch"), text: SHEET }],
    };
    const error = await writeDraft(output).catch((e: unknown) => e);
    // Said about the file the person asked for, not the staged copy Node renamed.
    expect(error).toBeInstanceOf(FileAccessError);
    expect(error).toMatchObject({
      code: "EISDIR",
      path: dir.path("hierarchy"),
      message: `${dir.path("hierarchy")} is a folder where a file is expected`,
    });
    expect(await treeBytes(dir.dir)).toEqual(before);
    // Put back by renaming its hard link, not by writing a copy: the same file as before.
    expect((await stat(dir.path("board.kicad_sym"))).ino).toBe(inode);
    expect((await readdir(dir.dir)).sort()).toEqual(["board.kicad_sym", "sym-lib-table"]);
  });

  it("a staged write failing names the person's file, writes nothing and leaves no staging", async () => {
    // The library, table and project are already as the draft needs them: the sheet is the one
    // write (staged alone, as "0-<name>"). Its 254 characters fit the folder; "0-" does not.
    await writeDraft({ files: draftFiles(dir.dir) });
    const before = await treeBytes(dir.dir);
    const long = `${"s".repeat(254 - ".kicad_sch".length)}.kicad_sch`;
    const target = dir.path(long);
    const error = await writeDraft({ files: draftFiles(dir.dir, long) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileAccessError);
    expect(error).toMatchObject({
      code: "ENAMETOOLONG",
      path: target,
      message: `the path ${target} is too long for the file system`,
    });
    expect(await treeBytes(dir.dir)).toEqual(before);
    expect(await stagingLeft(dir.dir)).toEqual([]);
  });

  it("a staging folder that cannot be made is reported on the folder named, and a folder made for the draft is removed", async () => {
    // A folder whose path is a few characters short of PATH_MAX: the draft's files fit in it,
    // its staging folder's longer name does not.
    const segment = "d".repeat(200);
    let deep = dir.path("made");
    while (deep.length + 1 + segment.length < 4096 - 20) deep = join(deep, segment);
    deep = join(deep, "e".repeat(4096 - 20 - deep.length - 1));
    const short = (name: string) => ({ path: join(deep, name), text: SHEET });
    const output = {
      files: {
        sheet: short("a.kicad_sch"),
        library: short("a.kicad_sym"),
        symLibTable: short("t"),
        project: short("a.pro"),
      },
    };
    const error = await writeDraft(output).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileAccessError);
    expect(error).toMatchObject({
      code: "ENAMETOOLONG",
      path: deep,
      message: `the path ${deep} is too long for the file system`,
    });
    expect(await readdir(dir.dir)).toEqual([]);
  });

  it("a folder that cannot be made is a file error naming it, and the folders made before it go", async () => {
    // A dangling link on the way to the sub-sheet's folder: looking the file up finds nothing
    // (so the plan passes), making its folder fails, after the sheet's new folder was made.
    await symlink(dir.path("moved-away"), dir.path("link"));
    const before = await treeBytes(dir.dir);
    const output = {
      files: draftFiles(dir.path("made/hw")),
      subSheets: [{ path: dir.path("link/hierarchy/power.kicad_sch"), text: SHEET }],
    };
    const error = await writeDraft(output).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileAccessError);
    expect(error).toMatchObject({
      code: "ENOTDIR",
      message: `a part of ${dir.path("link")} is a file where a folder is expected`,
    });
    expect(await treeBytes(dir.dir)).toEqual(before);
    expect(await readdir(dir.dir)).toEqual(["link"]);
  });
});

describe("writeDraft's staging folders", () => {
  it("removes a staging folder a killed draft left over an hour ago, and keeps a recent one and any file", async () => {
    const stale = dir.path(`${STAGE}0ld0ld00`);
    const recent = dir.path(`${STAGE}recent00`);
    const file = dir.path(`${STAGE}notafolder`);
    const theirs = dir.path("theirs-old");
    for (const folder of [stale, recent, theirs]) {
      await mkdir(folder);
      await writeFile(join(folder, "0-board.kicad_sch"), SHEET);
    }
    await writeFile(file, "not ours to remove");
    const hourAndMinuteAgo = new Date(Date.now() - 61 * 60_000);
    const minutesAgo = new Date(Date.now() - 50 * 60_000);
    await utimes(stale, hourAndMinuteAgo, hourAndMinuteAgo);
    await utimes(theirs, hourAndMinuteAgo, hourAndMinuteAgo);
    await utimes(file, hourAndMinuteAgo, hourAndMinuteAgo);
    await utimes(recent, minutesAgo, minutesAgo);

    await writeDraft({ files: draftFiles(dir.dir) });
    expect((await readdir(dir.dir)).sort()).toEqual(
      [
        `${STAGE}notafolder`,
        `${STAGE}recent00`,
        "board.kicad_pro",
        "board.kicad_sch",
        "board.kicad_sym",
        "sym-lib-table",
        "theirs-old",
      ].sort(),
    );
    expect(await readFile(join(recent, "0-board.kicad_sch"), "utf8")).toBe(SHEET);
  });
});
