import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LibRow } from "../../../../engine/kicad/draft/lib-table.js";
import { DraftConflictError, writeDraft } from "../../../../engine/kicad/draft/write-draft.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";
import { treeBytes } from "../../../helpers/tree-bytes.js";
import { draftFiles, TABLE } from "./draft-files-fixture.js";

// The library tables a draft writes: the sheet's sym-lib-table, and for a redraft (--from) the
// fp-lib-table carrying the original project's footprint libraries the parts use.
const ROWS: LibRow[] = [
  { name: "Pads", type: "KiCad", uri: `\${KIPRJMOD}/pads.pretty`, options: "", descr: "" },
  { name: "Mine", type: "KiCad", uri: "/libs/mine.pretty", options: "", descr: "theirs" },
];

let dir: TempDir;
beforeEach(async () => {
  dir = await makeTempDir("copperhead-write-tables-");
});
afterEach(() => dir.remove());

const footprintRows = (rows: LibRow[] = ROWS) => ({ path: dir.path("fp-lib-table"), rows });

async function refusedWith(output: Parameters<typeof writeDraft>[0]): Promise<string[]> {
  const before = await treeBytes(dir.dir);
  const error = await writeDraft(output, { force: true }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DraftConflictError);
  expect(await treeBytes(dir.dir)).toEqual(before);
  return (error as DraftConflictError).conflicts.map((c) => c.replace(`${dir.dir}/`, ""));
}

describe("writeDraft's footprint table (redraft)", () => {
  it("writes a new fp-lib-table holding the carried rows, in KiCad 9's layout, after the symbol table", async () => {
    const written = await writeDraft({
      files: draftFiles(dir.dir),
      footprintRows: footprintRows(),
    });
    expect(written.written.map((p) => p.slice(dir.dir.length + 1))).toEqual([
      "board.kicad_sym",
      "sym-lib-table",
      "fp-lib-table",
      "board.kicad_pro",
      "board.kicad_sch",
    ]);
    expect(await readFile(dir.path("fp-lib-table"), "utf8")).toBe(
      [
        "(fp_lib_table",
        "\t(version 7)",
        "\t(lib",
        '\t\t(name "Pads")',
        '\t\t(type "KiCad")',
        `\t\t(uri "\${KIPRJMOD}/pads.pretty")`,
        '\t\t(options "")',
        '\t\t(descr "")',
        "\t)",
        "\t(lib",
        '\t\t(name "Mine")',
        '\t\t(type "KiCad")',
        '\t\t(uri "/libs/mine.pretty")',
        '\t\t(options "")',
        '\t\t(descr "theirs")',
        "\t)",
        ")",
        "",
      ].join("\n"),
    );
  });

  it("adds the missing rows to a person's fp-lib-table, keeps theirs, and leaves a complete one alone", async () => {
    const theirs = `(fp_lib_table\n  (version 7)\n  (lib (name "Pads")(type "KiCad")(uri "\${KIPRJMOD}/pads.pretty")(options "")(descr "kept"))\n)\n`;
    await writeFile(dir.path("fp-lib-table"), theirs);
    await writeDraft({ files: draftFiles(dir.dir), footprintRows: footprintRows() });
    const merged = await readFile(dir.path("fp-lib-table"), "utf8");
    expect(merged).toBe(
      `${theirs.slice(0, theirs.lastIndexOf(")"))}  (lib (name "Mine")(type "KiCad")(uri "/libs/mine.pretty")(options "")(descr "theirs"))\n)\n`,
    );
    const again = await writeDraft({ files: draftFiles(dir.dir), footprintRows: footprintRows() });
    expect(again.written).toEqual([]);
    expect(again.untouched).toEqual([
      dir.path("board.kicad_sym"),
      dir.path("sym-lib-table"),
      dir.path("fp-lib-table"),
      dir.path("board.kicad_pro"),
      dir.path("board.kicad_sch"),
    ]);
    expect(await readFile(dir.path("fp-lib-table"), "utf8")).toBe(merged);
  });

  it("refuses, even forced, a footprint row of the same name pointing elsewhere", async () => {
    await writeFile(
      dir.path("fp-lib-table"),
      '(fp_lib_table\n  (version 7)\n  (lib (name "Pads")(type "KiCad")(uri "/other/pads.pretty")(options "")(descr ""))\n)\n',
    );
    expect(
      await refusedWith({ files: draftFiles(dir.dir), footprintRows: footprintRows() }),
    ).toEqual([
      `fp-lib-table: the library table cannot take the draft's rows: its row "Pads" points at /other/pads.pretty, and the draft needs "Pads" to be \${KIPRJMOD}/pads.pretty`,
    ]);
  });

  it("refuses a symbol table where the footprint table goes, and a folder in a table's place", async () => {
    await writeFile(dir.path("fp-lib-table"), "(sym_lib_table\n  (version 7)\n)\n");
    await mkdir(dir.path("sym-lib-table"));
    expect(
      await refusedWith({ files: draftFiles(dir.dir), footprintRows: footprintRows() }),
    ).toEqual([
      "sym-lib-table: a folder stands where the draft's file goes",
      "fp-lib-table: the library table cannot take the draft's rows: it is a (sym_lib_table) file, not a (fp_lib_table) table",
    ]);
  });

  it("writes no footprint table for a draft that carries none", async () => {
    const written = await writeDraft({ files: draftFiles(dir.dir) });
    expect(written.written).not.toContain(dir.path("fp-lib-table"));
    await expect(readFile(join(dir.dir, "fp-lib-table"))).rejects.toMatchObject({
      code: "ENOENT",
    });
  });
});

describe("writeDraft's symbol table", () => {
  it("writes the draft's own table text when there is none, byte for byte", async () => {
    await writeDraft({ files: draftFiles(dir.dir) });
    expect(await readFile(dir.path("sym-lib-table"), "utf8")).toBe(TABLE);
  });

  it("refuses a table that does not parse, naming why", async () => {
    await writeFile(dir.path("sym-lib-table"), "(sym_lib_table\n  (version 7)\n");
    const conflicts = await refusedWith({ files: draftFiles(dir.dir) });
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatch(
      /^sym-lib-table: the library table cannot take the draft's rows: it does not parse \(/,
    );
  });
});
