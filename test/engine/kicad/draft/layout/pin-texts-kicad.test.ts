import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderSvg } from "../../../../../engine/kicad/cli/render-svg.js";
import { draftSchematic } from "../../../../../engine/kicad/draft/draft-schematic.js";
import type { Intent } from "../../../../../engine/kicad/draft/intent.js";
import { pinTextBoxes } from "../../../../../engine/kicad/draft/layout/pin-texts.js";
import { writeDraft } from "../../../../../engine/kicad/draft/write-draft.js";
import { SymbolCatalog } from "../../../../../engine/kicad/library/symbol-catalog.js";
import { readSchematic } from "../../../../../engine/kicad/schematic/read-schematic.js";
import { parseSexp } from "../../../../../engine/kicad/sexp/parse.js";
import { readSvgStrokedText } from "../../../../../engine/kicad/text/calibrate/svg-strokes.js";
import { REPO_ROOT } from "../../../../helpers/fixture-project.js";
import { makeTempDir, type TempDir } from "../../../../helpers/temp-dir.js";

/**
 * The pin texts the drafter keeps clear of, against where kicad-cli really inks them: every
 * visible pin name and number of the parts in three drafts, found in kicad-cli's SVG inside the
 * predicted box, and the box no more than a little larger than the ink.
 */
const DRAFTS = {
  ne555: `${REPO_ROOT}/test/fixtures/draft/ne555-astable.intent.json`,
  stm32: `${REPO_ROOT}/test/fixtures/draft/regressions/MCU_ST_STM32F0_STM32F030F4Px.breakout.json`,
  attiny: `${REPO_ROOT}/test/fixtures/draft/regressions/MCU_Microchip_ATtiny_ATtiny167-M.breakout.json`,
};
/** How much larger than the ink a predicted box may be on any side (mm). */
const LOOSE = 0.8;

let dir: TempDir;
const catalog = SymbolCatalog.fromEnv();
beforeAll(async () => {
  dir = await makeTempDir("copperhead-pin-texts-");
});
afterAll(() => dir.remove());

describe.each(Object.entries(DRAFTS))("pin names and numbers in the %s draft", (name, file) => {
  it("lie where kicad-cli inks them", async () => {
    const json = JSON.parse(await readFile(file, "utf8"));
    const intent: Intent = json.intent ?? json;
    const sheetPath = dir.path(name, `${name}.kicad_sch`);
    const result = await draftSchematic({ intent, sheetPath, catalog });
    if (!result.ok) throw new Error(JSON.stringify(result.findings));
    const { mkdir } = await import("node:fs/promises");
    await mkdir(dir.path(name), { recursive: true });
    await writeDraft({ files: result.files });
    const [svg] = await renderSvg(sheetPath, dir.path(name, "svg"));
    const inked = readSvgStrokedText(await readFile(svg as string, "utf8"));
    const sheet = readSchematic(parseSexp(result.files.sheet.text));
    let checked = 0;
    const misses: string[] = [];
    for (const placed of sheet.symbols) {
      const part = intent.parts.find((p) => p.ref === placed.reference);
      if (!part) continue;
      const found = await catalog.resolve(part.libId);
      if (!found.ok) throw new Error(found.message);
      for (const { pin, text, box } of pinTextBoxes(found.symbol, placed.unit, placed.rotation)) {
        const b = {
          minX: box.minX + placed.at.x,
          minY: box.minY + placed.at.y,
          maxX: box.maxX + placed.at.x,
          maxY: box.maxY + placed.at.y,
        };
        const ink = inked
          .filter((t) => t.text === text && t.centerLines)
          .map((t) => {
            const c = t.centerLines as NonNullable<typeof t.centerLines>;
            const h = t.pen / 2;
            return { minX: c.minX - h, minY: c.minY - h, maxX: c.maxX + h, maxY: c.maxY + h };
          })
          .find(
            (i) => i.minX >= b.minX && i.maxX <= b.maxX && i.minY >= b.minY && i.maxY <= b.maxY,
          );
        checked++;
        if (!ink) {
          misses.push(`${placed.reference}.${pin} "${text}" not inked inside ${JSON.stringify(b)}`);
          continue;
        }
        const slack = Math.max(
          ink.minX - b.minX,
          b.maxX - ink.maxX,
          ink.minY - b.minY,
          b.maxY - ink.maxY,
        );
        if (slack > LOOSE)
          misses.push(`${placed.reference}.${pin} "${text}" box ${slack} mm loose`);
      }
    }
    expect(misses).toEqual([]);
    expect(checked).toBeGreaterThan(10);
  });
});
