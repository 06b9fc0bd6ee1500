import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc } from "../../../../engine/kicad/cli/erc.js";
import { exportNetlist } from "../../../../engine/kicad/cli/export-netlist.js";
import { draftSchematic } from "../../../../engine/kicad/draft/draft-schematic.js";
import { validateIntent } from "../../../../engine/kicad/draft/validate-intent.js";
import { writeDraft } from "../../../../engine/kicad/draft/write-draft.js";
import { checkLegibility } from "../../../../engine/kicad/legibility/check-legibility.js";
import { legibilityConfigSchema } from "../../../../engine/kicad/legibility/config.js";
import type { SymbolCatalog } from "../../../../engine/kicad/library/symbol-catalog.js";
import { loadSchematicHierarchy } from "../../../../engine/kicad/schematic/hierarchy.js";
import { parseKicadNetlist } from "../../../../engine/kicad/schematic/kicad-netlist.js";
import { netlist } from "../../../../engine/kicad/schematic/netlist/netlist.js";
import { child, children, textAt } from "../../../../engine/kicad/sexp/node.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";
import { smallCatalog } from "./library-fixture.js";

// The USB-C breakout has its own, more detailed test (draft-usb-c.test.ts).
const EXAMPLES = ["mcu-opamp-board", "sensor-hub"];
/** Every finding each draft carries today, by kind (all advisory; see the test below). */
const KNOWN_ADVISORIES: Record<string, Record<string, number>> = {
  // On A3 since a pin's lane is only as long as its port needs (it was A2, 1 cross-group wire
  // and low utilization, with J4's ground symbol 400 mm out).
  "mcu-opamp-board": {},
  "sensor-hub": {},
};

let catalog: SymbolCatalog;
let libs: TempDir;
let out: TempDir;

beforeAll(async () => {
  ({ catalog, dir: libs } = await smallCatalog());
  out = await makeTempDir();
});
afterAll(async () => {
  await libs.remove();
  await out.remove();
});

describe.each(EXAMPLES)("drafting examples/intents/%s", (name) => {
  const sheet = () => out.path(`${name}.kicad_sch`);
  let wanted: string[];

  beforeAll(async () => {
    const intent = JSON.parse(
      await readFile(`${REPO_ROOT}/examples/intents/${name}.intent.json`, "utf8"),
    );
    const validated = await validateIntent(intent, { resolve: (id) => catalog.resolve(id) });
    if (!validated.ok) throw new Error(JSON.stringify(validated.findings));
    wanted = validated.resolved.nets
      .map((n) =>
        n.endpoints
          .map((e) => `${e.ref}.${e.pin.number}`)
          .sort()
          .join(" "),
      )
      .sort();
    const result = await draftSchematic({ intent, sheetPath: sheet(), catalog });
    if (!result.ok) throw new Error(JSON.stringify(result.findings));
    await writeDraft({ files: result.files });
  });

  it("passes kicad-cli ERC with zero violations of any severity", async () => {
    const report = await erc(sheet());
    expect(
      report.violations.map((v) => `${v.severity} ${v.type}: ${JSON.stringify(v.items)}`),
    ).toEqual([]);
  });

  it("has the intent's nets under kicad-cli's export and our netlister", async () => {
    const kicad = parseKicadNetlist(await exportNetlist(sheet()));
    const fromKicad = kicad.nets
      .filter((n) => n.nodes.length > 1)
      .map((n) =>
        n.nodes
          .map((x) => `${x.ref}.${x.pin}`)
          .sort()
          .join(" "),
      );
    expect(fromKicad.sort()).toEqual(wanted);
    const ours = netlist(await loadSchematicHierarchy(sheet()));
    const fromOurs = ours.nets
      .filter((n) => n.nodes.length > 1)
      .map((n) =>
        n.nodes
          .map((x) => `${x.ref}.${x.pin}`)
          .sort()
          .join(" "),
      );
    expect(fromOurs.sort()).toEqual(wanted);
  });

  it("has no error findings, and exactly the advisories the drafter is known to leave", async () => {
    const report = checkLegibility(await loadSchematicHierarchy(sheet()), {
      config: legibilityConfigSchema.parse(undefined),
    });
    expect(report.findings.filter((f) => f.severity === "error").map((f) => f.detail)).toEqual([]);
    // The reviewer's families the drafter does not yet avoid (issue 21 part 3) are advisory
    // for now; pinned here so that a drafter change that adds one shows, and one that removes
    // one updates this table.
    const tally: Record<string, number> = {};
    for (const f of report.findings) tally[f.kind] = (tally[f.kind] ?? 0) + 1;
    expect(tally).toEqual(KNOWN_ADVISORIES[name]);
  });

  it("places multi-unit parts unit by unit, never fused", async () => {
    const tree = parseSexp(await readFile(sheet(), "utf8"));
    const units = new Map<string, number[]>();
    for (const s of children(tree, "symbol")) {
      if (!textAt(child(s, "lib_id"), 1)?.endsWith(":LM358")) continue;
      const ref = textAt(child(s, "property"), 2) ?? "";
      units.set(ref, [...(units.get(ref) ?? []), Number(textAt(child(s, "unit"), 1))].sort());
    }
    expect(units.size).toBeGreaterThan(0);
    for (const found of units.values()) expect(found).toEqual([1, 2, 3]);
  });
});
