import { mkdir, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc } from "../../../../engine/kicad/cli/erc.js";
import { exportNetlist } from "../../../../engine/kicad/cli/export-netlist.js";
import { draftSchematic } from "../../../../engine/kicad/draft/draft-schematic.js";
import { writeDraft } from "../../../../engine/kicad/draft/write-draft.js";
import { SymbolCatalog } from "../../../../engine/kicad/library/symbol-catalog.js";
import { parseKicadNetlist } from "../../../../engine/kicad/schematic/kicad-netlist.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";
import { bufferIntent, HIDDEN_POWER_LIBRARY } from "./hidden-power-library.js";

let dir: TempDir;
let catalog: SymbolCatalog;
beforeAll(async () => {
  dir = await makeTempDir("copperhead-hidden-draft-");
  await writeFile(dir.path("Legacy.kicad_sym"), HIDDEN_POWER_LIBRARY);
  catalog = new SymbolCatalog([dir.dir, ...SymbolCatalog.fromEnv().dirs]);
});
afterAll(() => dir.remove());

describe("a part with hidden power inputs left out of the intent", () => {
  it("drafts ERC-clean with nothing drawn at them, joined by name to VCC and GND", async () => {
    const sheet = dir.path("out", "buffer.kicad_sch");
    const result = await draftSchematic({
      intent: bufferIntent(),
      sheetPath: sheet,
      catalog,
    });
    if (!result.ok) throw new Error(JSON.stringify(result.findings));
    expect(result.report.joinedPins).toEqual([
      { pin: "U1.3", net: "VCC", why: "hidden-power" },
      { pin: "U1.4", net: "GND", why: "hidden-power" },
    ]);
    // Nothing is drawn at a hidden pin: no wire ends on it, no marker sits on it.
    expect(result.report.openPins).toEqual([]);
    expect(result.report.noConnects).toBe(0);
    await mkdir(dir.path("out"), { recursive: true });
    await writeDraft({ files: result.files });
    const report = await erc(sheet);
    expect(report.violations.map((v) => `${v.severity} ${v.type}: ${v.description}`)).toEqual([]);
    const nets = parseKicadNetlist(await exportNetlist(sheet)).nets;
    const of = (pin: string) =>
      nets
        .find((n) => n.nodes.some((x) => `${x.ref}.${x.pin}` === pin))
        ?.nodes.map((x) => `${x.ref}.${x.pin}`)
        .sort();
    expect(of("U1.3")).toEqual(["J1.3", "J1.4", "U1.3"]);
    expect(of("U1.4")).toEqual(["U1.4"]);
  });
});
