import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc } from "../../../../engine/kicad/cli/erc.js";
import { exportNetlist } from "../../../../engine/kicad/cli/export-netlist.js";
import {
  type DraftResult,
  draftSchematic,
  writeDraft,
} from "../../../../engine/kicad/draft/draft-schematic.js";
import type { Intent } from "../../../../engine/kicad/draft/intent.js";
import type { SymbolCatalog } from "../../../../engine/kicad/library/symbol-catalog.js";
import { parseKicadNetlist } from "../../../../engine/kicad/schematic/kicad-netlist.js";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";
import { smallCatalog } from "./library-fixture.js";

let catalog: SymbolCatalog;
let libs: TempDir;
let out: TempDir;
let intent: Intent;
let result: DraftResult;

beforeAll(async () => {
  ({ catalog, dir: libs } = await smallCatalog());
  out = await makeTempDir();
  intent = JSON.parse(
    await readFile(`${REPO_ROOT}/examples/intents/usb-c-breakout.intent.json`, "utf8"),
  ) as Intent;
  result = await draftSchematic({
    intent,
    sheetPath: out.path("usb-c-breakout.kicad_sch"),
    catalog,
  });
  if (result.ok) await writeDraft(result.files);
});
afterAll(async () => {
  await libs.remove();
  await out.remove();
});

describe("drafting the USB-C breakout", () => {
  it("drafts", () => {
    if (!result.ok) throw new Error(JSON.stringify(result.findings, null, 2));
    expect(result.report.groups.map((g) => g.name)).toEqual([
      "USB-C input",
      "Protection",
      "5V output",
      "Power-good LED",
    ]);
  });

  it("passes kicad-cli ERC with zero violations of any severity", async () => {
    const report = await erc(out.path("usb-c-breakout.kicad_sch"));
    expect(
      report.violations.map(
        (v) => `${v.severity} ${v.type}: ${v.description} ${JSON.stringify(v)}`,
      ),
    ).toEqual([]);
  });

  it("has the intent's nets under kicad-cli's netlist export", async () => {
    const net = parseKicadNetlist(await exportNetlist(out.path("usb-c-breakout.kicad_sch")));
    const got = net.nets
      .filter((n) => n.nodes.length > 1)
      .map((n) =>
        n.nodes
          .map((x) => `${x.ref}.${x.pin}`)
          .sort()
          .join(" "),
      )
      .sort();
    const want = intent.nets
      .map((n) =>
        n.pins
          .map((p) =>
            p.replace("J1.CC1", "J1.A5").replace("J1.CC2", "J1.B5").replace("D2.A", "D2.2"),
          )
          .sort()
          .join(" "),
      )
      .sort();
    expect(got).toEqual(want);
  });
});
