import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { editFileTool } from "../../../../engine/agent/tools/edit-file.js";
import { readFileTool } from "../../../../engine/agent/tools/read-file.js";
import { searchTool } from "../../../../engine/agent/tools/search.js";
import { writeFileTool } from "../../../../engine/agent/tools/write-file.js";
import { treeBytes } from "../../../helpers/tree-bytes.js";
import { tempRepo } from "./temp-repo.js";

let made: Awaited<ReturnType<typeof tempRepo>>;
const lines = Array.from({ length: 2500 }, (_, i) => `row ${i + 1}`).join("\n");

beforeEach(async () => {
  made = await tempRepo({
    "docs/BOM.md": "| Ref | Value |\n|---|---|\n| R1 | 330 |\n| R2 | 330 |\n",
    "docs/long.txt": `${lines}\n`,
    "firmware/main.c": "int main(void) { return 0; }\n",
    "node_modules/pkg/index.js": "| 330\n",
    ".git/HEAD": "ref: | 330\n",
    "bin/blob.bin": "| 330\0binary",
  });
});
afterEach(() => made.done());

describe("read_file", () => {
  it("returns numbered lines, a range, and a continuation note past the line cap", async () => {
    const whole = await readFileTool.run({ path: "docs/BOM.md" }, made.context);
    expect(whole.ok).toBe(true);
    expect(whole.detail).toBe("1: | Ref | Value |\n2: |---|---|\n3: | R1 | 330 |\n4: | R2 | 330 |");
    const range = await readFileTool.run(
      { path: "docs/BOM.md", start_line: "3", end_line: 3 },
      made.context,
    );
    expect(range.detail).toBe("3: | R1 | 330 |");
    const long = await readFileTool.run({ path: "docs/long.txt" }, made.context);
    expect(long.detail).toMatch(/^1: row 1\n/);
    expect(long.detail).toContain(
      "2000: row 2000\n… docs/long.txt continues (2500 lines); call read_file with start_line 2001",
    );
  });

  it("refuses missing files, ranges past the end, binaries and .git", async () => {
    const before = await treeBytes(made.repo);
    expect((await readFileTool.run({ path: "docs/NOPE.md" }, made.context)).errorKind).toBe(
      "not-found",
    );
    expect(
      (await readFileTool.run({ path: "docs/BOM.md", start_line: 9 }, made.context)).errorKind,
    ).toBe("invalid-arguments");
    expect((await readFileTool.run({ path: "bin/blob.bin" }, made.context)).errorKind).toBe(
      "refused",
    );
    expect((await readFileTool.run({ path: ".git/HEAD" }, made.context)).errorKind).toBe("refused");
    expect(
      (await readFileTool.run({ path: "docs/BOM.md", start_line: 3, end_line: 1 }, made.context))
        .errorKind,
    ).toBe("invalid-arguments");
    // Refused: every file it could have touched is byte-identical, and none was made.
    expect(await treeBytes(made.repo)).toEqual(before);
  });
});

describe("search", () => {
  it("finds literal text with file:line, skipping .git, node_modules and binaries", async () => {
    const result = await searchTool.run({ pattern: "| 330" }, made.context);
    expect(result.detail).toBe("docs/BOM.md:3: | R1 | 330 |\ndocs/BOM.md:4: | R2 | 330 |");
  });

  it("treats the pattern literally unless regex is set, and reports bad regexes", async () => {
    expect((await searchTool.run({ pattern: "R.", path: "docs" }, made.context)).detail).toMatch(
      /^no matches/,
    );
    expect(
      (await searchTool.run({ pattern: "R[12] \\|", regex: true }, made.context)).summary,
    ).toContain("2 match");
    expect((await searchTool.run({ pattern: "(", regex: true }, made.context)).errorKind).toBe(
      "invalid-arguments",
    );
  });

  it("stops at the match cap and says so; refuses paths outside", async () => {
    const result = await searchTool.run({ pattern: "row" }, made.context);
    expect(result.detail?.split("\n").filter((l) => l.startsWith("docs/long.txt:"))).toHaveLength(
      200,
    );
    expect(result.detail).toContain("stopped at 200 matches");
    expect((await searchTool.run({ pattern: "x", path: "../" }, made.context)).errorKind).toBe(
      "refused",
    );
  });
});

