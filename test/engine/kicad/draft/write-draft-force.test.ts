import { chmod, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DraftConflictError, writeDraft } from "../../../../engine/kicad/draft/write-draft.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";
import { treeBytes } from "../../../helpers/tree-bytes.js";
import { DRAWN, draftFiles, SHEET } from "./draft-files-fixture.js";

// What --force replaces (a sheet or sub-sheet a person drew, and the intent beside it) and what
// it never does (their libraries and tables); and what a draft keeps whatever the flag.

let dir: TempDir;
beforeEach(async () => {
  dir = await makeTempDir("copperhead-write-force-");
});
afterEach(() => dir.remove());

const rel = (paths: readonly string[]) => paths.map((p) => p.slice(dir.dir.length + 1));

async function conflicts(promise: Promise<unknown>): Promise<string[]> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DraftConflictError);
  return rel((error as DraftConflictError).conflicts);
}

describe("writeDraft with sub-sheets", () => {
  const subSheets = () => [
    { path: dir.path("hierarchy/power.kicad_sch"), text: SHEET.replace("20250114", "20250115") },
    { path: dir.path("hierarchy/usb.kicad_sch"), text: SHEET.replace("20250114", "20250116") },
  ];

  it("writes them into their folder, after the intent and before the root sheet", async () => {
    const written = await writeDraft({
      files: draftFiles(dir.dir),
      intent: { path: dir.path("board.intent.json"), text: "{}\n" },
      subSheets: subSheets(),
    });
    expect(rel(written.written)).toEqual([
      "board.kicad_sym",
      "sym-lib-table",
      "board.kicad_pro",
      "board.intent.json",
      "hierarchy/power.kicad_sch",
      "hierarchy/usb.kicad_sch",
      "board.kicad_sch",
    ]);
    expect(await readFile(dir.path("hierarchy/usb.kicad_sch"), "utf8")).toBe(subSheets()[1]?.text);
  });

  it("refuses a sub-sheet a person drew, changing nothing; forced, replaces it", async () => {
    await mkdir(dir.path("hierarchy"));
    await writeFile(dir.path("hierarchy/usb.kicad_sch"), DRAWN);
    const before = await treeBytes(dir.dir);
    expect(
      await conflicts(writeDraft({ files: draftFiles(dir.dir), subSheets: subSheets() })),
    ).toEqual([
      `hierarchy/usb.kicad_sch: a schematic a person drew (generator "eeschema", not copperhead's); drafting would replace their drawing`,
    ]);
    expect(await treeBytes(dir.dir)).toEqual(before);

    await writeDraft({ files: draftFiles(dir.dir), subSheets: subSheets() }, { force: true });
    expect(await readFile(dir.path("hierarchy/usb.kicad_sch"), "utf8")).toBe(subSheets()[1]?.text);
  });
});

describe("writeDraft --force", () => {
  it("replaces the intent beside a person's sheet together with the sheet", async () => {
    await writeFile(dir.path("board.kicad_sch"), DRAWN);
    await writeFile(dir.path("board.intent.json"), '{ "mine": true }\n');
    const intent = { path: dir.path("board.intent.json"), text: '{ "parts": [] }\n' };
    const written = await writeDraft({ files: draftFiles(dir.dir), intent }, { force: true });
    expect(rel(written.written)).toContain("board.intent.json");
    expect(await readFile(intent.path, "utf8")).toBe(intent.text);
    expect(await readFile(dir.path("board.kicad_sch"), "utf8")).toBe(SHEET);
  });

  it("still refuses a table row that points elsewhere, and names every conflict at once", async () => {
    await writeFile(dir.path("board.kicad_sch"), DRAWN);
    await writeFile(
      dir.path("sym-lib-table"),
      '(sym_lib_table\n  (version 7)\n  (lib (name "board")(type "KiCad")(uri "/elsewhere/board.kicad_sym")(options "")(descr ""))\n)\n',
    );
    const before = await treeBytes(dir.dir);
    const forced = await conflicts(writeDraft({ files: draftFiles(dir.dir) }, { force: true }));
    expect(forced).toHaveLength(1);
    expect(forced[0]).toMatch(/^sym-lib-table: the library table cannot take the draft's rows: /);
    // Unforced, the person's sheet is one more conflict, listed after the table's.
    const unforced = await conflicts(writeDraft({ files: draftFiles(dir.dir) }));
    expect(unforced).toEqual([
      forced[0],
      `board.kicad_sch: a schematic a person drew (generator "eeschema", not copperhead's); drafting would replace their drawing`,
    ]);
    expect(await treeBytes(dir.dir)).toEqual(before);
  });
});

describe("what a draft keeps", () => {
  it("a person's read-only .kicad_pro is kept, not refused: it is never replaced", async () => {
    await writeFile(dir.path("board.kicad_pro"), '{ "theirs": true }\n');
    await chmod(dir.path("board.kicad_pro"), 0o444);
    const written = await writeDraft({ files: draftFiles(dir.dir) }, { force: true });
    expect(rel(written.untouched)).toEqual(["board.kicad_pro"]);
    expect(await readFile(dir.path("board.kicad_pro"), "utf8")).toBe('{ "theirs": true }\n');
    expect((await stat(dir.path("board.kicad_pro"))).mode & 0o777).toBe(0o444);
  });

  it("an intent file beside a sheet not drawn yet is replaced with the draft's", async () => {
    await writeFile(dir.path("board.intent.json"), '{ "old": true }\n');
    const intent = { path: dir.path("board.intent.json"), text: '{ "parts": [] }\n' };
    await writeDraft({ files: draftFiles(dir.dir), intent });
    expect(await readFile(intent.path, "utf8")).toBe(intent.text);
  });

  it("a footprint table with no rows to carry is written as an empty table", async () => {
    await writeDraft({
      files: draftFiles(dir.dir),
      footprintRows: { path: dir.path("fp-lib-table"), rows: [] },
    });
    expect(await readFile(dir.path("fp-lib-table"), "utf8")).toBe(
      "(fp_lib_table\n\t(version 7)\n)\n",
    );
  });
});
