import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderSvg } from "../../../../engine/kicad/cli/render-svg.js";
import type { Rect } from "../../../../engine/kicad/geometry/rect.js";
import { sheetLayouts } from "../../../../engine/kicad/legibility/layout-from-schematic.js";
import { loadSchematicHierarchy } from "../../../../engine/kicad/schematic/hierarchy.js";
import { cachedKicad } from "../../../helpers/kicad-cache.js";
import { fixturePath } from "./helpers/check-fixture.js";
import { inkTexts } from "./helpers/svg-ink.js";

/** kicad-cli's SVG of a committed fixture's root page (cached for the run). */
function renderedSvg(path: string): Promise<string> {
  return cachedKicad("sch export svg (root page)", path, async () => {
    const dir = await mkdtemp(join(tmpdir(), "legibility-svg-"));
    try {
      const [file] = await renderSvg(path, join(dir, "page.svg"));
      return readFile(file!, "utf8");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}

/** How far each side of `ours` is from the ink KiCad drew (positive: ours is larger). */
function sideErrors(ours: Rect, ink: Rect): number[] {
  return [ink.minX - ours.minX, ink.minY - ours.minY, ours.maxX - ink.maxX, ours.maxY - ink.maxY];
}

describe("text boxes as the checker sees them", () => {
  // Every field of rotated and mirrored symbols, every label kind, shape and angle, free text in
  // every justification: the checker's boxes must hug what kicad-cli actually draws.
  it.each(["text-placement", "hier-root"])("match kicad-cli's ink on %s", async (name) => {
    const path = fixturePath(name);
    const [layout] = sheetLayouts(await loadSchematicHierarchy(path));
    const ink = inkTexts(await renderedSvg(path));
    const byText = new Map<string, Rect[]>();
    for (const t of ink) byText.set(t.text, [...(byText.get(t.text) ?? []), t.whole]);
    const ours = [
      ...layout!.symbols.flatMap((s) => s.fields.map((f) => ({ text: f.text, box: f.box }))),
      ...layout!.sheetBlocks.flatMap((b) => b.fields.map((f) => ({ text: f.text, box: f.box }))),
      ...layout!.texts.map((t) => ({ text: t.text.replace(/\n/g, "\\n"), box: t.box })),
      ...layout!.labels.map((l) => ({ text: l.name, box: l.box })),
    ];
    const compared: string[] = [];
    const worst: Array<{ text: string; errors: number[] }> = [];
    for (const o of ours) {
      const drawn = byText.get(o.text);
      if (drawn?.length !== 1) continue;
      compared.push(o.text);
      const errors = sideErrors(o.box, drawn[0]!);
      if (errors.some((e) => Math.abs(e) > 0.3)) worst.push({ text: o.text, errors });
    }
    expect(worst).toEqual([]);
    expect(compared.length, compared.join(", ")).toBeGreaterThanOrEqual(
      name === "text-placement" ? 80 : 4,
    );
  });
});
