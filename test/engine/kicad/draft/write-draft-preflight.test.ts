import { execFileSync } from "node:child_process";
import { chmod, mkdir, symlink, writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DraftConflictError, preflightDraft } from "../../../../engine/kicad/draft/write-draft.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";
import { treeBytes } from "../../../helpers/tree-bytes.js";
import { DRAWN, LIBRARY, SHEET } from "./draft-files-fixture.js";

// preflightDraft runs before any drafting (a large design takes minutes to draw), so each
// refusal here is the whole message a person sees first, and must leave the folder untouched.
const FIX =
  "pass --out with a new file name or folder (--force replaces a sheet a person drew, never their libraries or tables)";

let dir: TempDir;
beforeEach(async () => {
  dir = await makeTempDir("copperhead-preflight-");
});
afterEach(() => dir.remove());

/** The refusal preflightDraft throws, and proof that it changed no file. */
async function refusal(
  sheet: string,
  options: Parameters<typeof preflightDraft>[1] = {},
): Promise<DraftConflictError> {
  const before = await treeBytes(dir.dir);
  const error = await preflightDraft(dir.path(sheet), options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DraftConflictError);
  expect(await treeBytes(dir.dir)).toEqual(before);
  return error as DraftConflictError;
}

/** The conflicts with the temp folder cut off, as the person would read them relative to it. */
function relativeConflicts(error: DraftConflictError): string[] {
  return error.conflicts.map((c) => c.replace(`${dir.dir}/`, ""));
}

function library(generator: string | undefined, symbols: string): string {
  const stamp = generator === undefined ? "" : `\t(generator "${generator}")\n`;
  return `(kicad_symbol_lib\n\t(version 20241209)\n${stamp}${symbols})\n`;
}

