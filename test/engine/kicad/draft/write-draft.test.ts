import { createHash } from "node:crypto";
import { chmod, mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InterruptedError } from "../../../../engine/errors.js";
import type { DraftFiles } from "../../../../engine/kicad/draft/draft-schematic.js";
import { DraftConflictError, writeDraft } from "../../../../engine/kicad/draft/write-draft.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

// Real files in a temp folder: what a draft of `board.kicad_sch` writes, with made-up bytes.
const SHEET = '(kicad_sch\n\t(version 20250114)\n\t(generator "copperhead")\n)\n';
const LIBRARY = '(kicad_symbol_lib\n\t(version 20241209)\n\t(generator "copperhead")\n)\n';
const TABLE = `(sym_lib_table\n\t(version 7)\n\t(lib\n\t\t(name "board")\n\t\t(type "KiCad")\n\t\t(uri "\${KIPRJMOD}/board.kicad_sym")\n\t\t(options "")\n\t\t(descr "copperhead vendored symbols")\n\t)\n)\n`;
const PROJECT = '{ "meta": { "filename": "board.kicad_pro", "version": 1 } }\n';

let dir: TempDir;
beforeEach(async () => {
  dir = await makeTempDir("copperhead-write-draft-");
});
afterEach(() => dir.remove());

function files(at = dir.dir, sheet = SHEET): DraftFiles {
  return {
    sheet: { path: join(at, "board.kicad_sch"), text: sheet },
    library: { path: join(at, "board.kicad_sym"), text: LIBRARY },
    symLibTable: { path: join(at, "sym-lib-table"), text: TABLE },
    project: { path: join(at, "board.kicad_pro"), text: PROJECT },
  };
}

/** Every file under the folder with its sha256: the "nothing changed" witness. */
async function snapshot(root = dir.dir): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    out[path] = entry.isFile()
      ? createHash("sha256")
          .update(await readFile(path))
          .digest("hex")
      : "folder";
  }
  return out;
}

async function conflictOf(promise: Promise<unknown>): Promise<DraftConflictError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DraftConflictError);
  return error as DraftConflictError;
}

