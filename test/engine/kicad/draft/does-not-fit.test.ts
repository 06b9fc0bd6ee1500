import { writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syntheticIntent } from "../../../../bench/draft.js";
import { draftProject } from "../../../../engine/kicad/draft/draft-project.js";
import { draftSchematic } from "../../../../engine/kicad/draft/draft-schematic.js";
import { renderIntentFindings } from "../../../../engine/kicad/draft/intent-finding.js";
import type { SymbolCatalog } from "../../../../engine/kicad/library/symbol-catalog.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";
import { treeBytes } from "../../../helpers/tree-bytes.js";
import { smallCatalog } from "./library-fixture.js";

let catalog: SymbolCatalog;
let dir: TempDir;

beforeAll(async () => {
  ({ catalog, dir } = await smallCatalog());
});
afterAll(() => dir.remove());

describe("a design larger than A0", () => {
  it("is a numbered does-not-fit finding with the sizes and the fix, and no files", async () => {
    // Drafted and written the way the CLI does (draftProject), into a folder of its own.
    const into = await makeTempDir();
    const source = await makeTempDir();
    await writeFile(source.path("huge.intent.json"), JSON.stringify(syntheticIntent(1200)));
    const result = await draftProject({
      intentPath: source.path("huge.intent.json"),
      sheetPath: into.path("huge.kicad_sch"),
      docsDir: source.path("docs"),
      catalog,
    }).finally(async () => {
      expect(await treeBytes(into.dir)).toEqual({});
      await into.remove();
      await source.remove();
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.findings.map((f) => f.kind)).toEqual(["does-not-fit"]);
    const detail = result.findings[0]?.detail ?? "";
    const sizes = [...detail.matchAll(/(\d+) x (\d+) mm/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    expect(sizes).toHaveLength(2);
    const [content, usable] = sizes as [[number, number], [number, number]];
    // A0 is 1189 x 841 mm; the usable area is inside it, and the content exceeds it one way.
    expect(usable[0]).toBeLessThan(1189);
    expect(usable[1]).toBeLessThan(841);
    expect(content[0] > usable[0] || content[1] > usable[1]).toBe(true);
    expect(detail).toContain("A0");
    expect(detail).toMatch(/split .*sheets/);
    expect(detail).toContain("reduce the parts");
    expect(renderIntentFindings(result.findings)).toMatch(/^ {2}1\. \[does-not-fit\]/m);
  });

  it("still drafts a board that fits on A0 once its groups' rows are widened", async () => {
    // 800 parts in 80 groups: as first laid out (rows up to 160 mm) no paper holds them.
    const result = await draftSchematic({
      intent: syntheticIntent(800),
      sheetPath: dir.path("big.kicad_sch"),
      catalog,
    });
    expect(result.ok && result.report.paper).toBe("A0");
  });

  it("refuses a pinned paper that is too small and names the paper that would hold it", async () => {
    const intent = { ...syntheticIntent(100), hints: { paper: "A5" } };
    const sheetPath = dir.path("pinned.kicad_sch");
    const result = await draftSchematic({ intent, sheetPath, catalog });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.findings.map((f) => f.kind)).toEqual(["does-not-fit"]);
    const detail = result.findings[0]?.detail ?? "";
    expect(detail).toContain("usable on A5, the paper pinned by hints.paper");
    const suggested = /the smallest paper that holds them is (A\d)/.exec(detail)?.[1];
    expect(["A4", "A3", "A2", "A1", "A0"]).toContain(suggested);
    // The suggestion is real: pinning it drafts.
    const retry = await draftSchematic({
      intent: { ...intent, hints: { paper: suggested } },
      sheetPath,
      catalog,
    });
    expect(retry.ok && retry.report.paper).toBe(suggested);
  });
});