describe("preflightDraft", () => {
  it("passes an empty folder, and one holding only copperhead's own sheet and library", async () => {
    await expect(preflightDraft(dir.path("board.kicad_sch"))).resolves.toBeUndefined();
    await writeFile(dir.path("board.kicad_sch"), SHEET);
    await writeFile(dir.path("board.kicad_sym"), LIBRARY);
    await writeFile(dir.path("board.intent.json"), "{}\n");
    const before = await treeBytes(dir.dir);
    await expect(
      preflightDraft(dir.path("board.kicad_sch"), { intentPath: dir.path("board.intent.json") }),
    ).resolves.toBeUndefined();
    expect(await treeBytes(dir.dir)).toEqual(before);
  });

  it("refuses a sheet a person drew with the whole message and fix, and passes it with force", async () => {
    await writeFile(dir.path("board.kicad_sch"), DRAWN);
    const error = await refusal("board.kicad_sch");
    expect(error.message).toBe(
      `drafting would replace what copperhead did not write, so nothing was written:\n  1. ${dir.path("board.kicad_sch")}: a schematic a person drew (generator "eeschema", not copperhead's); drafting would replace their drawing`,
    );
    expect(error.fix).toBe(FIX);
    await expect(
      preflightDraft(dir.path("board.kicad_sch"), { force: true }),
    ).resolves.toBeUndefined();
  });

  it('names a sheet without any generator stamp "none"', async () => {
    await writeFile(dir.path("board.kicad_sch"), "(kicad_sch\n\t(version 20250114)\n)\n");
    expect(relativeConflicts(await refusal("board.kicad_sch"))).toEqual([
      `board.kicad_sch: a schematic a person drew (generator "none", not copperhead's); drafting would replace their drawing`,
    ]);
  });

  it("refuses a symbol library copperhead did not write where the sheet's library goes, even with force", async () => {
    const symbols = '\t(symbol "R"\n\t\t(symbol "R_0_1"\n\t\t)\n\t)\n';
    await writeFile(dir.path("board.kicad_sym"), library("kicad_symbol_editor", symbols));
    expect(relativeConflicts(await refusal("board.kicad_sch", { force: true }))).toEqual([
      `board.kicad_sym: a symbol library copperhead did not write (generator "kicad_symbol_editor", 1 symbol); the draft's library of the same name would replace it`,
    ]);
  });

  it("counts a library's symbols, says when it has no generator stamp, and reads the stamp unquoted too", async () => {
    await writeFile(
      dir.path("board.kicad_sym"),
      library(undefined, '\t(symbol "A"\n\t)\n'.repeat(3)),
    );
    expect(relativeConflicts(await refusal("board.kicad_sch"))).toEqual([
      `board.kicad_sym: a symbol library copperhead did not write (no generator stamp, 3 symbols); the draft's library of the same name would replace it`,
    ]);
    // KiCad 6 wrote the generator as a bare atom: still a stamp, still not copperhead's.
    await writeFile(
      dir.path("board.kicad_sym"),
      "(kicad_symbol_lib (version 20211014) (generator kicad_symbol_editor)\n)\n",
    );
    expect(relativeConflicts(await refusal("board.kicad_sch"))).toEqual([
      `board.kicad_sym: a symbol library copperhead did not write (generator "kicad_symbol_editor", 0 symbols); the draft's library of the same name would replace it`,
    ]);
    // Bare and spaced out, copperhead's own stamp is copperhead's.
    await writeFile(
      dir.path("board.kicad_sym"),
      "(kicad_symbol_lib (version 20241209) ( generator  copperhead )\n)\n",
    );
    await expect(preflightDraft(dir.path("board.kicad_sch"))).resolves.toBeUndefined();
  });

  it("reads the generator from the header only: the word deep inside a library is not its stamp", async () => {
    const padding = `\t(symbol "Big"\n${'\t\t(property "Description" "padding padding padding")\n'.repeat(80)}\t)\n`;
    await writeFile(
      dir.path("board.kicad_sym"),
      `(kicad_symbol_lib\n\t(version 20241209)\n${padding}\t(generator "copperhead")\n)\n`,
    );
    expect(relativeConflicts(await refusal("board.kicad_sch"))).toEqual([
      `board.kicad_sym: a symbol library copperhead did not write (no generator stamp, 1 symbol); the draft's library of the same name would replace it`,
    ]);
  });

  it("looks for the library under the sheet's slugged name", async () => {
    // "my board" becomes the library my_board.kicad_sym (vendor-library.ts names it).
    await writeFile(dir.path("my_board.kicad_sym"), library("eeschema", ""));
    expect(relativeConflicts(await refusal("my board.kicad_sch"))).toEqual([
      `my_board.kicad_sym: a symbol library copperhead did not write (generator "eeschema", 0 symbols); the draft's library of the same name would replace it`,
    ]);
    await expect(preflightDraft(dir.path("other board.kicad_sch"))).resolves.toBeUndefined();
  });

  it("refuses a folder, a symbolic link or a FIFO where a file goes, listing every one in plan order", async () => {
    await mkdir(dir.path("board.kicad_sym"));
    await writeFile(dir.path("elsewhere.kicad_sch"), SHEET);
    await symlink(dir.path("elsewhere.kicad_sch"), dir.path("board.kicad_sch"));
    const error = await refusal("board.kicad_sch", { force: true });
    expect(relativeConflicts(error)).toEqual([
      "board.kicad_sym: a folder stands where the draft's file goes",
      "board.kicad_sch: a symbolic link; replacing it would cut the link (name its target instead)",
    ]);
    expect(error.message).toBe(
      `drafting would replace what copperhead did not write, so nothing was written:\n  1. ${dir.path("board.kicad_sym")}: a folder stands where the draft's file goes\n  2. ${dir.path("board.kicad_sch")}: a symbolic link; replacing it would cut the link (name its target instead)`,
    );
  });

  it("refuses something that is not a regular file (a FIFO) in the sheet's place", async () => {
    execFileSync("mkfifo", [dir.path("board.kicad_sch")]);
    expect(relativeConflicts(await refusal("board.kicad_sch", { force: true }))).toEqual([
      "board.kicad_sch: not a regular file",
    ]);
  });

  it("refuses an intent file beside a person's sheet, not beside its own, and not with force", async () => {
    await writeFile(dir.path("board.kicad_sch"), DRAWN);
    await writeFile(dir.path("board.intent.json"), '{ "mine": true }\n');
    const intentPath = dir.path("board.intent.json");
    expect(relativeConflicts(await refusal("board.kicad_sch", { intentPath }))).toEqual([
      "board.intent.json: an intent file beside a sheet copperhead did not draw; it would be replaced",
      `board.kicad_sch: a schematic a person drew (generator "eeschema", not copperhead's); drafting would replace their drawing`,
    ]);
    // Forced, the sheet is to be replaced, and the intent with it.
    await expect(
      preflightDraft(dir.path("board.kicad_sch"), { intentPath, force: true }),
    ).resolves.toBeUndefined();
    // Without an intent path the intent file is none of the draft's business.
    expect(relativeConflicts(await refusal("board.kicad_sch"))).toHaveLength(1);
  });

  it("refuses an intent file beside a link in the sheet's place: a link is not copperhead's sheet", async () => {
    await writeFile(dir.path("elsewhere.kicad_sch"), SHEET);
    await symlink(dir.path("elsewhere.kicad_sch"), dir.path("board.kicad_sch"));
    await writeFile(dir.path("board.intent.json"), "{}\n");
    const error = await refusal("board.kicad_sch", { intentPath: dir.path("board.intent.json") });
    expect(relativeConflicts(error)).toEqual([
      "board.intent.json: an intent file beside a sheet copperhead did not draw; it would be replaced",
      "board.kicad_sch: a symbolic link; replacing it would cut the link (name its target instead)",
    ]);
  });

  it("passes an intent file beside a sheet not drawn yet: the draft writes both", async () => {
    await writeFile(dir.path("board.intent.json"), '{ "mine": true }\n');
    await expect(
      preflightDraft(dir.path("board.kicad_sch"), { intentPath: dir.path("board.intent.json") }),
    ).resolves.toBeUndefined();
  });

  it("passes read-only files of its own: the draft may come out identical, and writeDraft checks again", async () => {
    await writeFile(dir.path("board.kicad_sch"), SHEET);
    await writeFile(dir.path("board.kicad_sym"), LIBRARY);
    await chmod(dir.path("board.kicad_sch"), 0o444);
    await chmod(dir.path("board.kicad_sym"), 0o444);
    await expect(preflightDraft(dir.path("board.kicad_sch"))).resolves.toBeUndefined();
  });

  it("turns a path it cannot inspect into a file error naming it", async () => {
    await writeFile(dir.path("blocker"), "a file");
    const error = await preflightDraft(dir.path("blocker/board.kicad_sch")).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      code: "ENOTDIR",
      path: dir.path("blocker/board.kicad_sch"),
      message: `a part of ${dir.path("blocker/board.kicad_sch")} is a file where a folder is expected`,
    });
  });
});
