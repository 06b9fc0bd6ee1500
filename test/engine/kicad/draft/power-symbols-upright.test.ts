import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { draftSchematic } from "../../../../engine/kicad/draft/draft-schematic.js";
import { validateIntent } from "../../../../engine/kicad/draft/validate-intent.js";
import type { SymbolCatalog } from "../../../../engine/kicad/library/symbol-catalog.js";
import { child, children, numberAt, textAt } from "../../../../engine/kicad/sexp/node.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";
import type { TempDir } from "../../../helpers/temp-dir.js";
import { smallCatalog } from "./library-fixture.js";

const EXAMPLES = ["usb-c-breakout", "mcu-opamp-board", "sensor-hub"];

// Where a power symbol's graphic points at each rotation: KiCad's rail symbols are drawn
// pointing up from their pin, its ground symbols pointing down.
const RAIL = { 0: "up", 90: "left", 180: "down", 270: "right" } as Record<number, string>;
const GROUND = { 0: "down", 90: "right", 180: "up", 270: "left" } as Record<number, string>;

let catalog: SymbolCatalog;
let libs: TempDir;

beforeAll(async () => {
  ({ catalog, dir: libs } = await smallCatalog());
});
afterAll(async () => {
  await libs.remove();
});

describe.each(EXAMPLES)("power symbols in the draft of examples/intents/%s", (name) => {
  it("never point a ground up or a rail down", async () => {
    const intent = JSON.parse(
      await readFile(`${REPO_ROOT}/examples/intents/${name}.intent.json`, "utf8"),
    );
    const validated = await validateIntent(intent, { resolve: (id) => catalog.resolve(id) });
    if (!validated.ok) throw new Error(JSON.stringify(validated.findings));
    const kind = new Map(validated.resolved.nets.map((n) => [n.net.name, n.class.class]));
    const result = await draftSchematic({
      intent,
      sheetPath: `/nonexistent/${name}.kicad_sch`,
      catalog,
    });
    if (!result.ok) throw new Error(JSON.stringify(result.findings));
    const tree = parseSexp(result.files.sheet.text);
    const wrong: string[] = [];
    let upright = 0;
    let total = 0;
    for (const s of children(tree, "symbol")) {
      const props = new Map(
        children(s, "property").map((p) => [textAt(p, 1) ?? "", textAt(p, 2) ?? ""]),
      );
      if (!props.get("Reference")?.startsWith("#PWR")) continue;
      const net = props.get("Value") ?? "";
      const cls = kind.get(net);
      expect(cls, `power symbol ${net} names an intent power or ground net`).toMatch(
        /^(power|ground)$/,
      );
      const rotation = numberAt(child(s, "at"), 3) ?? 0;
      const points = (cls === "ground" ? GROUND : RAIL)[rotation];
      total++;
      if (points === (cls === "ground" ? "down" : "up")) upright++;
      if (points === (cls === "ground" ? "up" : "down"))
        wrong.push(`${props.get("Reference")} ${net} points ${points}`);
    }
    expect(total).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
    // Sideways only on a side pin of a multi-pin part (neighbours 2.54 mm away leave no room to
    // stand it up) or a stub facing the wrong way; hung parts' ends stand upright: most do.
    expect(upright / total).toBeGreaterThan(0.5);
  });
});
