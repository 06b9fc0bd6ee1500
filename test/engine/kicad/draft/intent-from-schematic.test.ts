import { readFile, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc } from "../../../../engine/kicad/cli/erc.js";
import { exportNetlist } from "../../../../engine/kicad/cli/export-netlist.js";
import { draftProject } from "../../../../engine/kicad/draft/draft-project.js";
import { draftSchematic } from "../../../../engine/kicad/draft/draft-schematic.js";
import type { Intent } from "../../../../engine/kicad/draft/intent.js";
import { intentFromSchematic } from "../../../../engine/kicad/draft/intent-from-schematic.js";
import { redraft } from "../../../../engine/kicad/draft/redraft.js";
import { SymbolCatalog } from "../../../../engine/kicad/library/symbol-catalog.js";
import { loadSchematicHierarchy } from "../../../../engine/kicad/schematic/hierarchy.js";
import { parseKicadNetlist } from "../../../../engine/kicad/schematic/kicad-netlist.js";
import { netlist } from "../../../../engine/kicad/schematic/netlist/netlist.js";
import { children, textAt } from "../../../../engine/kicad/sexp/node.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { DEMO_DIR } from "../../../helpers/demo-corpus.js";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

/**
 * A person's name for a net that reads like one of its pins (`U1_TX` on U1's TX) survives a
 * redraft. The drafter drops a lone label that only restates its pin at a stub's dead end — a
 * reader's name made from KiCad's `Net-(U1-TX)` says nothing the wire does not — so the
 * intent a redraft reads carries where each name came from. Each original below is a sheet
 * copperhead drew whose one label a person then renamed; the redraft puts that label at a dead
 * end (the control proves it: the same intent without the mark loses the name) or on a run.
 */
const PCA9600 = {
  version: 1,
  title: "TX pull-up",
  parts: [
    { ref: "U1", libId: "Interface:PCA9600D", value: "PCA9600D", group: "Buffer" },
    { ref: "R1", libId: "Device:R", value: "1k", group: "Buffer" },
    { ref: "R2", libId: "Device:R", value: "1k", group: "Buffer" },
    { ref: "C1", libId: "Device:C", value: "100n", group: "Buffer" },
  ],
  nets: [
    { name: "+3V3", pins: ["U1.8", "C1.1", "R1.2"] },
    { name: "GND", pins: ["U1.4", "C1.2", "R2.2"] },
    { name: "TXD", pins: ["U1.3", "R1.1"] },
    { name: "RXD", pins: ["U1.2", "R2.1"] },
  ],
};

interface Case {
  name: string;
  intent: () => Promise<Intent>;
  /** The label the drafter drew, and what the person renamed it to. */
  drawn: string;
  person: string;
  /**
   * The redraft puts the label at a dead end, where only the mark keeps it. The PCA9600's TX
   * pull-up now hangs far enough out for the name to sit on the run before it, so the name stays
   * there with or without the mark.
   */
  deadEnd: boolean;
}
const CASES: Case[] = [
  {
    name: "pca9600",
    intent: async () => PCA9600 as Intent,
    drawn: "TXD",
    person: "U1_TX",
    deadEnd: false,
  },
  {
    // The breakout's CC2 run renamed after R2's pin number.
    name: "usb-c",
    intent: async () =>
      JSON.parse(
        await readFile(`${REPO_ROOT}/examples/intents/usb-c-breakout.intent.json`, "utf8"),
      ),
    drawn: "CC2",
    person: "R2_1",
    deadEnd: true,
  },
];

let work: TempDir;
let catalog: SymbolCatalog;
const redrafts = new Map<string, Awaited<ReturnType<typeof redraft>>>();
const original = (c: Case) => work.path(c.name, `${c.name}.kicad_sch`);
const redrawn = (c: Case) => work.path(`${c.name}-redraft`, `${c.name}.kicad_sch`);
const labels = (text: string) => children(parseSexp(text), "label").map((l) => textAt(l, 1));

