import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  captionVocabulary,
  loadCaptionVocabulary,
  markdownHeadings,
  matchingHeading,
} from "../../../../engine/kicad/legibility/caption-vocabulary.js";

describe("caption vocabulary", () => {
  it("takes level 2–6 headings, without markup, outside code fences", () => {
    const md =
      "# Title\n\n## Power *supply*\ntext\n```\n## not a heading\n```\n### `MCU` ###\n####### too deep\n";
    expect(markdownHeadings(md)).toEqual(["Power supply", "MCU"]);
  });

  it("matches captions by case-folded equality or containment", () => {
    const result = captionVocabulary({ subsystems: "## Power supply\n## USB-C\n" });
    expect("vocabulary" in result).toBe(true);
    if (!("vocabulary" in result)) return;
    expect(matchingHeading("POWER", result.vocabulary)).toBe("Power supply");
    expect(matchingHeading("USB-C input", result.vocabulary)).toBe("USB-C");
    expect(matchingHeading("Sensors", result.vocabulary)).toBeUndefined();
  });

  it("says why there is no vocabulary", () => {
    expect(captionVocabulary({})).toEqual({
      skipReason: "docs/SUBSYSTEMS.md and docs/BOM.md are absent",
    });
    expect(captionVocabulary({ bom: "no headings here" })).toEqual({
      skipReason: "no parseable level 2–6 headings in docs/SUBSYSTEMS.md or docs/BOM.md",
    });
  });

  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("reads whichever of the two documents exist", async () => {
    dir = await mkdtemp(join(tmpdir(), "vocab-"));
    await writeFile(join(dir, "BOM.md"), "## Passives\n");
    expect(await loadCaptionVocabulary(dir)).toEqual({ vocabulary: { headings: ["Passives"] } });
  });
});
