import { readFile, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc } from "../../../../engine/kicad/cli/erc.js";
import { exportNetlist } from "../../../../engine/kicad/cli/export-netlist.js";
import { draftProject } from "../../../../engine/kicad/draft/draft-project.js";
import type { Intent } from "../../../../engine/kicad/draft/intent.js";
import { redraft } from "../../../../engine/kicad/draft/redraft.js";
import { SymbolCatalog } from "../../../../engine/kicad/library/symbol-catalog.js";
import { TRUSTED_DIRS_VARIABLE } from "../../../../engine/kicad/paths/trust-scope.js";
import { loadSchematicHierarchy } from "../../../../engine/kicad/schematic/hierarchy.js";
import {
  type KicadNetlist,
  parseKicadNetlist,
} from "../../../../engine/kicad/schematic/kicad-netlist.js";
import { netlist } from "../../../../engine/kicad/schematic/netlist/netlist.js";
import { DEMO_DIR } from "../../../helpers/demo-corpus.js";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";
import { cachedNetlist } from "../../../helpers/kicad-cache.js";
import { connectivity } from "../../../helpers/netlist-connectivity.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

/**
 * `redraft` of a hierarchical original keeps it hierarchical: its sheets come back as sheets, a
 * sub-sheet placed N times as one shared sheet placed N times, and the nets that cross sheets
 * keep their names. Proven on KiCad's subsheets demo and on a hierarchy copperhead drew itself
 * (the sensor hub, one channel sheet placed eight times); the repeated-sheet demos whose shared
 * sheet needs more than A3 (complex_hierarchy's amplifier placed twice, multichannel's channel
 * strip placed four times) come back with that sheet cut into pieces of A4/A3, each piece placed
 * once per copy, and so do the demos whose sheets placed once need more than A3.
 */
const SUBSHEETS = "simulation/subsheets/mainsheet.kicad_sch";
const CUT = [
  "complex_hierarchy/complex_hierarchy.kicad_sch",
  "multichannel/multichannel_mixer.kicad_sch",
  // Sheets placed once: pic_programmer's Main (A0 as one sheet) and pic_sockets, and
  // flat_hierarchy's pic_programmer sheet, each cut into A4/A3 pieces.
  "pic_programmer/pic_programmer.kicad_sch",
  "flat_hierarchy/flat_hierarchy.kicad_sch",
];
/**
 * The ERC warnings a redraft carries from its original, by kind: multichannel's footprint
 * libraries it does not ship and symbols unlike the installed ones (its original has both,
 * 32 and 9), and a connector whose pins are typed bidirectional on rails that get a PWR_FLAG.
 * Its one-sheet redraft had all three kinds too (103, 21 and 3).
 */
const CARRIED: Record<string, string[]> = {
  "multichannel/multichannel_mixer.kicad_sch": [
    "footprint_link_issues",
    "lib_symbol_mismatch",
    "pin_to_pin",
  ],
  // One footprint library the original's own ERC misses too.
  "pic_programmer/pic_programmer.kicad_sch": ["footprint_link_issues"],
  "flat_hierarchy/flat_hierarchy.kicad_sch": ["footprint_link_issues"],
};
const env = { ...process.env, [TRUSTED_DIRS_VARIABLE]: DEMO_DIR };

let work: TempDir;
let catalog: SymbolCatalog;
const hubOriginal = () => work.path("hub", "hub.kicad_sch");
const hubRedraft = () => work.path("hub-redraft", "hub.kicad_sch");
const subRedraft = () => work.path("subsheets", "mainsheet.kicad_sch");
let hub: Awaited<ReturnType<typeof redraft>>;
let sub: Awaited<ReturnType<typeof redraft>>;