beforeAll(async () => {
  work = await makeTempDir("copperhead-person-names-");
  catalog = SymbolCatalog.fromEnv();
  for (const c of CASES) {
    await writeFile(work.path(`${c.name}.intent.json`), JSON.stringify(await c.intent()));
    const drawn = await draftProject({
      intentPath: work.path(`${c.name}.intent.json`),
      sheetPath: original(c),
      docsDir: work.path("no-docs"),
      catalog,
    });
    if (!drawn.ok) throw new Error(JSON.stringify(drawn.findings));
    const text = await readFile(original(c), "utf8");
    expect(labels(text).filter((l) => l === c.drawn)).toHaveLength(1);
    await writeFile(original(c), text.replace(`(label "${c.drawn}"`, `(label "${c.person}"`));
    redrafts.set(c.name, await redraft({ from: original(c), sheetPath: redrawn(c), catalog }));
  }
}, 240_000);
afterAll(() => work.remove());

const redraftOf = (c: Case) => {
  const r = redrafts.get(c.name);
  if (!r?.result.ok) throw new Error(`${c.name}: ${JSON.stringify(r?.result)}`);
  return r;
};

describe.each(CASES)("a person's pin-like net name ($person) in a redraft", (c) => {
  it("is marked as a person's in the intent, and the redraft's net keeps it", async () => {
    const { intent } = redraftOf(c);
    expect(intent.nets.find((n) => n.name === c.person)?.namedByPerson).toBe(true);
    expect(labels(await readFile(redrawn(c), "utf8"))).toContain(c.person);
    const kicad = parseKicadNetlist(await exportNetlist(redrawn(c)));
    expect(kicad.nets.map((n) => n.name)).toContain(`/${c.person}`);
    expect((await erc(redrawn(c))).violations).toEqual([]);
  }, 60_000);

  it("without the mark: dropped at a dead end, kept on a run (the control)", async () => {
    const { intent } = redraftOf(c);
    // The redraft names the original's vendored library; the installed one holds the same symbols.
    const libIds = new Map((await c.intent()).parts.map((p) => [p.ref, p.libId]));
    const unmarked = {
      ...intent,
      parts: intent.parts.map((p) => ({ ...p, libId: libIds.get(p.ref) ?? p.libId })),
      nets: intent.nets.map(({ namedByPerson: _, ...n }) => n),
    };
    const result = await draftSchematic({
      intent: unmarked,
      sheetPath: work.path("control", `${c.name}.kicad_sch`),
      catalog,
    });
    if (!result.ok) throw new Error(JSON.stringify(result.findings));
    expect(labels(result.files.sheet.text).includes(c.person)).toBe(!c.deadEnd);
  });
});

describe("intentFromSchematic: where a net's name came from", () => {
  it.each([
    "simulation/power_supplies/LM317_power_supply/power_supply.kicad_sch",
    "complex_hierarchy/complex_hierarchy.kicad_sch",
  ])("%s: a labelled or powered net is a person's, a name made from a pin is not", async (demo) => {
    const hierarchy = await loadSchematicHierarchy(`${DEMO_DIR}/${demo}`);
    const nets = netlist(hierarchy);
    const intent = intentFromSchematic(hierarchy, nets);
    const chosen = new Set(
      nets.nets.filter((n) => !n.autoNamed).map((n) => n.name.replace(/^\//, "")),
    );
    const marked = intent.nets.filter((n) => n.namedByPerson);
    const unmarked = intent.nets.filter((n) => !n.namedByPerson);
    // Both kinds occur on each demo, so the mark is not all or nothing.
    expect(marked.length).toBeGreaterThan(0);
    expect(unmarked.length).toBeGreaterThan(0);
    for (const n of marked) expect(chosen).toContain(n.name);
    for (const n of unmarked) {
      expect(n.namedByPerson).toBeUndefined();
      expect(chosen).not.toContain(n.name);
    }
  });
});
