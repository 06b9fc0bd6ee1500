import { cp, rm, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { UnsafeDesignError } from "../../../../engine/kicad/paths/unsafe-design-error.js";
import {
  annotationOf,
  buildSchematicHierarchy,
  loadSchematicHierarchy,
} from "../../../../engine/kicad/schematic/hierarchy.js";
import { MissingSheetError } from "../../../../engine/kicad/schematic/missing-sheet-error.js";
import { readSchematic } from "../../../../engine/kicad/schematic/read-schematic.js";
import { SchematicError } from "../../../../engine/kicad/schematic/schematic-error.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { SexpParseError } from "../../../../engine/kicad/sexp/parse-error.js";
import { DEMO_DIR } from "../../../helpers/demo-corpus.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

describe("a reused sub-sheet (complex_hierarchy)", () => {
  test("two instances of one file, each with its own path and references", async () => {
    const h = await loadSchematicHierarchy(
      `${DEMO_DIR}/complex_hierarchy/complex_hierarchy.kicad_sch`,
    );
    expect(h.project).toBe("complex_hierarchy");
    expect(h.instances.map((i) => [i.path, i.name, i.page])).toEqual([
      ["/", "", "1"],
      ["/ampli_ht_vertical/", "ampli_ht_vertical", "2"],
      ["/ampli_ht_horizontal/", "ampli_ht_horizontal", "3"],
    ]);
    const [root, vertical, horizontal] = h.instances as [
      typeof h.root,
      typeof h.root,
      typeof h.root,
    ];
    expect(root.uuidPath).toBe(`/${root.schematic.uuid}`);
    expect(vertical.uuidPath).toBe(`${root.uuidPath}/00000000-0000-0000-0000-00004b3a1333`);
    expect(vertical.parent).toBe(root);
    expect(vertical.schematic).toBe(horizontal.schematic);
    expect(h.files.size).toBe(2);
    const rv = vertical.schematic.symbols.find(
      (s) => s.uuid === "00000000-0000-0000-0000-00004b3a1357",
    )!;
    expect(annotationOf(h, vertical, rv)).toEqual({ reference: "RV201", unit: 1, annotated: true });
    expect(annotationOf(h, horizontal, rv)).toEqual({
      reference: "RV301",
      unit: 1,
      annotated: true,
    });
  });
});

describe("loading errors name what is wrong", () => {
  let dir: TempDir;
  beforeAll(async () => {
    dir = await makeTempDir("copperhead-hier-");
  });
  afterAll(() => dir?.remove());

  test("a missing sub-sheet file names the sheet and the path", async () => {
    await cp(`${DEMO_DIR}/pic_programmer`, dir.path("pic"), { recursive: true });
    await rm(dir.path("pic", "pic_sockets.kicad_sch"));
    const load = loadSchematicHierarchy(dir.path("pic", "pic_programmer.kicad_sch"));
    await expect(load).rejects.toThrow(MissingSheetError);
    await expect(load).rejects.toMatchObject({
      sheetName: "pic_sockets",
      missingPath: dir.path("pic", "pic_sockets.kicad_sch"),
    });
    await expect(load).rejects.toThrow(/sheet "pic_sockets" .* points to "pic_sockets.kicad_sch"/);
  });

  test("a missing root", async () => {
    await expect(loadSchematicHierarchy(dir.path("nope.kicad_sch"))).rejects.toThrow(
      SchematicError,
    );
  });

  test("a sheet that contains itself", async () => {
    const path = dir.path("loop.kicad_sch");
    await writeFile(
      path,
      `(kicad_sch (version 20250114) (uuid "d2b3c1a0-0000-4000-8000-000000000009")
        (sheet (at 10 10) (size 10 10) (uuid "d2b3c1a0-0000-4000-8000-00000000000a")
          (property "Sheetname" "again" (at 10 10 0)) (property "Sheetfile" "loop.kicad_sch" (at 10 10 0))))`,
    );
    await expect(loadSchematicHierarchy(path)).rejects.toThrow(/one of its own parents/);
  });

  test("sheets resolve relative to the parent file's folder, from any reader", async () => {
    const files: Record<string, string> = {
      "/p/root.kicad_sch": `(kicad_sch (version 20250114) (uuid "d2b3c1a0-0000-4000-8000-000000000001")
        (sheet (at 0 0) (size 1 1) (uuid "d2b3c1a0-0000-4000-8000-000000000002")
          (property "Sheetname" "a" (at 0 0 0)) (property "Sheetfile" "sub/a.kicad_sch" (at 0 0 0))))`,
      "/p/sub/a.kicad_sch": `(kicad_sch (version 20250114)
        (sheet (at 0 0) (size 1 1) (uuid "d2b3c1a0-0000-4000-8000-000000000003")
          (property "Sheetname" "b" (at 0 0 0)) (property "Sheetfile" "b.kicad_sch" (at 0 0 0))))`,
      "/p/sub/b.kicad_sch": "(kicad_sch (version 20250114))",
    };
    const h = await buildSchematicHierarchy("/p/root.kicad_sch", async (path) => {
      const text = files[path];
      return text === undefined ? undefined : readSchematic(parseSexp(text));
    });
    expect(h.instances.map((i) => [i.path, i.file])).toEqual([
      ["/", "/p/root.kicad_sch"],
      ["/a/", "/p/sub/a.kicad_sch"],
      ["/a/b/", "/p/sub/b.kicad_sch"],
    ]);
    expect(h.instances[2]?.uuidPath).toBe(
      "/d2b3c1a0-0000-4000-8000-000000000001/d2b3c1a0-0000-4000-8000-000000000002/d2b3c1a0-0000-4000-8000-000000000003",
    );
  });
});

describe("sheet files are untrusted: resolved inside the repository before they are read", () => {
  let dir: TempDir;
  beforeAll(async () => {
    dir = await makeTempDir();
  });
  afterAll(() => dir.remove());

  const sheetPlacing = (name: string, ...files: string[]) =>
    `(kicad_sch (version 20250114) (generator "test") (uuid "00000000-0000-4000-8000-000000000001")\n  (sheet (at 10 10) (size 20 20) (uuid "00000000-0000-4000-8000-000000000002")\n    (property "Sheetname" "${name}" (at 10 9 0))\n${files.map((f) => `    (property "Sheetfile" "${f}" (at 10 31 0))\n`).join("")}  ))\n`;

  test("refuses every escaping Sheetfile, names them all, and reads none", async () => {
    await writeFile(
      dir.path("escape.kicad_sch"),
      `${sheetPlacing("Out", "../../../../../../../../../etc/passwd")}`,
    );
    await writeFile(dir.path("env.kicad_sch"), sheetPlacing("Env", "/proc/self/environ"));
    await writeFile(
      dir.path("both.kicad_sch"),
      `(kicad_sch (version 20250114) (generator "test")\n  (sheet (at 0 0) (size 1 1) (property "Sheetname" "A" (at 0 0 0)) (property "Sheetfile" "escape.kicad_sch" (at 0 0 0)))\n  (sheet (at 5 5) (size 1 1) (property "Sheetname" "B" (at 0 0 0)) (property "Sheetfile" "env.kicad_sch" (at 0 0 0))))\n`,
    );
    const failure = await loadSchematicHierarchy(dir.path("both.kicad_sch")).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(UnsafeDesignError);
    const findings = (failure as UnsafeDesignError).findings;
    expect(findings.map((f) => [f.kind, f.file, f.field, f.path]).sort()).toEqual([
      ["path-outside-repo", "env.kicad_sch", 'Sheetfile of sheet "Env"', "/proc/self/environ"],
      [
        "path-outside-repo",
        "escape.kicad_sch",
        'Sheetfile of sheet "Out"',
        "../../../../../../../../../etc/passwd",
      ],
    ]);
    expect((failure as Error).message).not.toMatch(/root:x|[A-Z_]+=.*PATH/);
  });

  test("checks every Sheetfile value, whatever its case, and follows the last (as KiCad)", async () => {
    await writeFile(
      dir.path("child.kicad_sch"),
      '(kicad_sch (version 20250114) (generator "test"))\n',
    );
    await writeFile(
      dir.path("twice.kicad_sch"),
      sheetPlacing("T", "/etc/passwd", "child.kicad_sch").replace(
        '"Sheetfile" "/etc',
        '"SHEETFILE" "/etc',
      ),
    );
    const failure = await loadSchematicHierarchy(dir.path("twice.kicad_sch")).catch(
      (e: unknown) => e,
    );
    expect((failure as UnsafeDesignError).findings.map((f) => f.path)).toEqual(["/etc/passwd"]);
    await writeFile(
      dir.path("ok.kicad_sch"),
      sheetPlacing("T", "child.kicad_sch").replace('"Sheetfile"', '"sheet FILE"'),
    );
    const h = await loadSchematicHierarchy(dir.path("ok.kicad_sch"));
    expect(h.instances.map((i) => i.file)).toEqual([
      dir.path("ok.kicad_sch"),
      dir.path("child.kicad_sch"),
    ]);
  });

  test("a sub-sheet's parse error names the reference that led to it, not its content", async () => {
    await writeFile(dir.path("bad.kicad_sch"), "A=topsecretvalue\n");
    await writeFile(dir.path("top.kicad_sch"), sheetPlacing("Power", "bad.kicad_sch"));
    const failure = await loadSchematicHierarchy(dir.path("top.kicad_sch")).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(SexpParseError);
    const message = (failure as Error).message;
    expect(message).toContain(
      'bad.kicad_sch:1:1 (reached through Sheetfile of sheet "Power" in top.kicad_sch): found other text',
    );
    expect(message).not.toContain("topsecret");
    // The sheet a person names is still quoted, bounded and printable.
    const named = await loadSchematicHierarchy(dir.path("bad.kicad_sch")).catch((e: unknown) => e);
    expect((named as Error).message).toContain('found "A=topsecretv…"');
  });
});