describe("writeDraft", () => {
  it("writes every file into an empty folder, making the folder, and leaves no staging behind", async () => {
    const written = await writeDraft({ files: files(dir.path("new/hw")) });
    expect(written.written.map((p) => p.slice(dir.dir.length + 1))).toEqual([
      "new/hw/board.kicad_sym",
      "new/hw/sym-lib-table",
      "new/hw/board.kicad_pro",
      "new/hw/board.kicad_sch",
    ]);
    expect((await readdir(dir.path("new/hw"))).sort()).toEqual(
      ["board.kicad_pro", "board.kicad_sch", "board.kicad_sym", "sym-lib-table"].sort(),
    );
    expect(await readFile(dir.path("new/hw/board.kicad_sch"), "utf8")).toBe(SHEET);
  });

  it("refuses a sheet a person drew, unless forced; a forced replacement keeps the file's mode", async () => {
    const drawn = '(kicad_sch\n\t(version 20250114)\n\t(generator "eeschema")\n)\n';
    await writeFile(dir.path("board.kicad_sch"), drawn);
    await chmod(dir.path("board.kicad_sch"), 0o640);
    const before = await snapshot();
    const error = await conflictOf(writeDraft({ files: files() }));
    expect(error.conflicts).toEqual([
      `${dir.path("board.kicad_sch")}: a schematic a person drew (generator "eeschema", not copperhead's); drafting would replace their drawing`,
    ]);
    expect(error.message).toMatch(
      /^drafting would replace what copperhead did not write, so nothing was written:\n {2}1\. /,
    );
    expect(await snapshot()).toEqual(before);

    await writeDraft({ files: files() }, { force: true });
    expect(await readFile(dir.path("board.kicad_sch"), "utf8")).toBe(SHEET);
    expect((await stat(dir.path("board.kicad_sch"))).mode & 0o777).toBe(0o640);
  });

  it("never replaces a symbol library it did not write, even when forced", async () => {
    const theirs = `(kicad_symbol_lib\n\t(version 20241209)\n\t(generator "kicad_symbol_editor")\n${'\t(symbol "X"\n\t)\n'.repeat(52)})\n`;
    await writeFile(dir.path("board.kicad_sym"), theirs);
    const before = await snapshot();
    const error = await conflictOf(writeDraft({ files: files() }, { force: true }));
    expect(error.conflicts[0]).toContain('generator "kicad_symbol_editor", 52 symbols');
    expect(await snapshot()).toEqual(before);
  });

  it("adds its row to the person's library table and keeps their rows byte for byte", async () => {
    const theirs = `(sym_lib_table\n  (version 7)\n  (lib (name "Device")(type "KiCad")(uri "\${KICAD9_SYMBOL_DIR}/Device.kicad_sym")(options "")(descr ""))\n)\n`;
    await writeFile(dir.path("sym-lib-table"), theirs);
    await writeDraft({ files: files() });
    const merged = await readFile(dir.path("sym-lib-table"), "utf8");
    expect(merged).toBe(
      `${theirs.slice(0, theirs.lastIndexOf(")"))}  (lib (name "board")(type "KiCad")(uri "\${KIPRJMOD}/board.kicad_sym")(options "")(descr "copperhead vendored symbols"))\n)\n`,
    );
    // A second draft finds its row there and leaves the table alone.
    const again = await writeDraft({ files: files() });
    expect(again.untouched).toContain(dir.path("sym-lib-table"));
    expect(await readFile(dir.path("sym-lib-table"), "utf8")).toBe(merged);
  });

  it("refuses a table row of the same name that points elsewhere", async () => {
    const theirs =
      '(sym_lib_table\n  (version 7)\n  (lib (name "board")(type "KiCad")(uri "/elsewhere/board.kicad_sym")(options "")(descr ""))\n)\n';
    await writeFile(dir.path("sym-lib-table"), theirs);
    const before = await snapshot();
    const error = await conflictOf(writeDraft({ files: files() }));
    expect(error.conflicts[0]).toContain(
      `its row "board" points at /elsewhere/board.kicad_sym, and the draft needs "board" to be \${KIPRJMOD}/board.kicad_sym`,
    );
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a read-only file, a folder or a link where a file goes, listing them all", async () => {
    // A copperhead sheet of an older draft: replaceable, were it not read-only.
    await writeFile(dir.path("board.kicad_sch"), SHEET.replace("20250114", "20250113"));
    await chmod(dir.path("board.kicad_sch"), 0o444);
    await mkdir(dir.path("board.kicad_pro"));
    const before = await snapshot();
    const error = await conflictOf(writeDraft({ files: files() }, { force: true }));
    expect(error.conflicts).toEqual([
      `${dir.path("board.kicad_pro")}: a folder stands where the draft's file goes`,
      `${dir.path("board.kicad_sch")}: read-only (make it writable with chmod u+w if it may be replaced)`,
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it("leaves an identical read-only file alone: there is nothing to replace", async () => {
    await writeDraft({ files: files() });
    await chmod(dir.path("board.kicad_sch"), 0o444);
    expect((await writeDraft({ files: files() })).written).toEqual([]);
  });

  it("keeps a person's .kicad_pro and does not rewrite files already as the draft needs them", async () => {
    await writeDraft({ files: files() });
    await writeFile(dir.path("board.kicad_pro"), '{ "theirs": true }\n');
    const inode = (await stat(dir.path("board.kicad_sch"))).ino;
    const again = await writeDraft({ files: files() });
    expect(again.written).toEqual([]);
    expect(again.untouched.length).toBe(4);
    expect(await readFile(dir.path("board.kicad_pro"), "utf8")).toBe('{ "theirs": true }\n');
    expect((await stat(dir.path("board.kicad_sch"))).ino).toBe(inode);
  });

  it("an interrupt after staging renames nothing and removes the staging folder", async () => {
    await writeDraft({ files: files() });
    const before = await snapshot();
    const signal = AbortSignal.abort(new InterruptedError("SIGTERM"));
    const changed = files(dir.dir, SHEET.replace("20250114", "20250115"));
    await expect(writeDraft({ files: changed }, { signal })).rejects.toBeInstanceOf(
      InterruptedError,
    );
    expect(await snapshot()).toEqual(before);
  });

  it("a write that fails part-way leaves the folder as it was, and removes a folder it made", async () => {
    // The intent goes to a folder below a *file*: staging there fails after the sheet's folder
    // was made and staged into.
    await writeFile(dir.path("blocker"), "a file");
    const before = await snapshot();
    const output = {
      files: files(dir.path("made")),
      intent: { path: dir.path("blocker/x/board.intent.json"), text: "{}\n" },
    };
    await expect(writeDraft(output)).rejects.toMatchObject({ code: "ENOTDIR" });
    expect(await snapshot()).toEqual(before);
  });

  it("keeps an intent beside a sheet it draws, and refuses one beside a person's sheet", async () => {
    const intent = { path: dir.path("board.intent.json"), text: '{ "parts": [] }\n' };
    await writeFile(intent.path, '{ "mine": true }\n');
    await writeDraft({ files: files(), intent });
    expect(await readFile(intent.path, "utf8")).toBe(intent.text);

    await writeFile(dir.path("board.kicad_sch"), '(kicad_sch (generator "eeschema"))\n');
    await writeFile(intent.path, '{ "mine": true }\n');
    const error = await conflictOf(writeDraft({ files: files(), intent }));
    expect(error.conflicts.map((c) => c.slice(dir.dir.length + 1))).toEqual([
      "board.intent.json: an intent file beside a sheet copperhead did not draw; it would be replaced",
      'board.kicad_sch: a schematic a person drew (generator "eeschema", not copperhead\'s); drafting would replace their drawing',
    ]);
  });
});