describe("edit_file", () => {
  it("replaces a unique occurrence atomically, keeping the mode, and reports the mutation", async () => {
    const result = await editFileTool.run(
      { path: "firmware/main.c", old: "return 0;", new: "return 1;" },
      made.context,
    );
    expect(result.ok).toBe(true);
    expect(result.facts).toEqual({ mutated: { kind: "other", path: "firmware/main.c" } });
    expect(await readFile(join(made.repo, "firmware/main.c"), "utf8")).toBe(
      "int main(void) { return 1; }\n",
    );
    const doc = await editFileTool.run(
      { path: "docs/BOM.md", old: "| R1 | 330 |", new: "| R1 | 470 |" },
      made.context,
    );
    expect(doc.facts).toEqual({ mutated: { kind: "doc", path: "docs/BOM.md" } });
    expect(doc.summary).toBe("edited docs/BOM.md:3");
  });

  it("refuses an ambiguous anchor naming the count and the lines, changing nothing", async () => {
    const before = await treeBytes(made.repo);
    const result = await editFileTool.run(
      { path: "docs/BOM.md", old: "330", new: "470" },
      made.context,
    );
    expect(result.errorKind).toBe("conflict");
    expect(result.detail).toContain("occurs 2 times in docs/BOM.md (lines 3, 4)");
    expect(await readFile(join(made.repo, "docs/BOM.md"), "utf8")).toContain(
      "| R1 | 330 |\n| R2 | 330 |",
    );
    // Refused: every file it could have touched is byte-identical, and none was made.
    expect(await treeBytes(made.repo)).toEqual(before);
  });

  it("refuses a missing anchor, pointing at the line its first line occurs on", async () => {
    const before = await treeBytes(made.repo);
    const result = await editFileTool.run(
      { path: "docs/BOM.md", old: "| R2 | 330 |\n| R3 | 1k |", new: "x" },
      made.context,
    );
    expect(result.errorKind).toBe("not-found");
    expect(result.detail).toContain("occurs 0 times");
    expect(result.detail).toContain("line(s) 4");
    // Refused: every file it could have touched is byte-identical, and none was made.
    expect(await treeBytes(made.repo)).toEqual(before);
  });

  it("refuses U+FFFD in the new text, files that do not exist, and workflow files", async () => {
    const before = await treeBytes(made.repo);
    expect(
      (
        await editFileTool.run(
          { path: "docs/BOM.md", old: "| R1 | 330 |", new: "330 \uFFFD" },
          made.context,
        )
      ).errorKind,
    ).toBe("invalid-arguments");
    expect(
      (await editFileTool.run({ path: "docs/NEW.md", old: "a", new: "b" }, made.context)).errorKind,
    ).toBe("not-found");
    expect(
      (
        await editFileTool.run(
          { path: ".github/workflows/ci.yml", old: "a", new: "b" },
          made.context,
        )
      ).errorKind,
    ).toBe("refused");
    // Refused: every file it could have touched is byte-identical, and none was made.
    expect(await treeBytes(made.repo)).toEqual(before);
  });
});

describe("write_file", () => {
  it("creates a new file under new folders and reports the mutation", async () => {
    const result = await writeFileTool.run(
      { path: "docs/notes/POWER.md", content: "# Power\n" },
      made.context,
    );
    expect(result.ok).toBe(true);
    expect(result.facts).toEqual({ mutated: { kind: "other", path: "docs/notes/POWER.md" } });
    expect(await readFile(join(made.repo, "docs/notes/POWER.md"), "utf8")).toBe("# Power\n");
  });

  it("refuses existing files, KiCad files, workflow files, .git and internals", async () => {
    await writeFile(join(made.repo, "keep.txt"), "mine");
    const before = await treeBytes(made.repo);
    const existing = await writeFileTool.run({ path: "keep.txt", content: "theirs" }, made.context);
    expect(existing.errorKind).toBe("conflict");
    expect(await readFile(join(made.repo, "keep.txt"), "utf8")).toBe("mine");
    for (const ext of [".kicad_sch", ".kicad_pcb", ".kicad_sym", ".kicad_mod", ".kicad_pro"]) {
      const result = await writeFileTool.run(
        { path: `hardware/new${ext}`, content: "(x)" },
        made.context,
      );
      expect(result.errorKind).toBe("refused");
      expect(await stat(join(made.repo, `hardware/new${ext}`)).catch(() => "absent")).toBe(
        "absent",
      );
    }
    for (const path of [
      ".github/workflows/evil.yml",
      ".git/hooks/pre-commit",
      ".copperhead/events.jsonl",
    ]) {
      expect((await writeFileTool.run({ path, content: "x" }, made.context)).errorKind).toBe(
        "refused",
      );
    }
    expect(
      (await writeFileTool.run({ path: "a.md", content: "\uFFFD" }, made.context)).errorKind,
    ).toBe("invalid-arguments");
    // Refused: every file it could have touched is byte-identical, and none was made.
    expect(await treeBytes(made.repo)).toEqual(before);
    expect(await stat(join(made.repo, ".git/hooks/pre-commit")).catch(() => "absent")).toBe(
      "absent",
    );
  });

  it("refuses content carrying an environment secret or a token shape", async () => {
    const before = await treeBytes(made.repo);
    const context = {
      ...made.context,
      env: { ...process.env, VENDOR_API_KEY: "s3cr3t-value-123456" },
    };
    const planted = await writeFileTool.run(
      { path: "notes.md", content: "key: s3cr3t-value-123456\n" },
      context,
    );
    expect(planted.errorKind).toBe("refused");
    expect(planted.detail).not.toContain("s3cr3t-value-123456");
    const token = await editFileTool.run(
      { path: "firmware/main.c", old: "return 0;", new: `return 0; // ghp_${"a".repeat(30)}` },
      context,
    );
    expect(token.errorKind).toBe("refused");
    expect(await stat(join(made.repo, "notes.md")).catch(() => "absent")).toBe("absent");
    // Refused: every file it could have touched is byte-identical, and none was made.
    expect(await treeBytes(made.repo)).toEqual(before);
  });

  it("answers malformed arguments with invalid-arguments instead of throwing", async () => {
    const result = await writeFileTool.run({ path: 3 } as never, made.context);
    expect(result.errorKind).toBe("invalid-arguments");
    expect(result.detail).toContain("path");
  });
});
