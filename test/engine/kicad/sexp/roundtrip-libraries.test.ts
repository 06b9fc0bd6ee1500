import { describe, expect, it } from "vitest";
import { detectLayout } from "../../../../engine/kicad/sexp/layout.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { writeSexp } from "../../../../engine/kicad/sexp/write.js";
import {
  declaredFormat,
  FOOTPRINTS,
  readText,
  SYMBOLS,
  sampleFiles,
  sexpFiles,
  shortName,
} from "./corpus.js";

/**
 * A deterministic sample of KiCad's libraries (the full libraries run in `npm run bench`).
 * Symbol libraries are saved by KiCad's symbol editor; most footprints by pcbnew, the rest by
 * kicad-footprint-generator, whose layout differs from KiCad's in one way: each `(xy …)` on its
 * own line. Every file must come back byte for byte in the layout read off it, and only files
 * that KiCad did not write may need a non-default layout.
 */
function checkLibrary(files: string[]) {
  const differing: string[] = [];
  const needsLayout = new Map<string, string[]>();
  for (const file of files) {
    const text = readText(file);
    const tree = parseSexp(text, { file });
    const layout = detectLayout(text);
    if (writeSexp(tree, layout) !== text) differing.push(shortName(file));
    if (Object.keys(layout).length > 0) {
      const { generator } = declaredFormat(text);
      needsLayout.set(generator, [...(needsLayout.get(generator) ?? []), shortName(file)]);
    }
  }
  return { differing, needsLayout };
}

describe("round trip over a sample of KiCad's libraries", () => {
  it("symbol libraries: every 10th and the 3 largest, all identical with KiCad's default layout", () => {
    const files = sampleFiles(sexpFiles(SYMBOLS, [".kicad_sym"]));
    expect(files.length).toBeGreaterThanOrEqual(20);
    const { differing, needsLayout } = checkLibrary(files);
    expect(differing).toEqual([]);
    expect([...needsLayout.keys()]).toEqual([]);
  });

  it("footprints: every 10th and the 3 largest, identical; only generator-made ones laid out differently", () => {
    const files = sampleFiles(sexpFiles(FOOTPRINTS, [".kicad_mod"]));
    expect(files.length).toBeGreaterThanOrEqual(1500);
    const { differing, needsLayout } = checkLibrary(files);
    expect(differing).toEqual([]);
    // Points one per line come from kicad-footprint-generator, never from pcbnew.
    expect([...needsLayout.keys()]).toEqual(["kicad-footprint-generator"]);
    expect(needsLayout.get("kicad-footprint-generator")?.length).toBeGreaterThan(100);
  });
});
