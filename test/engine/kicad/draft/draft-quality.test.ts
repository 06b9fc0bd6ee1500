import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { draftSchematic } from "../../../../engine/kicad/draft/draft-schematic.js";
import type { SymbolCatalog } from "../../../../engine/kicad/library/symbol-catalog.js";
import { buildSchematicHierarchy } from "../../../../engine/kicad/schematic/hierarchy.js";
import { readSchematic } from "../../../../engine/kicad/schematic/read-schematic.js";
import { scoreSchematic } from "../../../../engine/kicad/score/score-schematic.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";
import type { TempDir } from "../../../helpers/temp-dir.js";
import { smallCatalog } from "./library-fixture.js";

// Issue 4's "a schematic a person would draw": the calibrated good pin attachment is 0.95, and
// at most a quarter of the two-pin parts may be held by labels alone.
const GOOD_ATTACHMENT = 0.95;
const MAX_ISLANDS = 0.25;
const EXAMPLES = ["usb-c-breakout", "mcu-opamp-board", "sensor-hub"];

let catalog: SymbolCatalog;
let libs: TempDir;

beforeAll(async () => {
  ({ catalog, dir: libs } = await smallCatalog());
});
afterAll(async () => {
  await libs.remove();
});

describe.each(EXAMPLES)("the draft of examples/intents/%s, through the real scorer", (name) => {
  it(`wires at least ${GOOD_ATTACHMENT} of its two-pin parts to another part, at most ${MAX_ISLANDS} label-only`, async () => {
    const intent = JSON.parse(
      await readFile(`${REPO_ROOT}/examples/intents/${name}.intent.json`, "utf8"),
    );
    const sheetPath = `/nonexistent/${name}.kicad_sch`;
    const result = await draftSchematic({ intent, sheetPath, catalog });
    if (!result.ok) throw new Error(JSON.stringify(result.findings));
    const text = result.files.sheet.text;
    const hierarchy = await buildSchematicHierarchy(sheetPath, async (path) =>
      path === sheetPath
        ? readSchematic(parseSexp(text, { file: path }), { file: path })
        : undefined,
    );
    const metrics = scoreSchematic(hierarchy).metrics;
    const raw = (metric: string) => {
      const found = metrics.find((m) => m.name === metric);
      if (!found) throw new Error(`the scorer has no ${metric} metric`);
      return found;
    };
    const attachment = raw("pin-attachment");
    const islands = raw("island-parts");
    console.log(
      `${name}: pin-attachment ${attachment.raw.toFixed(2)} (${attachment.detail}); island-parts ${islands.raw.toFixed(2)} (${islands.detail}); ${result.report.paper}, ${result.report.wireCount} wires, ${result.report.labelCount} labels`,
    );
    expect(attachment.raw).toBeGreaterThanOrEqual(GOOD_ATTACHMENT);
    expect(islands.raw).toBeLessThanOrEqual(MAX_ISLANDS);
  });
});