/** KiCad's net name as the intent spells it: no root "/" and `/` unescaped. */
const plain = (name: string) => name.replaceAll("{slash}", "/").replace(/^\//, "");

beforeAll(async () => {
  work = await makeTempDir("copperhead-redraft-hierarchy-");
  catalog = SymbolCatalog.fromEnv();
  const intent = JSON.parse(
    await readFile(`${REPO_ROOT}/examples/intents/sensor-hub.intent.json`, "utf8"),
  ) as Intent;
  intent.hints = { ...intent.hints, sheets: [{ name: "Power", groups: ["Power input"] }] };
  await writeFile(work.path("hub.intent.json"), JSON.stringify(intent));
  const drawn = await draftProject({
    intentPath: work.path("hub.intent.json"),
    sheetPath: hubOriginal(),
    docsDir: work.path("no-docs"),
    catalog,
  });
  if (!drawn.ok) throw new Error(JSON.stringify(drawn.findings));
  [hub, sub] = await Promise.all([
    redraft({ from: hubOriginal(), sheetPath: hubRedraft(), catalog }),
    redraft({ from: `${DEMO_DIR}/${SUBSHEETS}`, sheetPath: subRedraft(), catalog }),
  ]);
}, 240_000);
afterAll(() => work.remove());

describe("redraft of a hierarchical design", () => {
  it("records every original sheet and the repeated one as instances of its first placement", () => {
    expect(hub.intent.hints?.sheets?.map((s) => s.name).sort()).toEqual([
      "Channel 1",
      "Outputs",
      "Power",
      "Supervisor MCU",
    ]);
    const instances = [...(hub.intent.hints?.instances ?? [])];
    expect(instances.sort((a, b) => a.group.localeCompare(b.group))).toEqual(
      [2, 3, 4, 5, 6, 7, 8].map((n) => ({ group: `Channel ${n}`, of: "Channel 1" })),
    );
    expect(sub.intent.hints?.sheets).toEqual([
      { name: "Main", groups: ["Main"] },
      { name: "subsheet1", groups: ["subsheet1"] },
      { name: "subsheet2", groups: ["subsheet2"] },
    ]);
    expect(sub.intent.hints?.instances).toBeUndefined();
  });

  it("draws the shared sheet once and places it eight times, every sheet on A4 or A3", async () => {
    if (!hub.result.ok) throw new Error(JSON.stringify(hub.result.findings));
    const hierarchy = await loadSchematicHierarchy(hubRedraft());
    expect(hierarchy.instances).toHaveLength(12);
    const channels = hierarchy.instances.filter((i) => i.name.startsWith("Channel "));
    expect(channels).toHaveLength(8);
    expect(new Set(channels.map((c) => c.file)).size).toBe(1);
    for (const s of hierarchy.files.values()) expect(["A5", "A4", "A3"]).toContain(s.paper.name);
    expect(hub.legibility?.sheets).toBe(12);
    expect(hub.score?.sheets).toBe(12);
  });

  it.each([
    ["the sensor hub", hubOriginal, hubRedraft],
    ["KiCad's subsheets demo", () => `${DEMO_DIR}/${SUBSHEETS}`, subRedraft],
  ] as const)(
    "%s: ERC-clean, kicad-cli's netlist == ours == the original's",
    async (_, from, to) => {
      const result = to === hubRedraft ? hub : sub;
      if (!result.result.ok) throw new Error(JSON.stringify(result.result.findings));
      const refs = new Set(result.intent.parts.map((p) => p.ref));
      const [report, theirs, original, drawn] = await Promise.all([
        erc(to(), { env }),
        exportNetlist(to(), { env }),
        from === hubOriginal ? exportNetlist(from(), { env }) : cachedNetlist(from()),
        loadSchematicHierarchy(to()),
      ]);
      expect(report.violations.map((v) => `${v.severity} ${v.type}: ${v.description}`)).toEqual([]);
      const want = connectivity(parseKicadNetlist(original), refs);
      expect(want.length).toBeGreaterThan(3);
      const kicad = connectivity(parseKicadNetlist(theirs), refs);
      expect(kicad).toEqual(want);
      const ours = netlist(drawn).nets.map((n) => ({ nodes: n.nodes }));
      expect(connectivity({ components: [], nets: ours } as unknown as KicadNetlist, refs)).toEqual(
        want,
      );
    },
    120_000,
  );

  it("keeps the names of the nets that cross sheets", async () => {
    for (const [result, sheet] of [
      [hub, hubRedraft],
      [sub, subRedraft],
    ] as const) {
      const groupOf = new Map(result.intent.parts.map((p) => [p.ref, p.group]));
      const crossing = result.intent.nets.filter(
        (n) =>
          !n.name.startsWith("Net-(") &&
          new Set(n.pins.map((p) => groupOf.get(p.split(".")[0] ?? ""))).size > 1,
      );
      expect(crossing.length).toBeGreaterThan(0);
      const drawn = parseKicadNetlist(await exportNetlist(sheet(), { env }));
      const names = new Set(drawn.nets.map((n) => plain(n.name)));
      for (const net of crossing) expect(names).toContain(net.name);
    }
  }, 120_000);

  it.each(CUT)(
    "%s: its sheet past A3 is cut into pieces (a shared one's placed once per copy); ERC-clean, kicad-cli's netlist == ours == the original's",
    async (demo) => {
      const dir = work.path("cut", demo.split("/")[0] ?? "x");
      const { intent, result, written } = await redraft({
        from: `${DEMO_DIR}/${demo}`,
        sheetPath: `${dir}/redraft.kicad_sch`,
        catalog,
      });
      if (!result.ok) throw new Error(JSON.stringify(result.findings));
      expect(result.report.notes.some((n) => n.startsWith("drawn on one sheet"))).toBe(false);
      const cut = result.report.notes.filter((n) => /needs A[0-2] on one sheet: cut along/.test(n));
      expect(cut.length).toBeGreaterThanOrEqual(1);
      expect(written?.written).toContain(`${dir}/redraft.kicad_sch`);
      const hierarchy = await loadSchematicHierarchy(`${dir}/redraft.kicad_sch`);
      for (const s of hierarchy.files.values()) expect(["A5", "A4", "A3"]).toContain(s.paper.name);
      // Every piece of the shared sheet is one file placed once per copy of the original sheet.
      const pieces = hierarchy.instances.filter((i) => / \(\d+ of \d+\)$/.test(i.name));
      const files = new Set(pieces.map((p) => p.file));
      expect(files.size).toBeGreaterThanOrEqual(2);
      const shared = demo.startsWith("complex") || demo.startsWith("multichannel");
      if (shared) {
        const copies = pieces.length / files.size;
        expect(copies).toBeGreaterThanOrEqual(2);
        for (const f of files) expect(pieces.filter((p) => p.file === f)).toHaveLength(copies);
      } else expect(pieces).toHaveLength(files.size);
      // Pages follow the root's reading order (rows top to bottom, each left to right).
      const placed = [...hierarchy.root.schematic.sheets]
        .sort((a, b) => a.at.y - b.at.y || a.at.x - b.at.x)
        .map((x) => x.name);
      const paged = hierarchy.instances
        .filter((i) => i.name !== "")
        .sort((a, b) => Number(a.page) - Number(b.page))
        .map((i) => i.name);
      expect(paged).toEqual(placed);
      const refs = new Set(intent.parts.map((p) => p.ref));
      const [report, theirs, original] = await Promise.all([
        erc(`${dir}/redraft.kicad_sch`, { env }),
        exportNetlist(`${dir}/redraft.kicad_sch`, { env }),
        cachedNetlist(`${DEMO_DIR}/${demo}`),
      ]);
      const carried = new Set(CARRIED[demo] ?? []);
      expect(
        report.violations
          .filter((v) => v.severity !== "warning" || !carried.has(v.type))
          .map((v) => `${v.severity} ${v.type}: ${v.description}`),
      ).toEqual([]);
      const want = connectivity(parseKicadNetlist(original), refs);
      expect(want.length).toBeGreaterThan(3);
      expect(connectivity(parseKicadNetlist(theirs), refs)).toEqual(want);
      const ours = netlist(hierarchy).nets.map((n) => ({ nodes: n.nodes }));
      expect(connectivity({ components: [], nets: ours } as unknown as KicadNetlist, refs)).toEqual(
        want,
      );
    },
    120_000,
  );
});
