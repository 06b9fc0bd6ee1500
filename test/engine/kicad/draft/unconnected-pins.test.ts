import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { draftSchematic } from "../../../../engine/kicad/draft/draft-schematic.js";
import type { Intent } from "../../../../engine/kicad/draft/intent.js";
import { validateIntent } from "../../../../engine/kicad/draft/validate-intent.js";
import { writeDraft } from "../../../../engine/kicad/draft/write-draft.js";
import type { SymbolCatalog } from "../../../../engine/kicad/library/symbol-catalog.js";
import { loadSchematicHierarchy } from "../../../../engine/kicad/schematic/hierarchy.js";
import { netlist } from "../../../../engine/kicad/schematic/netlist/netlist.js";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";
import { smallCatalog } from "./library-fixture.js";

let catalog: SymbolCatalog;
let dir: TempDir;
let mcu: Intent;

beforeAll(async () => {
  ({ catalog, dir } = await smallCatalog());
  mcu = JSON.parse(
    await readFile(`${REPO_ROOT}/examples/intents/mcu-opamp-board.intent.json`, "utf8"),
  ) as Intent;
});
afterAll(() => dir.remove());

/** The MCU example with one pin taken out of the net that holds it. */
function without(net: string, pin: string, edit: (i: Intent) => void = () => {}): Intent {
  const copy = structuredClone(mcu);
  const n = copy.nets.find((x) => x.name === net);
  if (!n?.pins.includes(pin)) throw new Error(`fixture: ${pin} is not on ${net}`);
  n.pins = n.pins.filter((p) => p !== pin);
  edit(copy);
  return copy;
}

const validate = (intent: Intent) =>
  validateIntent(intent, { resolve: (id) => catalog.resolve(id) });

describe("pins left out of every net", () => {
  it("a power input is an unconnected-power-pin finding naming REF.PIN, its name and the fix", async () => {
    // U2 is an ATtiny85: VCC is pin 8, electrical type power_in; U3 (LM358) V+ is pin 8 too.
    const result = await validate(
      without("+3V3", "U2.VCC", (i) => {
        const rail = i.nets.find((n) => n.name === "+3V3");
        if (rail) rail.pins = rail.pins.filter((p) => p !== "U3.8");
      }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.findings.map((f) => f.kind)).toEqual([
      "unconnected-power-pin",
      "unconnected-power-pin",
    ]);
    const [u2, u3] = result.findings;
    expect(u2?.detail).toContain("U2.8 (VCC)");
    expect(u2?.detail).toContain('"noConnect"');
    expect(u2?.detail).toMatch(/add it to .*net/);
    expect(u2?.path).toBe(`parts[${mcu.parts.findIndex((p) => p.ref === "U2")}]`);
    expect(u3?.detail).toContain("U3.8 (V+)");
  });

  it("a power input declared in noConnect is accepted", async () => {
    const result = await validate(without("+3V3", "U2.VCC", (i) => (i.noConnect = ["U2.VCC"])));
    expect(result.ok).toBe(true);
  });

  it("another unmentioned pin is still marked no-connect and listed in the report", async () => {
    // Its own folder: the written draft vendors a library beside the sheet.
    const sheetDir = await makeTempDir();
    onTestFinished(() => sheetDir.remove());
    const result = await draftSchematic({
      intent: without("MISO", "J2.1"),
      sheetPath: sheetDir.path("open-pin.kicad_sch"),
      catalog,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.report.openPins).toContain("J2.1");
    expect(result.report.openPins.every((p) => !p.startsWith("U2."))).toBe(true);
    // The marker itself: a no_connect on the drawn sheet exactly at J2 pin 1's connection point.
    await writeDraft({ files: result.files });
    const hierarchy = await loadSchematicHierarchy(result.files.sheet.path);
    const node = netlist(hierarchy)
      .nets.flatMap((n) => n.nodes)
      .find((n) => n.ref === "J2" && n.pin === "1");
    expect(node, "J2.1 is drawn").toBeDefined();
    const sheet = hierarchy.files.get(result.files.sheet.path);
    const markers = sheet?.noConnects.map((nc) => `${nc.at.x},${nc.at.y}`) ?? [];
    expect(markers).toHaveLength(result.report.noConnects);
    expect(markers).toContain(`${node?.at.x},${node?.at.y}`);
  });
});
